// Sources/BuiltInPeers/OriginalBehaviour.swift - The original Objective-C class as the `original` column

import ChildProcess
import ConformanceModel
import ConformanceRunner
import Foundation
import Icons

/// What the deployed `XDSDocumentSourceAttribute` (Working Copy, Textastic, GoCoEdit) does, call by call.
///
/// - `load-icon`: legacy selection, the original's mask, https only (App Transport Security), in process.
/// - `select-icon`: the reference's legacy profile, in process: the original's loop with its quirks. Where the
///   original would raise an exception the emulation exits 3, which the report shows as a crash.
/// - `read-attribute` and `write-attribute`: `readDocumentSourceAttributeAtURL:` and `writeToURL:` transcribed
///   onto swift-corelibs-foundation (`xds-adapter-foundation original`, a child process because CoreFoundation's
///   parsers crash on some inputs): any plist format CoreFoundation reads (binary, XML, OpenStep), the
///   `isKindOfClass:` check per field, `[NSURL URLWithString:]`, and CoreFoundation's binary writer.
///
/// Graded against the recommended outcomes like every implementation, so its quirks show as deviations.
public struct OriginalBehaviour: Implementation {
    public var info: ImplementationInfo
    /// The attribute calls' adapter; nil when only the icon selection is available.
    let attributeAdapter: ProcessImplementation?
    /// Seconds a `load-icon` call may take in all (the runner's `--timeout`).
    let callTimeout: Double

    public init(version: String, attributeAdapter: ProcessImplementation? = nil, callTimeout: Double = 10) {
        self.callTimeout = callTimeout
        var capabilities = [AdapterCall.selectIcon.rawValue, AdapterCall.loadIcon.rawValue]
        var versionText = "xds \(version) legacy profile"
        if let attributeAdapter {
            capabilities += attributeAdapter.info.capabilities
            versionText += "; attribute: \(attributeAdapter.info.version)"
        }
        info = ImplementationInfo(
            name: BuiltIn.original.rawValue, title: BuiltIn.original.title, version: versionText,
            kind: "built-in", command: attributeAdapter?.info.command, capabilities: capabilities)
        self.attributeAdapter = attributeAdapter
    }

    public func stopServing() { attributeAdapter?.stopServing() }

    public func perform(_ request: AdapterRequest) -> CallResult {
        switch request {
        case .selectIcon(let scale, let appInfoURL, let appInfo):
            let result = selectIcon(scale: scale, appInfoURL: appInfoURL, appInfo: appInfo, profile: .legacy)
            return Self.noteAppTransportSecurity(result, appInfoURL: appInfoURL)
        // Legacy selection, the original's mask (continuous corners, as UIKit draws them since iOS 7) and App
        // Transport Security: no http loads (the fetcher's https-only rule).
        case .loadIcon(let scale, let appInfoURL, let caFile):
            return loadIcon(
                scale: scale, appInfoURL: appInfoURL, caFile: caFile, profile: .legacy, timeout: callTimeout)
        case .readAttribute, .writeAttribute:
            if let attributeAdapter { return attributeAdapter.perform(request) }
            return CallResult(termination: .exited(64), stdout: [], stderr: Array("unsupported call\n".utf8))
        case .decode, .encode:
            return CallResult(termination: .exited(64), stdout: [], stderr: Array("unsupported call\n".utf8))
        }
    }

    /// The verdict stays the loop's; the diagnostics say what the deployed app would do on iOS, where App
    /// Transport Security stops `NSURLSession` from loading plain `http` (the appInfo.json or the icon).
    static func noteAppTransportSecurity(_ result: CallResult, appInfoURL: String) -> CallResult {
        let chosen = result.verdict == .accepted ? String(decoding: result.stdout, as: UTF8.self) : ""
        let blocked = [appInfoURL, chosen].first { $0.lowercased().hasPrefix("http:") }
        guard let blocked else { return result }
        var result = result
        result.stderr += Array(
            ("note: App Transport Security: on iOS the original's NSURLSession does not load "
                + "\(blocked.trimmingCharacters(in: .whitespacesAndNewlines)); the deployed app shows no icon\n").utf8)
        return result
    }
}
