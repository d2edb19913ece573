// Sources/IconLoading/IconLoadError.swift - Why no icon was produced, in the command's categories

import IconImages

/// Why loading gave no icon. Each case is one exit status of `xds icon` (Docs/icons.md).
public enum IconLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The convention's "nil": no appInfoURL, no matching entry, appInfo.json unusable, or the
    /// legacy profile reaching a point where the original raises.
    case noIcon(String)
    /// A safety rule refused a URL or a response; names the URL and the rule.
    case refused(url: String, rule: String, detail: String)
    /// The network or the server failed, in this project's words; `libraryText` is the HTTP library's own message
    /// (empty when there is none), shown only by `--json` and `--explain`.
    case failed(url: String, detail: String, libraryText: String = "")
    /// The image bytes are not a decodable PNG or JPEG.
    case undecodable(url: String, ImageError)
    /// The renderer failed (a bug or resource exhaustion, never a verdict on the input).
    case internalFailure(String)
    /// The run's own input failed: the `--ca-file` cannot be read (not a regular file, too large,
    /// unreadable, no certificate). Nothing was fetched.
    case unreadableInput(String)

    public var description: String {
        switch self {
        case .noIcon(let reason): return "no icon: \(reason)"
        case .refused(let url, let rule, let detail): return "refused \(url): rule \(rule): \(detail)"
        case .failed(let url, let detail, _): return "failed \(url): \(detail)"
        case .undecodable(let url, let error): return "undecodable image \(url): \(error)"
        case .internalFailure(let detail): return "internal failure: \(detail)"
        case .unreadableInput(let detail): return detail
        }
    }

    init(_ error: FetchError) {
        switch error {
        case .refused(let url, let rule, let detail): self = .refused(url: url, rule: rule.rawValue, detail: detail)
        case .network(let url, let kind, let text):
            self = .failed(url: url, detail: kind.description, libraryText: text)
        case .server(let url, let status): self = .failed(url: url, detail: "HTTP status \(status)")
        case .setup(let detail): self = .internalFailure("cannot set up the HTTP client: \(detail)")
        }
    }

    /// The HTTP library's own message of a network failure, for `--json` and `--explain`; nil otherwise.
    public var libraryText: String? {
        guard case .failed(_, _, let text) = self, !text.isEmpty else { return nil }
        return text
    }
}
