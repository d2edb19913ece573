// Sources/BuiltInPeers/OriginalIconBehaviour.swift - The legacy icon profile as the "original Objective-C" column

import ConformanceModel
import ConformanceRunner
import Icons

/// The original `XDSDocumentSourceAttribute` icon selection, emulated by the reference's legacy profile.
///
/// Graded against the recommended outcomes like every implementation, so its quirks show as deviations;
/// where the original would raise an exception the emulation exits 3, which the report shows as a crash
/// (DESIGN §5). It has the `select-icon` and `load-icon` calls: every other area is `n/a`.
public struct OriginalIconBehaviour: Implementation {
    public var info: ImplementationInfo

    public init(version: String) {
        info = ImplementationInfo(
            name: BuiltIn.original.rawValue, title: BuiltIn.original.title, version: "xds \(version) legacy profile",
            kind: "built-in", command: nil,
            capabilities: [AdapterCall.selectIcon.rawValue, AdapterCall.loadIcon.rawValue])
    }

    public func perform(_ request: AdapterRequest) -> CallResult {
        switch request.call {
        case .selectIcon: return selectIcon(request, profile: .legacy)
        // Legacy selection, the original's mask (continuous corners, as UIKit draws them since
        // iOS 7) and App Transport Security: no http loads (the fetcher's https-only rule).
        case .loadIcon: return loadIcon(request, profile: .legacy)
        default: return CallResult(termination: .exited(64), stdout: [], stderr: Array("unsupported call\n".utf8))
        }
    }
}
