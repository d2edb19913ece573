// Sources/DocumentSource/ConventionRules.swift - The convention's rules beyond types: https, relative paths

/// Rules the README states or implies about the field values.
public enum ConventionRules {
    /// Whether `string` is an absolute `https` URL with a host (App Transport Security, per the README),
    /// by the one URL rule (`WebURLRule`).
    public static func isAbsoluteHTTPS(_ string: String) -> Bool { WebURLRule.refusal(string) == nil }

    /// Whether `path` has a `..` component.
    public static func hasParentComponent(_ path: String) -> Bool {
        path.split(separator: "/", omittingEmptySubsequences: false).contains("..")
    }

    /// Appends the convention findings for `attribute`'s values.
    static func check(_ attribute: DocumentSourceAttribute, findings: inout [ValidationFinding]) {
        for (key, value) in attribute.fields where value.isEmpty {
            findings.append(.init(.conventionEmptyValue, "'\(key)' is an empty string", key: key))
        }
        if let url = attribute.appInfoURL, !url.isEmpty, let reason = WebURLRule.refusal(url) {
            findings.append(
                .init(
                    .conventionAppInfoURLNotHTTPS, "appInfoURL '\(url)' is not an absolute https URL: \(reason)",
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
