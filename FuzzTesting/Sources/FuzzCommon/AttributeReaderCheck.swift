// FuzzTesting/Sources/FuzzCommon/AttributeReaderCheck.swift - Oracle 3: attribute bytes → the four fields

import BinaryPlist
import DocumentSource

/// The attribute-reader oracle.
///
/// Accepted bytes: they start with `bplist`, decode (with the reader's rules) to a dictionary, and
/// every field is exactly the string that dictionary holds under its key (nil for a missing key or a
/// non-string value): the reader never invents or keeps more than the input holds, and no field is
/// longer, in UTF-16 units, than the input is in bytes. The fields written back read the same.
/// Rejected bytes: the reason matches an independent reading (not binary, undecodable with an
/// offset inside the input, or a root that is not a dictionary).
public enum AttributeReaderCheck {
    /// The fuzz target's name, used in findings and reports.
    public static let target = "FuzzAttribute"

    /// Runs the oracle on one fuzz input (the whole input is the attribute value).
    /// - Throws: `FuzzFinding` when an invariant breaks.
    @discardableResult
    public static func run(_ input: [UInt8]) throws(FuzzFinding) -> Bool {
        try check(input)
        return true
    }

    /// Runs the oracle on one attribute value.
    /// - Throws: `FuzzFinding` when an invariant breaks.
    public static func check(_ bytes: [UInt8]) throws(FuzzFinding) {
        let isBinary = bytes.starts(with: Array("bplist".utf8))
        let reading: Result<PropertyListValue, BPlistError>
        do { reading = .success(try BPlistDecoder.decode(bytes, rules: DocumentSourceAttribute.readingRules)) } catch {
            reading = .failure(error)
        }
        let attribute: DocumentSourceAttribute
        do {
            attribute = try DocumentSourceAttribute(decoding: bytes)
        } catch {
            try checkRejection(error, bytes: bytes, isBinary: isBinary, reading: reading)
            return
        }
        guard isBinary, case .success(.dictionary(let dictionary)) = reading else {
            throw FuzzFinding(target, "only a binary plist dictionary is an attribute", "read \(attribute)")
        }
        for (key, field) in zip(
            DocumentSourceAttribute.keys,
            [
                attribute.identifier, attribute.name, attribute.path, attribute.appInfoURL,
            ])
        {
            var expected: String?
            if case .string(let string)? = dictionary[key] { expected = string }
            guard field == expected else {
                throw FuzzFinding(target, "each field is the string under its key", "\(key): \(field as Any)")
            }
            if let field, field.utf16.count > bytes.count {
                throw FuzzFinding(target, "no field is longer than the input", "\(key): \(field.utf16.count) units")
            }
        }
        let reread: DocumentSourceAttribute
        do { reread = try DocumentSourceAttribute(decoding: attribute.encoded()) } catch {
            throw FuzzFinding(target, "the fields written back read back", "\(error)")
        }
        guard reread == attribute else {
            throw FuzzFinding(target, "the fields written back read the same", "\(reread) != \(attribute)")
        }
    }

    private static func checkRejection(
        _ error: DocumentSourceReadError, bytes: [UInt8], isBinary: Bool,
        reading: Result<PropertyListValue, BPlistError>
    ) throws(FuzzFinding) {
        switch error {
        case .notBinary:
            guard !isBinary else { throw FuzzFinding(target, "a bplist header is binary", "\(error)") }
        case .undecodable(let decoding):
            guard isBinary, case .failure = reading, (0...bytes.count).contains(decoding.offset) else {
                throw FuzzFinding(target, "undecodable means the decoder rejects, inside the input", "\(error)")
            }
        case .rootNotDictionary:
            guard case .success(let root) = reading, !root.isDictionary else {
                throw FuzzFinding(target, "root-not-dictionary means the root is not a dictionary", "\(error)")
            }
        }
    }
}

extension PropertyListValue {
    fileprivate var isDictionary: Bool {
        if case .dictionary = self { return true }
        return false
    }
}
