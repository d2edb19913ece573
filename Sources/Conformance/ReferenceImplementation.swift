// Sources/Conformance/ReferenceImplementation.swift - The reference, in process, behind the Implementation protocol

import BinaryPlist
import TaggedJSON

/// The reference implementation called in process: the strict decoder, the canonical encoder.
///
/// Its results have the adapter protocol's shape (exit 0 with output, exit 1 with a message), so it is
/// judged exactly like any adapter; `xds` run as an adapter must agree with it (tested).
public struct ReferenceImplementation: Implementation {
    public var info: ImplementationInfo

    public init(version: String) {
        info = ImplementationInfo(
            name: "reference", title: "Reference (xds, in process)", version: version, kind: "built-in", command: nil,
            capabilities: [AdapterCall.decode.rawValue, AdapterCall.encode.rawValue])
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
        case .readAttribute, .writeAttribute, .selectIcon:
            return CallResult(termination: .exited(64), stdout: [], stderr: Array("unsupported call\n".utf8))
        }
    }
}
