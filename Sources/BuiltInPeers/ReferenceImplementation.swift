// Sources/BuiltInPeers/ReferenceImplementation.swift - The reference, in process, behind the Implementation protocol

import AttributeFiles
import BinaryPlist
import ConformanceModel
import ConformanceRunner
import DocumentSource
import Icons
import TaggedJSON

/// The reference implementation called in process: the strict decoder, the canonical encoder, the
/// attribute reader and writer, the recommended icon profile.
///
/// Its results have the adapter protocol's shape (exit 0 with output, exit 1 with a message), so it is
/// judged exactly like any adapter; `xds` run as an adapter must agree with it (tested).
public struct ReferenceImplementation: Implementation {
    public var info: ImplementationInfo

    public init(version: String) {
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
                return .accepted(renderFieldObject(fields))
            } catch {
                return .rejected("error: \(error)")
            }
        case .writeAttribute(let path, let json):
            guard let fields = parseFieldObject(json) else {
                return .rejected("error: not a JSON object of strings")
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
        }
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
