// Sources/IconLoadingArea/IconLoadingJudge.swift - The verdict of one load-icon case

import ConformanceModel
import IconImages
import IconLoading

/// How one `load-icon` call ended.
public struct LoadIconOutcome: Hashable, Sendable {
    /// The exit status, or nil when it did not exit normally (a signal, a timeout).
    public var exitStatus: Int32?
    public var stdout: [UInt8]
    /// How it ended, for the report (`exit 0`, `signal 11`, `timed out`).
    public var summary: String

    public init(exitStatus: Int32?, stdout: [UInt8], summary: String) {
        self.exitStatus = exitStatus
        self.stdout = stdout
        self.summary = summary
    }
}

/// pass, fail or crash, with every reason.
public struct IconLoadingVerdict: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case pass, fail, crash
    }

    public var kind: Kind
    public var reasons: [String]

    public init(kind: Kind, reasons: [String]) {
        self.kind = kind
        self.reasons = reasons
    }
}

/// Judges a case: the exit status, the image by the stated properties (``MaskCheck``), and the
/// server's request log.
public enum IconLoadingJudge {
    /// - Parameters:
    ///   - requests: the requests the case made (its token stripped): `(scheme, path relative to the vector)`.
    ///   - source: the decoded source image, when an icon is expected.
    public static func judge(
        _ expectation: IconLoadingExpectation, outcome: LoadIconOutcome, requests: [(scheme: String, path: String)],
        source: RGBAImage?
    ) -> IconLoadingVerdict {
        guard let status = outcome.exitStatus, status == 0 || status == 1 else {
            return IconLoadingVerdict(
                kind: .crash, reasons: ["ended with \(outcome.summary) (only 0 and 1 are answers)"])
        }
        var reasons: [String] = []
        // The request log: no http at all; nothing outside the allowed paths; what must be fetched fetched.
        for request in requests where request.scheme != "https" {
            reasons.append("fetched \(request.path) over \(request.scheme): http must never be requested")
        }
        let allowed = Set(expectation.requests.allowed)
        for request in requests where request.scheme == "https" && !allowed.contains(request.path) {
            reasons.append(
                "fetched \(request.path), which is not the chosen icon (allowed: \(expectation.requests.allowed.joined(separator: ", ")))"
            )
        }
        for path in expectation.requests.mustFetch
        where !requests.contains(where: { $0.scheme == "https" && $0.path == path }) {
            reasons.append("never fetched the chosen icon \(path)")
        }
        switch (expectation.outcome, status) {
        case (.icon, 1):
            reasons.append("no icon (exit 1) where one must load")
        case (.none, 0):
            reasons.append("produced an icon (exit 0) where none must load")
        case (.icon, _):
            guard let source, let image = expectation.image else {
                reasons.append("the vector's source image does not decode")
                break
            }
            do {
                let output = try ImageDecoder.decode(outcome.stdout)
                reasons += MaskCheck.failures(output: output, source: source, expectation: maskExpectation(image))
            } catch {
                reasons.append("stdout is not a PNG or JPEG: \(error)")
            }
        default:
            break
        }
        return IconLoadingVerdict(kind: reasons.isEmpty ? .pass : .fail, reasons: reasons)
    }

    /// The vector's stated properties as ``MaskCheck`` takes them.
    public static func maskExpectation(_ image: IconLoadingImageExpectation) -> MaskExpectation {
        func probe(_ value: IconLoadingImageExpectation.Probe) -> MaskExpectation.Probe {
            let channel = { (index: Int) in UInt8(clamping: index < value.rgba.count ? value.rgba[index] : 0) }
            return MaskExpectation.Probe(
                x: value.x, y: value.y, colour: Pixel(r: channel(0), g: channel(1), b: channel(2), a: channel(3)),
                tolerance: value.tolerance)
        }
        let inside = image.inside
        return MaskExpectation(
            size: image.size, cornerMaxAlpha: image.cornerMaxAlpha, centre: probe(image.centre),
            strokeBand: probe(image.strokeBand),
            inside: MaskExpectation.Box(
                x0: inside.x0, y0: inside.y0, x1: inside.x1, y1: inside.y1, tolerance: inside.tolerance))
    }
}
