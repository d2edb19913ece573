// Sources/BinaryPlist/ByteView.swift - The one audited file that reads the input through a raw pointer
//
// Audit notes: every accessor checks its range against `count` with `precondition` (a bug in the
// decoder traps instead of reading out of bounds); the decoder validates every range against the
// offset table start before it calls in, so the preconditions never fire on any input. The pointer
// never escapes `ByteView.with(_:_:)`.

/// A read-only view of the input bytes, valid only inside `ByteView.with(_:_:)`.
struct ByteView {
    private let base: UnsafeBufferPointer<UInt8>

    /// The number of bytes in the view.
    var count: Int { base.count }

    private init(_ base: UnsafeBufferPointer<UInt8>) { self.base = base }

    /// A view of a buffer the caller keeps alive for as long as the view is used (a checked
    /// document's input, inside its own `withUnsafeBufferPointer`).
    init(unchecked base: UnsafeBufferPointer<UInt8>) { self.base = base }

    /// Runs `body` with a view of `bytes` (one contiguous buffer, no copy).
    static func with<R, E: Error>(_ bytes: [UInt8], _ body: (ByteView) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = bytes.withUnsafeBufferPointer { buffer in
            do throws(E) {
                return .success(try body(ByteView(buffer)))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    @inline(__always) private func check(_ offset: Int, _ length: Int) {
        // Unsigned compares: a negative offset or length becomes huge and fails the same test.
        precondition(
            UInt(bitPattern: length) <= UInt(bitPattern: base.count)
                && UInt(bitPattern: offset) <= UInt(bitPattern: base.count - length))
    }

    /// The byte at `offset`.
    @inline(__always) subscript(offset: Int) -> UInt8 {
        check(offset, 1)
        return base[offset]
    }

    /// The big-endian unsigned integer of `width` bytes at `offset`, or nil when it exceeds 64 bits.
    @inline(__always) func uint(at offset: Int, width: Int) -> UInt64? {
        check(offset, width)
        switch width {
        case 1: return UInt64(base[offset])
        case 2: return UInt64(base[offset]) << 8 | UInt64(base[offset + 1])
        case 4:
            return UInt64(base[offset]) << 24 | UInt64(base[offset + 1]) << 16 | UInt64(base[offset + 2]) << 8
                | UInt64(base[offset + 3])
        case 8:
            var value: UInt64 = 0
            for index in offset..<(offset + 8) { value = value << 8 | UInt64(base[index]) }
            return value
        default:
            var value: UInt64 = 0
            for index in offset..<(offset + width) {
                if value >> 56 != 0 { return nil }
                value = value << 8 | UInt64(base[index])
            }
            return value
        }
    }

    /// The index of the first of `count` big-endian `width`-byte entries at `offset` whose value lies
    /// outside `bounds`, or nil when all lie inside (one check of the whole table, then plain loads).
    func firstEntry(at offset: Int, count: Int, width: Int, outside bounds: Range<UInt64>) -> Int? {
        let (length, overflow) = count.multipliedReportingOverflow(by: width)
        precondition(!overflow)
        check(offset, length)
        @inline(__always) func scan(_ read: (Int) -> UInt64) -> Int? {
            var position = offset
            for index in 0..<count {
                if !bounds.contains(read(position)) { return index }
                position += width
            }
            return nil
        }
        switch width {
        case 1: return scan { UInt64(base[$0]) }
        case 2: return scan { UInt64(base[$0]) << 8 | UInt64(base[$0 + 1]) }
        case 4:
            return scan {
                UInt64(base[$0]) << 24 | UInt64(base[$0 + 1]) << 16 | UInt64(base[$0 + 2]) << 8 | UInt64(base[$0 + 3])
            }
        default:
            // Wider than 8 bytes, a value above 64 bits lies outside every range of UInt64 values.
            return scan { uint(at: $0, width: width) ?? UInt64.max }
        }
    }

    /// A copy of `length` bytes at `offset`.
    func bytes(at offset: Int, count length: Int) -> [UInt8] {
        check(offset, length)
        return Array(UnsafeBufferPointer(rebasing: base[offset..<(offset + length)]))
    }

    /// The offset of the first byte ≥ 0x80 among `length` bytes at `offset`, or nil when all are 7-bit.
    @inline(__always) func firstNonASCII(at offset: Int, count length: Int) -> Int? {
        check(offset, length)
        let slice = UnsafeBufferPointer(rebasing: base[offset..<(offset + length)])
        if ByteView.isASCII(slice) { return nil }
        return offset + (slice.firstIndex { $0 >= 0x80 } ?? 0)
    }

    /// The offset of the first unpaired surrogate among `units` UTF-16BE units at `offset`, or nil.
    func firstUnpairedSurrogate(at offset: Int, units: Int) -> Int? {
        check(offset, units * 2)
        var index = 0
        while index < units {
            let unit = UInt16(base[offset + 2 * index]) << 8 | UInt16(base[offset + 2 * index + 1])
            if unit & 0xF800 == 0xD800 {
                guard unit < 0xDC00, index + 1 < units else { return offset + 2 * index }
                let low = UInt16(base[offset + 2 * index + 2]) << 8 | UInt16(base[offset + 2 * index + 3])
                guard low & 0xFC00 == 0xDC00 else { return offset + 2 * index }
                index += 1
            }
            index += 1
        }
        return nil
    }

    /// The string of `length` bytes at `offset`, already checked to be 7-bit ASCII.
    @inline(__always) func checkedASCIIString(at offset: Int, count length: Int) -> String {
        check(offset, length)
        return String(decoding: UnsafeBufferPointer(rebasing: base[offset..<(offset + length)]), as: UTF8.self)
    }

    /// The string of `units` UTF-16BE units at `offset`, already checked to pair every surrogate.
    func checkedUTF16String(at offset: Int, units: Int) -> String {
        switch utf16String(at: offset, units: units) {
        case .success(let string): return string
        case .failure: return ""
        }
    }

    /// Whether the `length` bytes at `first` equal the `length` bytes at `second`.
    @inline(__always) func bytesEqual(at first: Int, and second: Int, count length: Int) -> Bool {
        check(first, length)
        check(second, length)
        guard let start = base.baseAddress else { return true }
        return ByteView.equal(UnsafeRawPointer(start + first), UnsafeRawPointer(start + second), count: length)
    }

    /// Whether the `length` bytes at `offset` equal `other`.
    @inline(__always) func bytesEqual(at offset: Int, count length: Int, to other: UnsafeBufferPointer<UInt8>) -> Bool {
        check(offset, length)
        guard length == other.count else { return false }
        guard let start = base.baseAddress, let second = other.baseAddress else { return true }
        return ByteView.equal(UnsafeRawPointer(start + offset), UnsafeRawPointer(second), count: length)
    }

    /// Whether two buffers hold the same bytes.
    @inline(__always) static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let x = a.baseAddress, let y = b.baseAddress else { return true }
        return equal(UnsafeRawPointer(x), UnsafeRawPointer(y), count: a.count)
    }

    /// Whether `count` bytes at `a` and `b` are equal, eight at a time.
    @inline(__always) private static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        var index = 0
        while index + 8 <= count {
            if a.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                != b.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            {
                return false
            }
            index += 8
        }
        while index < count {
            if a.load(fromByteOffset: index, as: UInt8.self) != b.load(fromByteOffset: index, as: UInt8.self) {
                return false
            }
            index += 1
        }
        return true
    }

    /// The UTF-16BE string of `units` code units at `offset`, or the offset of its first ill-formed unit.
    func utf16String(at offset: Int, units: Int) -> Result<String, BadByte> {
        check(offset, units * 2)
        let slice = UnsafeBufferPointer(rebasing: base[offset..<(offset + units * 2)])
        var bad: Int?
        // At most 3 UTF-8 bytes per UTF-16 unit (a surrogate pair of 2 units makes 4).
        let string = String(unsafeUninitializedCapacity: units * 3) { out in
            var written = 0
            var index = 0
            while index < units {
                let unit = UInt32(slice[2 * index]) << 8 | UInt32(slice[2 * index + 1])
                var scalar = unit
                if unit & 0xF800 == 0xD800 {
                    guard unit < 0xDC00, index + 1 < units else {
                        bad = offset + 2 * index
                        return 0
                    }
                    let low = UInt32(slice[2 * index + 2]) << 8 | UInt32(slice[2 * index + 3])
                    guard low & 0xFC00 == 0xDC00 else {
                        bad = offset + 2 * index
                        return 0
                    }
                    scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    index += 1
                }
                index += 1
                written += ByteView.appendUTF8(scalar, to: out, at: written)
            }
            return written
        }
        if let bad { return .failure(BadByte(offset: bad)) }
        return .success(string)
    }

    private static func appendUTF8(_ scalar: UInt32, to out: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
        switch scalar {
        case 0..<0x80:
            out[index] = UInt8(scalar)
            return 1
        case 0x80..<0x800:
            out[index] = UInt8(0xC0 | scalar >> 6)
            out[index + 1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case 0x800..<0x10000:
            out[index] = UInt8(0xE0 | scalar >> 12)
            out[index + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[index + 2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            out[index] = UInt8(0xF0 | scalar >> 18)
            out[index + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            out[index + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[index + 3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }
}

/// The offset of a byte that breaks a string's encoding.
struct BadByte: Error {
    var offset: Int
}

extension ByteView {
    /// Whether every byte of `string`'s UTF-8 is below 0x80 (reads native storage in place).
    static func isASCII(_ string: String) -> Bool {
        let utf8 = string.utf8
        if let result = utf8.withContiguousStorageIfAvailable({ isASCII($0) }) { return result }
        return utf8.allSatisfy { $0 < 0x80 }
    }

    /// Whether every byte of `bytes` is below 0x80, eight bytes at a time.
    @inline(__always) static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(start)
        let count = bytes.count
        var any: UInt64 = 0
        var index = 0
        while index + 8 <= count {
            any |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        if index < count {
            // The tail in one load: the last eight bytes when there are eight, else 4 + 4, 2 + 2 or 1
            // overlapping bytes.
            if count >= 8 {
                any |= raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            } else if count >= 4 {
                any |= UInt64(raw.loadUnaligned(as: UInt32.self))
                any |= UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            } else if count >= 2 {
                any |= UInt64(raw.loadUnaligned(as: UInt16.self))
                any |= UInt64(raw.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self))
            } else {
                any |= UInt64(start[0])
            }
        }
        return any & 0x8080_8080_8080_8080 == 0
    }
}
