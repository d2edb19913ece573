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
    /// Parsed once per profile: `select(json:)` is that parse followed by `select(appInfo:)` (the
    /// base URL is usable), so only a rejected body goes through the bytes entry point, where the
    /// oracle checks that it gives no icon. Half the JSON work of calling both per input.
    static func checkAppInfo(_ bytes: [UInt8], scale: Int) throws(FuzzFinding) {
        let base = "https://example.com/app/appInfo.json"
        for profile in IconProfile.allCases {
            // Each profile's own parse: the legacy one leaves trailing commas to Foundation, as the original does.
            let parsed = Result { () throws(AppInfoError) -> AppInfo in
                try AppInfo.parse(bytes, acceptTrailingCommas: profile == .legacy)
            }
            let selection: IconSelection
            switch parsed {
            case .failure(let error):
                let selection = IconSelector.select(json: bytes, scale: scale, appInfoURL: base, profile: profile)
                guard case .none(.appInfoRejected) = selection else {
                    throw FuzzFinding(
                        target, "a rejected appInfo.json gives no icon", "\(profile): \(selection), \(error)")
                }
                continue
            case .success(let info):
                selection = IconSelector.select(appInfo: info, scale: scale, appInfoURL: base, profile: profile)
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
