// Sources/IconImages/JPEGWork.swift - The decoding work a JPEG declares: its scans and the blocks each one covers

/// What decoding a JPEG will cost, read from its markers without decoding anything: the number of scans
/// (start-of-scan markers) and the work, the sum over every scan of the 8x8 blocks of the components it
/// covers. A progressive JPEG may repeat a scan tens of thousands of times (each one cheap to send, each one
/// a pass over every block of the image): these two numbers bound the decoder's CPU time.
public struct JPEGWork: Hashable, Sendable {
    /// Start-of-scan markers.
    public var scans: Int
    /// Component blocks summed over the scans.
    public var blocks: Int

    public init(scans: Int, blocks: Int) {
        self.scans = scans
        self.blocks = blocks
    }

    private struct Component {
        var id: UInt8
        var blocks: Int
    }

    /// Walks the markers and the entropy-coded data between them up to the end-of-image marker (or the end of
    /// the bytes). Bounded: one pass over `bytes`, no allocation proportional to the image. Malformed data
    /// stops the walk with what was counted so far (the decoder reports the corruption).
    public static func measure(_ bytes: [UInt8]) -> JPEGWork {
        var work = JPEGWork(scans: 0, blocks: 0)
        var components: [Component] = []
        var offset = 2
        while offset + 1 < bytes.count {
            guard bytes[offset] == 0xFF else { return work }
            let marker = bytes[offset + 1]
            if marker == 0xFF {  // fill byte
                offset += 1
                continue
            }
            if marker == 0xD9 { return work }  // end of image
            if marker == 0x01 || marker == 0xD8 || (0xD0...0xD7).contains(marker) {  // markers without a length
                offset += 2
                continue
            }
            guard offset + 4 <= bytes.count else { return work }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return work }
            let segment = bytes[(offset + 4)..<(offset + 2 + length)]
            if isStartOfFrame(marker) {
                components = frameComponents(segment)
            } else if marker == 0xDA {
                work.scans += 1
                work.blocks = work.blocks.addingReportingOverflow(scanBlocks(segment, components)).partialValue
                offset = endOfEntropyCodedData(bytes, from: offset + 2 + length)
                continue
            }
            offset += 2 + length
        }
        return work
    }

    private static func isStartOfFrame(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    /// The blocks of each component, padded to whole MCUs: width and height in MCUs times the component's
    /// sampling factors (an upper bound of what the decoder visits).
    private static func frameComponents(_ segment: ArraySlice<UInt8>) -> [Component] {
        let base = segment.startIndex
        guard segment.count >= 6 else { return [] }
        let height = Int(segment[base + 1]) << 8 | Int(segment[base + 2])
        let width = Int(segment[base + 3]) << 8 | Int(segment[base + 4])
        let count = Int(segment[base + 5])
        guard segment.count >= 6 + 3 * count else { return [] }
        let sampling = (0..<count).map { index -> (id: UInt8, h: Int, v: Int) in
            let factors = segment[base + 6 + 3 * index + 1]
            return (segment[base + 6 + 3 * index], max(1, Int(factors >> 4)), max(1, Int(factors & 0x0F)))
        }
        let maxH = sampling.map(\.h).max() ?? 1
        let maxV = sampling.map(\.v).max() ?? 1
        let mcuColumns = (width + 8 * maxH - 1) / (8 * maxH)
        let mcuRows = (height + 8 * maxV - 1) / (8 * maxV)
        return sampling.map { Component(id: $0.id, blocks: mcuColumns * $0.h * mcuRows * $0.v) }
    }

    /// The blocks one scan covers: those of each component its header names (the largest component's for an
    /// id the frame does not have).
    private static func scanBlocks(_ segment: ArraySlice<UInt8>, _ components: [Component]) -> Int {
        guard let count = segment.first.map(Int.init), segment.count >= 1 + 2 * count else { return 0 }
        let largest = components.map(\.blocks).max() ?? 0
        return (0..<count).reduce(0) { sum, index in
            let id = segment[segment.startIndex + 1 + 2 * index]
            return sum + (components.first { $0.id == id }?.blocks ?? largest)
        }
    }

    /// The offset of the first marker after entropy-coded data starting at `start`: a 0xFF that is not
    /// followed by a stuffed zero, a restart marker or another 0xFF.
    private static func endOfEntropyCodedData(_ bytes: [UInt8], from start: Int) -> Int {
        var offset = start
        while offset + 1 < bytes.count {
            if bytes[offset] == 0xFF {
                let next = bytes[offset + 1]
                if next != 0x00 && next != 0xFF && !(0xD0...0xD7).contains(next) { return offset }
            }
            offset += 1
        }
        return bytes.count
    }
}
