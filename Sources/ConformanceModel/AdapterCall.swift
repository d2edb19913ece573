// Sources/ConformanceModel/AdapterCall.swift - The adapter protocol's calls

/// The adapter protocol's calls, named as on the command line.
public enum AdapterCall: String, CaseIterable, Hashable, Sendable {
    case decode
    case encode
    case readAttribute = "read-attribute"
    case writeAttribute = "write-attribute"
    case selectIcon = "select-icon"
}
