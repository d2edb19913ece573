// Sources/BuiltInPeers/OriginalIconBehaviour.swift - The legacy icon profile as the "original Objective-C" column

import ConformanceModel
import ConformanceRunner
import Icons

/// The original `XDSDocumentSourceAttribute` icon selection, emulated by the reference's legacy profile.
///
/// Graded against the recommended outcomes like every implementation, so its quirks show as deviations;
/// where the original would raise an exception the emulation exits 3, which the report shows as a crash
/// (Docs/conformance.md). It has only the `select-icon` call: every other area is `n/a`.
public struct OriginalIconBehaviour: Implementation {
    public var info: ImplementationInfo

    public init(version: String) {
        info = ImplementationInfo(
            name: BuiltIn.original.rawValue, title: BuiltIn.original.title, version: "xds \(version) legacy profile",
            kind: "built-in", command: nil, capabilities: [AdapterCall.selectIcon.rawValue])
    }

    public func perform(_ request: AdapterRequest) -> CallResult {
        guard case .selectIcon(let scale, let appInfoURL, let appInfo) = request else {
            return CallResult(termination: .exited(64), stdout: [], stderr: Array("unsupported call\n".utf8))
        }
        return selectIcon(scale: scale, appInfoURL: appInfoURL, appInfo: appInfo, profile: .legacy)
    }
}
