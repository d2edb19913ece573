// Sources/Conformance/OriginalIconBehaviour.swift - The legacy icon profile as the "original Objective-C" column

/// The original `XDSDocumentSourceAttribute` icon selection, emulated by the reference's legacy profile.
///
/// Graded against the recommended outcomes like every implementation, so its quirks show as deviations;
/// where the original would raise an exception the emulation exits 3, which the report shows as a crash.
public struct OriginalIconBehaviour: Implementation {
    public var info: ImplementationInfo

    public init(version: String) {
        info = ImplementationInfo(
            name: BuiltIn.original.rawValue, title: BuiltIn.original.title, version: "xds \(version) legacy profile",
            kind: "built-in", command: nil, capabilities: [])
    }

    public func perform(_ request: AdapterRequest) -> CallResult {
        CallResult(termination: .exited(64), stdout: [], stderr: Array("unsupported call\n".utf8))
    }
}
