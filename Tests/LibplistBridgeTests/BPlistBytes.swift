// Tests/LibplistBridgeTests/BPlistBytes.swift - A tiny bplist00 assembler for hand-made test inputs

/// Lays out raw object encodings (1-byte refs and offsets) behind a header, with offset table and trailer.
enum BPlistBytes {
    /// `objects[i]` is object i's complete encoding (marker + payload, refs as 1-byte indices); object 0 is the root.
    static func assemble(_ objects: [[UInt8]]) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(bytes.count))
            bytes += object
        }
        let tableOffset = bytes.count
        bytes += offsets
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        bytes += bigEndian(UInt64(objects.count)) + bigEndian(0) + bigEndian(UInt64(tableOffset))
        return bytes
    }

    static func bigEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    static func ascii(_ text: String) -> [UInt8] {
        precondition(text.utf8.count < 15)
        return [0x50 | UInt8(text.utf8.count)] + Array(text.utf8)
    }

    static func hex(_ text: String) -> [UInt8] {
        let digits = Array(text.filter { !$0.isWhitespace })
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! }
    }
}
