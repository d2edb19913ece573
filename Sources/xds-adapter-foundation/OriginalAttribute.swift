// Sources/xds-adapter-foundation/OriginalAttribute.swift - The original class's attribute reading and writing

import Foundation
import TaggedJSON

#if canImport(Glibc)
    import CAttr  // <sys/xattr.h>: the original's own two system calls, not XAttr's retrying reader
    import Glibc
#endif

/// `XDSDocumentSourceAttribute`'s `readDocumentSourceAttributeAtURL:` and `writeToURL:`, statement by statement,
/// on swift-corelibs-foundation (whose `PropertyListSerialization` is CoreFoundation's parsers and writer, and
/// whose `NSURL` is CFURL), with the Linux attribute name.
enum OriginalAttribute {
    /// `x-document-source` on Darwin; Linux keeps user attributes in the `user.` namespace.
    static let name = "user.x-document-source"

    /// Exit status for the original's nil (no attribute, a size that changed, not a dictionary): a rejection.
    static let nilAttribute: Int32 = 1
    /// Exit status where the original raises an Objective-C exception (the dictionary literal with a nil field).
    static let raises: Int32 = 3

    /// `readDocumentSourceAttributeAtURL:`: the fields kept, as a JSON object, on stdout.
    static func read(path: String) -> Int32 {
        // ssize_t size = getxattr(path, attributeName, NULL, 0, 0, 0); if (size == -1) return nil;
        let size = getxattr(path, name, nil, 0)
        guard size >= 0 else {
            writeError("original: getxattr: \(String(cString: strerror(errno))): nil\n")
            return nilAttribute
        }
        // NSMutableData *data = [NSMutableData dataWithLength:size]; size2 = getxattr(..., size, ...)
        var data = [UInt8](repeating: 0, count: size)
        let size2 = data.withUnsafeMutableBytes { getxattr(path, name, $0.baseAddress, size) }
        // if (size2 == size) { ... } else attribute stays nil
        guard size2 == size else {
            writeError("original: the value changed size between the two getxattr calls (\(size) then \(size2)): nil\n")
            return nilAttribute
        }
        // propertyListWithData:options:NSPropertyListImmutable format:nil error:nil — any format CoreFoundation reads.
        var format = PropertyListSerialization.PropertyListFormat.binary
        guard
            let object = try? PropertyListSerialization.propertyList(from: Data(data), options: [], format: &format)
        else {
            writeError("original: NSPropertyListSerialization returns nil: nil\n")
            return nilAttribute
        }
        // if (dict != nil && [dict isKindOfClass:[NSDictionary class]])
        guard let dictionary = object as? [AnyHashable: Any] else {
            writeError("original: the property list is a \(type(of: object)), not a dictionary: nil\n")
            return nilAttribute
        }
        if format != .binary { writeError("original: read a property list in format \(describe(format))\n") }
        var kept: [String: String] = [:]
        // Each field only when [value isKindOfClass:[NSString class]]; others are dropped, the rest kept.
        for key in ["identifier", "name", "path"] {
            if let text = dictionary[AnyHashable(key)] as? String { kept[key] = text }
        }
        // attribute.appInfoURL = [NSURL URLWithString:appInfoURL]: nil where CFURL refuses the string.
        if let text = dictionary[AnyHashable("appInfoURL")] as? String {
            if let url = NSURL(string: text) {
                kept["appInfoURL"] = url.absoluteString
            } else {
                writeError("original: [NSURL URLWithString:] is nil for the appInfoURL; the field is dropped\n")
            }
        }
        guard let json = try? JSONSerialization.data(withJSONObject: kept, options: [.sortedKeys]) else {
            writeError("original: the fields cannot be printed as JSON\n")
            return 70
        }
        writeOut([UInt8](json) + [10])
        return 0
    }

    /// `writeToURL:`: the four fields from a field object on stdin.
    static func write(path: String, fieldsJSON: [UInt8]) -> Int32 {
        // The adapter's part, not the original's: the one field-object reader every adapter shares refuses an
        // extra, repeated or non-string key (exit 1). A missing key is left to the original's own code, which
        // gets nil for that property and raises below.
        let fields: [String: String]
        do {
            fields = try FieldObject.read(fieldsJSON, requiring: [])
        } catch {
            writeError("write-attribute: \(error)\n")
            return 1
        }
        // The caller makes the NSURL the way the convention's README does: [NSURL URLWithString:].
        let appInfoURL = fields["appInfoURL"].flatMap { NSURL(string: $0) }
        // NSDictionary *plist = @{ ... @"appInfoURL": self.appInfoURL.absoluteString }: a nil value raises
        // NSInvalidArgumentException ("attempt to insert nil object").
        let values: [(String, String?)] = [
            ("identifier", fields["identifier"]), ("name", fields["name"]),
            ("path", fields["path"]), ("appInfoURL", appInfoURL?.absoluteString),
        ]
        var plist: [String: String] = [:]
        for (key, value) in values {
            guard let value else {
                writeError("original raises: the dictionary literal is given nil for '\(key)'\n")
                return raises
            }
            plist[key] = value
        }
        // dataWithPropertyList:format:NSPropertyListBinaryFormat_v1_0 options:0 error:NULL — CoreFoundation's writer.
        // On failure the original goes on with nil data: setxattr with (NULL, 0) writes an empty value.
        let data = (try? PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)) ?? Data()
        // return setxattr(filePath, name, data.bytes, data.length, 0, 0) == 0;
        let status = data.withUnsafeBytes { setxattr(path, name, $0.baseAddress, data.count, 0) }
        guard status == 0 else {
            writeError("original: setxattr: \(String(cString: strerror(errno))): writeToURL: returns NO\n")
            return 1
        }
        return 0
    }

    private static func describe(_ format: PropertyListSerialization.PropertyListFormat) -> String {
        switch format {
        case .binary: return "binary"
        case .xml: return "XML"
        case .openStep: return "OpenStep"
        @unknown default: return "\(format.rawValue)"
        }
    }
}
