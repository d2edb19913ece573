// Tests/IconLoadingTests/ImageDecodingTests.swift - Header checks before decoding; PNG and JPEG decoding

import IconImages
import Testing

@Suite struct ImageDecodingTests {
    @Test func pngRoundTripsThroughLibpng() throws {
        let image = TestImages.pattern(width: 58, height: 40)
        let bytes = try #require(PNGEncoder.encode(image))
        #expect(try ImageHeader.read(bytes) == ImageHeader(format: .png, width: 58, height: 40))
        #expect(try ImageDecoder.decode(bytes) == image)
    }

    @Test func jpegDecodesWithLibjpegTurbo() throws {
        let bytes = TestImages.jpeg(width: 64, height: 48)
        #expect(try ImageHeader.read(bytes) == ImageHeader(format: .jpeg, width: 64, height: 48))
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.width == 64 && decoded.height == 48)
        // Lossy, but the centre colour survives within a few levels.
        #expect(decoded.pixel(32, 24).distance(to: TestImages.centre) <= 6)
    }

    @Test func repeatedScanJPEGWithinTheLimitsDecodes() throws {
        // The bomb's construction is a valid JPEG: at 100 scans (the limit) it decodes, all grey.
        let bytes = TestImages.repeatedScanJPEG(width: 64, height: 48, scans: 100)
        #expect(JPEGWork.measure(bytes) == JPEGWork(scans: 100, blocks: 100 * 48))
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.width == 64 && decoded.height == 48)
        #expect(decoded.pixel(10, 10) == decoded.pixel(60, 40))
    }

    @Test func jpegWithTooManyScansIsRefusedBeforeDecoding() {
        let bytes = TestImages.repeatedScanJPEG(width: 64, height: 48, scans: 101)
        let work = JPEGWork(scans: 101, blocks: 101 * 48)
        #expect(throws: ImageError.workRefused(work: work, scanLimit: 100, blockLimit: 1 << 24)) {
            try ImageDecoder.decode(bytes)
        }
        #expect(ImageError.workRefused(work: work, scanLimit: 100, blockLimit: 1 << 24).refusalRule == "image-work")
    }

    @Test func jpegDeclaringTooMuchWorkIsRefusedBeforeDecoding() {
        // 65 scans (under the scan limit) over 4096x4096 = 262,144 blocks each: 17 million blocks, over 2^24.
        let bytes = TestImages.repeatedScanJPEG(width: 4096, height: 4096, scans: 65)
        let work = JPEGWork(scans: 65, blocks: 65 * 262_144)
        #expect(throws: ImageError.workRefused(work: work, scanLimit: 100, blockLimit: 1 << 24)) {
            try ImageDecoder.decode(bytes)
        }
    }

    @Test func jpegWorkCountsEveryComponentOfEveryScan() throws {
        // libjpeg-turbo's progressive 4:4:4 encoding of a 64x48 image: 8x6 blocks per component, ten scans each
        // over one or all three components; a baseline JPEG is one scan over the three.
        let image = TestImages.pattern(width: 64, height: 48)
        let bytes = try #require(JPEGEncoder.encode(image, progressive: true))
        let work = JPEGWork.measure(bytes)
        #expect(work.scans == 10)
        #expect(work.blocks > 10 * 48 && work.blocks < 10 * 3 * 48)
        #expect(try ImageDecoder.decode(bytes).width == 64)
        #expect(JPEGWork.measure(TestImages.jpeg(width: 64, height: 48)) == JPEGWork(scans: 1, blocks: 3 * 48))
    }

    static let refusedSizes: [(UInt32, UInt32)] = [
        (4097, 16), (16, 4097), (100_000, 100_000), (0, 16), (UInt32.max, 1),
    ]

    @Test(arguments: refusedSizes)
    func giantOrEmptyHeaderIsRefusedBeforeDecoding(width: UInt32, height: UInt32) {
        let bytes = TestImages.giantHeaderPNG(width: width, height: height)
        #expect(throws: ImageError.dimensionsRefused(format: .png, width: Int(width), height: Int(height), limit: 4096))
        {
            try ImageDecoder.decode(bytes)
        }
    }

    @Test func largestAcceptedHeaderReachesTheDecoder() {
        // 4096x4096 passes the header check; the body is missing, so libpng calls it corrupt.
        let bytes = TestImages.giantHeaderPNG(width: 4096, height: 4096)
        let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(bytes) }
        guard case .corrupt(.png, _)? = error else {
            Issue.record("expected corrupt PNG data, got \(String(describing: error))")
            return
        }
    }

    @Test func jpegHeaderOverTheLimitIsRefused() {
        var bytes = TestImages.jpeg(width: 16, height: 16)
        // Patch the SOF0 dimensions to 5000x5000.
        for index in 0..<(bytes.count - 9) where bytes[index] == 0xFF && bytes[index + 1] == 0xC0 {
            bytes[index + 5] = 0x13
            bytes[index + 6] = 0x88
            bytes[index + 7] = 0x13
            bytes[index + 8] = 0x88
            break
        }
        #expect(throws: ImageError.dimensionsRefused(format: .jpeg, width: 5000, height: 5000, limit: 4096)) {
            try ImageDecoder.decode(bytes)
        }
    }

    /// The format's own error, named: the decoder's verdict for a cut or damaged body, the header reader's
    /// (with its offset) for a cut inside the header.
    @Test func truncatedAndCorruptDataAreErrors() throws {
        let png = TestImages.png(width: 58, height: 58)
        for cut in [png.count / 2, png.count - 13, 30] {
            let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(Array(png.prefix(cut))) }
            #expect(Self.isCorrupt(error, .png), "cut at \(cut): \(String(describing: error))")
        }
        #expect(
            throws: ImageError.malformedHeader(
                format: .png, offset: 20, detail: "cut short before IHDR's width and height")
        ) { try ImageDecoder.decode(Array(png.prefix(20))) }
        var flipped = png
        flipped[png.count / 2] ^= 0xFF
        let damaged = #expect(throws: ImageError.self) { try ImageDecoder.decode(flipped) }
        #expect(Self.isCorrupt(damaged, .png), "\(String(describing: damaged))")
        let jpeg = TestImages.jpeg(width: 32, height: 32)
        let cutJPEG = #expect(throws: ImageError.self) { try ImageDecoder.decode(Array(jpeg.prefix(jpeg.count / 2))) }
        #expect(Self.isCorrupt(cutJPEG, .jpeg), "\(String(describing: cutJPEG))")
    }

    static func isCorrupt(_ error: ImageError?, _ format: ImageFormat) -> Bool {
        if case .corrupt(format, _)? = error { return true }
        return false
    }

    @Test func otherFormatsAreRefusedByName() {
        let cases: [([UInt8], String)] = [
            (Array("GIF89a......".utf8), "first bytes 47 49 46 38 39 61 2e 2e"),
            (Array("<html>".utf8), "first bytes 3c 68 74 6d 6c 3e"), ([], "empty body"),
            ([0x42, 0x4D, 0, 0], "first bytes 42 4d 0 0"),
        ]
        for (bytes, detail) in cases {
            #expect(throws: ImageError.unsupportedFormat(detail: detail)) { try ImageHeader.read(bytes) }
        }
    }
}
