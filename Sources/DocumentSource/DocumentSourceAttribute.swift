// Sources/DocumentSource/DocumentSourceAttribute.swift - The four optional fields of x-document-source

import BinaryPlist

/// The x-document-source attribute as the original `XDSDocumentSourceAttribute` keeps it.
public struct DocumentSourceAttribute: Hashable, Sendable {
    /// The four keys the convention defines, in the order the original lists them.
    public static let keys = ["identifier", "name", "path", "appInfoURL"]

    /// Bundle identifier of the source app, e.g. `com.appliedphasor.working-copy`.
    public var identifier: String?
    /// Display name of the source app, e.g. `Working Copy`.
    public var name: String?
    /// The document's path inside the source app, e.g. `libgit2/doc/README.md`.
    public var path: String?
    /// The `appInfo.json` URL, kept as the string found (parsed separately).
    public var appInfoURL: String?

    public init(identifier: String? = nil, name: String? = nil, path: String? = nil, appInfoURL: String? = nil) {
        self.identifier = identifier
        self.name = name
        self.path = path
        self.appInfoURL = appInfoURL
    }

    /// Reads a decoded property list as `readDocumentSourceAttributeAtURL:` does.
    ///
    /// A root that is not a dictionary is no attribute (`nil`). Each of the four keys is kept only when
    /// its value is a string; every other key and every other value type is ignored.
    public init?(propertyList: PropertyListValue) {
        guard case .dictionary(let dictionary) = propertyList else { return nil }
        func string(_ key: String) -> String? {
            if case .string(let value)? = dictionary[key] { return value }
            return nil
        }
        self.init(
            identifier: string("identifier"), name: string("name"), path: string("path"),
            appInfoURL: string("appInfoURL"))
    }

    /// The fields that are set, by key.
    public var fields: [(key: String, value: String)] {
        let values = [identifier, name, path, appInfoURL]
        return zip(Self.keys, values).compactMap { key, value in value.map { (key, $0) } }
    }

    /// The dictionary the writer stores: one string entry per field that is set.
    public var propertyList: PropertyListValue {
        var dictionary: [String: PropertyListValue] = [:]
        for (key, value) in fields { dictionary[key] = .string(value) }
        return .dictionary(dictionary)
    }

    /// The attribute's bytes: `propertyList` in canonical binary form (`bplist00`), always.
    public func encoded() -> [UInt8] { BPlistEncoder.encode(propertyList) }
}
