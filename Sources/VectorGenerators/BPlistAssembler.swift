// Sources/VectorGenerators/BPlistAssembler.swift - A tiny bplist byte builder, independent of the codec

/// Lays out a bplist document from object bytes chosen by the caller: header, objects in any order with
/// padding, an offset table of any width and a trailer whose every field can be overridden.
///
/// It knows nothing of values; it exists so that vectors test the reference codec instead of echoing it.
public struct BPlistAssembly: Sendable {
    /// The first bytes of the file (normally `bplist00`).
    public var header: [UInt8] = Array("bplist00".utf8)
    /// Object `i`'s bytes, exactly as written.
    public var objects: [[UInt8]]
    /// The order in which objects are laid out (default: index order).
    public var placement: [Int]?
    /// Bytes written just before object `i` (gaps in the object table).
    public var padding: [Int: [UInt8]] = [:]
    /// Offset-table entries that replace the real offset of object `i`.
    public var offsetOverride: [Int: UInt64] = [:]
    /// Width of offset-table entries (default: the fewest bytes that hold the table's start).
    public var offsetSize: Int?
    /// The reference width written in the trailer (objects are built with it by the caller).
    public var refSize: Int = 1
    /// Trailer field overrides.
    public var trailerOffsetSize: UInt8?
    public var numObjects: UInt64?
    public var topObject: UInt64 = 0
    public var tableOffset: UInt64?
    public var unused: [UInt8] = [0, 0, 0, 0, 0]
    public var sortVersion: UInt8 = 0
    /// Bytes between the last object and the offset table.
    public var beforeTable: [UInt8] = []
    /// Bytes between the offset table and the trailer.
    public var afterTable: [UInt8] = []
    /// Bytes after the trailer.
    public var appended: [UInt8] = []
    /// Extra offset-table entries appended after the real ones.
    public var extraEntries: [UInt64] = []

    public init(objects: [[UInt8]], refSize: Int = 1) {
        self.objects = objects
        self.refSize = refSize
    }

    /// The offset at which object `i` lands (before overrides).
    public func offsets() -> [UInt64] { layout().offsets }

    private func layout() -> (body: [UInt8], offsets: [UInt64]) {
        var out = header
        var offsets = [UInt64](repeating: 0, count: objects.count)
        for index in placement ?? Array(objects.indices) {
            out += padding[index] ?? []
            offsets[index] = UInt64(out.count)
            out += objects[index]
        }
        out += beforeTable
        return (out, offsets)
    }

    /// The complete file.
    public func bytes() -> [UInt8] {
        var (out, offsets) = layout()
        let start = UInt64(out.count)
        let width = offsetSize ?? Obj.minimalWidth(start)
        for index in offsets.indices {
            out += Obj.bigEndian(offsetOverride[index] ?? offsets[index], width: width)
        }
        for entry in extraEntries { out += Obj.bigEndian(entry, width: width) }
        out += afterTable
        out += unused
        out.append(sortVersion)
        out.append(trailerOffsetSize ?? UInt8(width))
        out.append(UInt8(refSize))
        out += Obj.bigEndian(numObjects ?? UInt64(objects.count + extraEntries.count), width: 8)
        out += Obj.bigEndian(topObject, width: 8)
        out += Obj.bigEndian(tableOffset ?? start, width: 8)
        out += appended
        return out
    }
}

/// Object encoders: each returns the bytes of one object, marker first.
public enum Obj {
    /// `value` big-endian in `width` bytes (zero-extended beyond 8 bytes, truncated to the low bytes below).
    public static func bigEndian(_ value: UInt64, width: Int) -> [UInt8] {
        (0..<width).map { index in
            let shift = 8 * (width - 1 - index)
            return shift >= 64 ? 0 : UInt8(truncatingIfNeeded: value >> UInt64(shift))
        }
    }

    /// The fewest of 1, 2, 3… bytes that hold `value` (at least 1).
    public static func minimalWidth(_ value: UInt64) -> Int {
        var width = 1
        while width < 8 && value >> UInt64(8 * width) != 0 { width += 1 }
        return width
    }

    /// The fewest of 1, 2, 4, 8 bytes that hold `value`.
    public static func powerOfTwoWidth(_ value: UInt64) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }

    /// An integer object of exactly `width` bytes (1, 2, 4, 8, 16, or any 2^n for faults).
    public static func int(_ value: UInt64, width: Int) -> [UInt8] {
        var exponent: UInt8 = 0
        while (1 << Int(exponent)) < width { exponent += 1 }
        return [0x10 | exponent] + bigEndian(value, width: width)
    }

    /// The canonical integer: unsigned 1/2/4 bytes, 8 bytes signed for negatives and large values.
    public static func int(_ value: Int64) -> [UInt8] {
        if value < 0 || value > 0xFFFF_FFFF { return int(UInt64(bitPattern: value), width: 8) }
        return int(UInt64(value), width: powerOfTwoWidth(UInt64(value)))
    }

    /// A 16-byte integer with both halves given.
    public static func int16(high: UInt64, low: UInt64) -> [UInt8] {
        [0x14] + bigEndian(high, width: 8) + bigEndian(low, width: 8)
    }

    /// A marker with count `n` in the low nibble, or `0xF` plus an integer object for `n >= 15` (or when `long`).
    public static func counted(_ type: UInt8, _ count: Int, long: Bool = false, countWidth: Int? = nil) -> [UInt8] {
        if count < 15 && !long && countWidth == nil { return [type << 4 | UInt8(count)] }
        let value = UInt64(count)
        return [type << 4 | 0x0F] + int(value, width: countWidth ?? powerOfTwoWidth(value))
    }

    public static func bool(_ value: Bool) -> [UInt8] { [value ? 0x09 : 0x08] }
    public static let null: [UInt8] = [0x00]
    public static let fill: [UInt8] = [0x0F]

    public static func real(_ value: Double) -> [UInt8] { [0x23] + bigEndian(value.bitPattern, width: 8) }
    public static func real32(_ value: Float) -> [UInt8] { [0x22] + bigEndian(UInt64(value.bitPattern), width: 4) }
    public static func date(_ seconds: Double) -> [UInt8] { [0x33] + bigEndian(seconds.bitPattern, width: 8) }

    public static func data(_ bytes: [UInt8], long: Bool = false) -> [UInt8] {
        counted(0x4, bytes.count, long: long) + bytes
    }

    /// An ASCII string object holding `bytes` as they are (the caller decides whether they are 7-bit).
    public static func ascii(_ bytes: [UInt8], long: Bool = false) -> [UInt8] {
        counted(0x5, bytes.count, long: long) + bytes
    }
    public static func ascii(_ text: String) -> [UInt8] { ascii(Array(text.utf8)) }

    /// A UTF-16BE string object holding `units`.
    public static func utf16(units: [UInt16]) -> [UInt8] {
        counted(0x6, units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }
    public static func utf16(_ text: String) -> [UInt8] { utf16(units: Array(text.utf16)) }

    /// The canonical string: ASCII when every scalar is below 0x80, else UTF-16BE.
    public static func string(_ text: String) -> [UInt8] {
        text.unicodeScalars.allSatisfy { $0.value < 0x80 } ? ascii(text) : utf16(text)
    }

    /// A UID of `bytes.count` (1…16) bytes.
    public static func uid(_ bytes: [UInt8]) -> [UInt8] { [0x80 | UInt8(bytes.count - 1)] + bytes }

    public static func refs(_ refs: [UInt64], _ refSize: Int) -> [UInt8] {
        refs.flatMap { bigEndian($0, width: refSize) }
    }
    public static func array(_ items: [UInt64], ref refSize: Int = 1) -> [UInt8] {
        counted(0xA, items.count) + refs(items, refSize)
    }
    public static func set(_ items: [UInt64], ref refSize: Int = 1) -> [UInt8] {
        counted(0xC, items.count) + refs(items, refSize)
    }
    public static func dict(keys: [UInt64], values: [UInt64], ref refSize: Int = 1) -> [UInt8] {
        counted(0xD, keys.count) + refs(keys, refSize) + refs(values, refSize)
    }
}
