// Sources/DocumentSource/ConventionRules.swift - The convention's rules beyond types: https, relative paths

/// Rules the README states or implies about the field values.
public enum ConventionRules {
    /// Whether `string` is an absolute `https` URL with a host (App Transport Security, per the README).
    public static func isAbsoluteHTTPS(_ string: String) -> Bool {
        guard let colon = string.firstIndex(of: ":") else { return false }
        guard string[..<colon].lowercased() == "https" else { return false }
        let rest = string[string.index(after: colon)...]
        guard rest.hasPrefix("//") else { return false }
        let authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@").last.map { $0.prefix { $0 != ":" } } ?? ""
        guard !host.isEmpty else { return false }
        return !string.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F }
    }

    /// Whether `path` has a `..` component.
    public static func hasParentComponent(_ path: String) -> Bool {
        path.split(separator: "/", omittingEmptySubsequences: false).contains("..")
    }

    /// Appends the convention findings for `attribute`'s values.
    static func check(_ attribute: DocumentSourceAttribute, findings: inout [ValidationFinding]) {
        for (key, value) in attribute.fields where value.isEmpty {
            findings.append(.init(.conventionEmptyValue, "'\(key)' is an empty string", key: key))
        }
        if let url = attribute.appInfoURL, !url.isEmpty, !isAbsoluteHTTPS(url) {
            findings.append(
                .init(
                    .conventionAppInfoURLNotHTTPS, "appInfoURL '\(url)' is not an absolute https URL",
                    key: "appInfoURL"))
        }
        if let path = attribute.path {
            if path.hasPrefix("/") {
                findings.append(
                    .init(
                        .conventionPathAbsolute,
                        "path '\(path)' is absolute; it should be relative to the "
                            + "source app's storage", key: "path"))
            }
            if hasParentComponent(path) {
                findings.append(
                    .init(.conventionPathParent, "path '\(path)' contains '..'", key: "path"))
            }
        }
    }
}
