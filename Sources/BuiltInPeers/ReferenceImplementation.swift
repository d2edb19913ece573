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
        switch request.call {
        case .decode:
            do {
                return .accepted(TaggedJSON.encode(try BPlistDecoder.decode(request.input)))
            } catch {
                return .rejected("error: \(error)")
            }
        case .encode:
            do {
                return .accepted(BPlistEncoder.encode(try TaggedJSON.decode(request.input)))
            } catch {
                return .rejected("error: \(error)")
            }
        case .readAttribute:
            do {
                let attribute = try AttributeFile.read(at: request.arguments.first ?? "")
                var fields: [String: String] = [:]
                for (key, value) in attribute.fields { fields[key] = value }
                return .accepted(renderFieldObject(fields))
            } catch {
                return .rejected("error: \(error)")
            }
        case .writeAttribute:
            guard let fields = parseFieldObject(request.input) else {
                return .rejected("error: not a JSON object of strings")
            }
            let attribute = DocumentSourceAttribute(
                identifier: fields["identifier"], name: fields["name"], path: fields["path"],
                appInfoURL: fields["appInfoURL"])
            do {
                try AttributeFile.write(attribute, to: request.arguments.first ?? "")
                return .accepted([])
            } catch {
                return .rejected("error: \(error)")
            }
        case .selectIcon:
            return selectIcon(request, profile: .recommended)
        }
    }
}

/// `select-icon` in process: the arguments are `--scale S --app-info-url URL` as built by `AdapterRequest`.
func selectIcon(_ request: AdapterRequest, profile: IconProfile) -> CallResult {
    let arguments = request.arguments
    guard arguments.count == 4, let scale = Int(arguments[1]) else {
        return CallResult(termination: .exited(64), stdout: [], stderr: Array("usage error\n".utf8))
    }
    switch IconSelector.select(json: request.input, scale: scale, appInfoURL: arguments[3], profile: profile) {
    case .icon(let url, _, _, _):
        return .accepted(Array((url + "\n").utf8))
    case .none(let reason):
        return .rejected("no icon: \(reason)")
    case .originalRaises(let reason):
        return CallResult(termination: .exited(3), stdout: [], stderr: Array("the original raises: \(reason)\n".utf8))
    }
}
