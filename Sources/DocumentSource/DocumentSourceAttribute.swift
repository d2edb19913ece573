// Sources/DocumentSource/DocumentSourceAttribute.swift - The four optional fields of x-document-source

import BinaryPlist

/// The x-document-source attribute as the original `XDSDocumentSourceAttribute` keeps it.
public struct DocumentSourceAttribute: Hashable, Sendable {
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
}
