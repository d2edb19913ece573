// FuzzTesting/Sources/FuzzIconImage/main.swift - libFuzzer target: what `xds icon` does with hostile bytes
//
// The first byte chooses the path: bit 0 clear — the rest is an image body: the header reader,
// the size check and the libpng/libjpeg-turbo decoders; bit 0 set — the rest is appInfo.json:
// the parser and both selection profiles at scale 1 + bits 1-2 (0-2; 3 is reserved). Bits 3-7
// are reserved: such inputs are skipped.

import FuzzCommon
import IconImages
import Icons

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIconImage(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzEntry.run(start, count, IconLoadingCheck.run)
}

enum IconLoadingCheck {
    static let target = "FuzzIconImage"

    static func run(_ input: [UInt8]) throws(FuzzFinding) -> Bool {
        guard let option = input.first, option & 0b1111_1000 == 0, (option >> 1) & 0b11 != 3 else { return false }
        let body = Array(input.dropFirst())
        if option & 1 == 0 {
            try checkImage(body)
        } else {
            try checkAppInfo(body, scale: 1 + Int((option >> 1) & 0b11))
        }
        return true
    }

    /// The header decides before the decoder runs; a decoded image has exactly the header's size.
    static func checkImage(_ bytes: [UInt8]) throws(FuzzFinding) {
        let header: ImageHeader
        do {
            header = try ImageHeader.read(bytes)
        } catch {
            guard case .success = decodeResult(bytes) else { return }
            throw FuzzFinding(target, "no header, no image", "decoded although the header reader said \(error)")
        }
        let limit = ImageLimits.maxDimension
        let allowed = (1...limit).contains(header.width) && (1...limit).contains(header.height)
        switch decodeResult(bytes) {
        case .success(let image):
            guard allowed else {
                throw FuzzFinding(target, "oversize headers are refused", "decoded \(header.width)x\(header.height)")
            }
            guard image.width == header.width, image.height == header.height,
                image.pixels.count == image.width * image.height * 4
            else {
                throw FuzzFinding(
                    target, "decoded size equals the header", "\(image.width)x\(image.height) vs \(header)")
            }
        case .failure(let error):
            if case .dimensionsRefused = error, allowed {
                throw FuzzFinding(target, "only oversize headers are refused", "\(header): \(error)")
            }
            if !allowed, !isDimensionsRefusal(error) {
                throw FuzzFinding(target, "oversize headers are refused before decoding", "\(header): \(error)")
            }
        }
    }

    static func decodeResult(_ bytes: [UInt8]) -> Result<RGBAImage, ImageError> {
        do {
            return .success(try ImageDecoder.decode(bytes))
        } catch {
            return .failure(error)
        }
    }

    static func isDimensionsRefusal(_ error: ImageError) -> Bool {
        if case .dimensionsRefused = error { return true }
        return false
    }

    /// appInfo.json as `xds icon` receives it: a parse error or an oversize body is "no icon" in
    /// both profiles; the recommended profile never raises and chooses only https URLs.
    ///
    /// Parsed once per profile: `parseAndSelect` is `select(json:)` (the bytes entry point) returning
    /// the parse, made with the profile's own rules, that it selected from.
    static func checkAppInfo(_ bytes: [UInt8], scale: Int) throws(FuzzFinding) {
        let base = "https://example.com/app/appInfo.json"
        // The legacy profile's parse, when it ran before the recommended one (a local: a dictionary keyed
        // by profile cost a hash per input).
        var legacyParse: Result<AppInfo, AppInfoError>?
        for profile in IconProfile.allCases {
            let parsed = IconSelector.parseAndSelect(json: bytes, scale: scale, appInfoURL: base, profile: profile)
            let selection = parsed.selection
            if profile == .legacy { legacyParse = parsed.appInfo }
            switch parsed.appInfo {
            case .failure(let error):
                guard case .none(.appInfoRejected) = selection else {
                    throw FuzzFinding(
                        target, "a rejected appInfo.json gives no icon", "\(profile): \(selection), \(error)")
                }
                continue
            case .none:
                throw FuzzFinding(target, "scales 1-3 are selected from", "\(profile), scale \(scale): \(selection)")
            case .success(let info):
                // The strict profile accepts a subset of what the legacy one does, and reads it the same.
                if profile == .recommended, let legacy = legacyParse, legacy != .success(info) {
                    throw FuzzFinding(
                        target, "what the recommended profile parses, the legacy one parses alike", "\(legacy)")
                }
            }
            switch selection {
            case .originalRaises where profile == .recommended:
                throw FuzzFinding(target, "the recommended profile never raises", "\(selection)")
            case .icon(let url, _, _, _) where profile == .recommended && !url.hasPrefix("https://"):
                throw FuzzFinding(target, "recommended icons are https", url)
            default: break
            }
        }
    }
}
