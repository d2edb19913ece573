// Sources/ConformanceRunner/AdapterRequest.swift - One adapter call, typed

import ConformanceModel

/// One call with its typed parameters. In-process implementations switch over the cases (no re-parsing of
/// `--scale` from text); process implementations use `call`, `arguments` and `input`, the command line and
/// standard input of the protocol.
public enum AdapterRequest: Hashable, Sendable {
    /// `decode` with bplist bytes on stdin.
    case decode([UInt8])
    /// `encode` with tagged JSON on stdin.
    case encode([UInt8])
    /// `read-attribute PATH`.
    case readAttribute(path: String)
    /// `write-attribute PATH` with a JSON object of fields on stdin.
    case writeAttribute(path: String, fields: [UInt8])
    /// `select-icon --scale S --app-info-url URL` with appInfo.json bytes on stdin.
    case selectIcon(scale: Int, appInfoURL: String, appInfo: [UInt8])
    /// `load-icon --scale S --app-info-url URL --ca-file PEM`: PNG bytes on stdout.
    case loadIcon(scale: Int, appInfoURL: String, caFile: String)

    /// The call's name.
    public var call: AdapterCall {
        switch self {
        case .decode: return .decode
        case .encode: return .encode
        case .readAttribute: return .readAttribute
        case .writeAttribute: return .writeAttribute
        case .selectIcon: return .selectIcon
        case .loadIcon: return .loadIcon
        }
    }

    /// The arguments after the call name, as on the command line.
    public var arguments: [String] {
        switch self {
        case .decode, .encode: return []
        case .readAttribute(let path), .writeAttribute(let path, _): return [path]
        case .selectIcon(let scale, let appInfoURL, _): return ["--scale", String(scale), "--app-info-url", appInfoURL]
        case .loadIcon(let scale, let appInfoURL, let caFile):
            return ["--scale", String(scale), "--app-info-url", appInfoURL, "--ca-file", caFile]
        }
    }

    /// Standard input.
    public var input: [UInt8] {
        switch self {
        case .decode(let bytes), .encode(let bytes): return bytes
        case .readAttribute, .loadIcon: return []
        case .writeAttribute(_, let fields): return fields
        case .selectIcon(_, _, let appInfo): return appInfo
        }
    }
}
