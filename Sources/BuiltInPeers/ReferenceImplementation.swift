// Sources/BuiltInPeers/ReferenceImplementation.swift - The reference, in process, behind the Implementation protocol

import AttributeFiles
import BinaryPlist
import ChildProcess
import ConformanceModel
import ConformanceRunner
import DocumentSource
import IconLoading
import Icons
import TaggedJSON

/// The reference implementation called in process: the strict decoder, the canonical encoder, the
/// attribute reader and writer, the recommended icon profile.
///
/// Its results have the adapter protocol's shape (exit 0 with output, exit 1 with a message), so it is
/// judged exactly like any adapter; `xds` run as an adapter must agree with it (tested).
public struct ReferenceImplementation: Implementation {
    public var info: ImplementationInfo
    /// Seconds a `load-icon` call may take in all (the runner's `--timeout`, as a child process gets).
    public var callTimeout: Double

    public init(version: String, callTimeout: Double = 10) {
        self.callTimeout = callTimeout
        info = ImplementationInfo(
            name: BuiltIn.reference.rawValue, title: BuiltIn.reference.title, version: "xds \(version)",
            kind: "built-in", command: nil, capabilities: AdapterCall.allCases.map(\.rawValue))
    }

    public func perform(_ request: AdapterRequest) -> CallResult {
        switch request {
        case .decode(let bytes):
            do {
                return .accepted(TaggedJSON.encode(try BPlistDecoder.decode(bytes)))
            } catch {
                return .rejected("error: \(error)")
            }
        case .encode(let json):
            do {
                return .accepted(BPlistEncoder.encode(try TaggedJSON.decode(json)))
            } catch {
                return .rejected("error: \(error)")
            }
        case .readAttribute(let path):
            do {
                let attribute = try AttributeFile.read(at: path)
                var fields: [String: String] = [:]
                for (key, value) in attribute.fields { fields[key] = value }
                return .accepted(FieldObject.render(fields))
            } catch {
                return .rejected("error: \(error)")
            }
        case .writeAttribute(let path, let json):
            let fields: [String: String]
            do {
                fields = try FieldObject.read(json)
            } catch {
                return .rejected("error: \(error)")
            }
            let attribute = DocumentSourceAttribute(
                identifier: fields["identifier"], name: fields["name"], path: fields["path"],
                appInfoURL: fields["appInfoURL"])
            do {
                try AttributeFile.write(attribute, to: path)
                return .accepted([])
            } catch {
                return .rejected("error: \(error)")
            }
        case .selectIcon(let scale, let appInfoURL, let appInfo):
            return selectIcon(scale: scale, appInfoURL: appInfoURL, appInfo: appInfo, profile: .recommended)
        case .loadIcon(let scale, let appInfoURL, let caFile):
            return loadIcon(
                scale: scale, appInfoURL: appInfoURL, caFile: caFile, profile: .recommended, timeout: callTimeout)
        }
    }
}

/// `load-icon` in process, from the request's typed parameters.
/// What `xds load-icon` does: no cache, `timeout` seconds for the whole load (the runner's per-call
/// `--timeout`), private hosts allowed (the runner's fixture server is on 127.0.0.1), exit 1 for every
/// "no icon".
func loadIcon(scale: Int, appInfoURL: String, caFile: String, profile: IconProfile, timeout: Double) -> CallResult {
    var trace = LoadTrace()
    let load = IconLoadRequest(
        appInfoURL: appInfoURL, scale: scale, profile: profile, caFile: BytePath(caFile), timeout: timeout,
        allowPrivateHosts: true)
    do {
        return .accepted(try IconLoader.load(load, trace: &trace).png)
    } catch {
        return .rejected("no icon: \(error)")
    }
}

/// `select-icon` in process, from the request's typed parameters.
func selectIcon(scale: Int, appInfoURL: String, appInfo: [UInt8], profile: IconProfile) -> CallResult {
    switch IconSelector.select(json: appInfo, scale: scale, appInfoURL: appInfoURL, profile: profile) {
    case .icon(let url, _, _, _):
        return .accepted(Array((url + "\n").utf8))
    case .none(let reason):
        return .rejected("no icon: \(reason)")
    case .originalRaises(let reason):
        return CallResult(termination: .exited(3), stdout: [], stderr: Array("the original raises: \(reason)\n".utf8))
    }
}
