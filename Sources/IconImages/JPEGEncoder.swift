// Sources/IconImages/JPEGEncoder.swift - RGBA to baseline JPEG with libjpeg-turbo (vector sources)

import CTurboJPEG

/// Encodes an ``RGBAImage`` (alpha dropped) as a 4:4:4 JPEG with TurboJPEG: baseline, or progressive (libjpeg's
/// ten scans).
public enum JPEGEncoder {
    public static func encode(_ image: RGBAImage, quality: Int = 95, progressive: Bool = false) -> [UInt8]? {
        guard let handle = tjInitCompress() else { return nil }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var length: UInt = 0
        let status = image.pixels.withUnsafeBufferPointer {
            tjCompress2(
                handle, $0.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(TJPF_RGBA.rawValue), &output,
                &length, Int32(TJSAMP_444.rawValue), Int32(quality), progressive ? TJFLAG_PROGRESSIVE : 0)
        }
        defer { tjFree(output) }
        guard status == 0, let output else { return nil }
        return Array(UnsafeBufferPointer(start: output, count: Int(length)))
    }
}
