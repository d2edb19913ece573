// Sources/Icons/AppInfoFastReader.swift - The common appInfo.json, read without Foundation where that is certain

/// One pass over UTF-8 `appInfo.json` that gives what Foundation's `JSONSerialization` and
/// ``AppInfo/classify(_:)`` give — the ``AppInfo``, or the error with Foundation's text and offset —
/// for the inputs where that is certain; `nil` for everything else, which
/// ``AppInfo/parse(_:limits:acceptTrailingCommas:)`` then leaves to Foundation as before.
///
/// Certain means: an object or array root; strings of ASCII (0x20-0x7F) with the escapes `\" \\ \/
/// \b \f \n \r \t`, or without escapes of any valid UTF-8 not starting with a byte-order mark (which
/// Foundation's `String(bytes:encoding:)` drops); integers of at most 18 characters (they fit in 64
/// bits, so `NSNumber` holds them as integers) and non-negative ones of 19 or 20 digits (a `UInt64`
/// when they fit, out of range otherwise); numbers with a fraction or an exponent of at most 17 characters that `Double`
/// reads as finite (Foundation reads those with `Double` too, not `Decimal`); `true`, `false`,
/// `null`; nesting below 256; trailing commas where Foundation takes them (`[1,]`, `{"a":1,}`; the
/// recommended profile has refused them before). Errors met before anything uncertain are the ones
/// swift-corelibs-foundation's reader reports, at the byte it reports: an unexpected byte ("Invalid
/// value around character N."), the end of the input, a number with a leading zero, a control
/// character in a string, an unknown or bad `\u` escape, invalid UTF-8 in a string without escapes.
/// Anything else — a scalar root, a byte over 0x7F in a string with escapes, a longer number, a NUL or
/// byte-order mark that makes Foundation read UTF-16 or UTF-32 — gives `nil`.
///
/// `AppInfoFastReaderTests` compares it with the Foundation path on every appInfo vector, the
/// committed fuzz corpora and random inputs.
struct AppInfoFastReader {
    /// Deeper nesting is left to Foundation (which refuses 513 levels).
    static let maxDepth = 256

    /// Why the reader stopped: an error Foundation reports the same way, or not certain of its answer.
    enum Stop: Error {
        /// Not certain: Foundation decides.
        case unsure
        /// "Invalid value around character N." (Foundation's `unexpectedCharacter`).
        case invalid(at: Int)
        /// "Unexpected end of file during JSON parse."
        case endOfFile
        /// "Number with leading zero around character N."
        case leadingZero(at: Int)
        /// "Unescaped control character around character N."
        case controlCharacter(at: Int)
        /// "Invalid escape sequence around character N.", N the backslash's offset.
        case invalidEscape(at: Int)
        /// "Invalid hex encoded sequence in "XXXX" at N." (the four bytes after `\u`, at their offset).
        case invalidHex(String, at: Int)
        /// A high surrogate without a `\u` low surrogate after it.
        case missingLowSurrogate
        /// A `\u` low surrogate without a high one.
        case loneSurrogate
        /// "Invalid UTF-8 sequence N bytes starting from character M.": a string's text (without escapes)
        /// that Foundation's `String(bytes:encoding: .utf8)` refuses.
        case invalidUTF8(count: Int, at: Int)

        /// What ``AppInfo/characterOffset(in:)`` finds in ``foundationText``, without searching: the first
        /// "character " in "Unescaped control character around character N." is followed by no digit.
        var offset: Int? {
            switch self {
            case .invalid(let offset), .leadingZero(let offset), .invalidEscape(let offset),
                .invalidUTF8(_, let offset):
                return offset
            case .unsure, .endOfFile, .controlCharacter, .invalidHex, .missingLowSurrogate, .loneSurrogate: return nil
            }
        }

        /// Foundation's text for the error; `nil` when not certain.
        var foundationText: String? {
            switch self {
            case .unsure: return nil
            case .invalid(let offset): return "Invalid value around character \(offset)."
            case .endOfFile: return "Unexpected end of file during JSON parse."
            case .leadingZero(let offset): return "Number with leading zero around character \(offset)."
            case .controlCharacter(let offset): return "Unescaped control character around character \(offset)."
            case .invalidEscape(let offset): return "Invalid escape sequence around character \(offset)."
            case .invalidHex(let quad, let offset): return "Invalid hex encoded sequence in \"\(quad)\" at \(offset)."
            case .missingLowSurrogate:
                return
                    "Unexpected end of file during string parse (expected low-surrogate code point but did not find one)."
            case .loneSurrogate:
                return "Unable to convert hex escape sequence (no high character) to UTF8-encoded character."
            case .invalidUTF8(let count, let offset):
                // Foundation prints the bytes as `Data`, whose description is "N bytes".
                return "Invalid UTF-8 sequence \(count) bytes starting from character \(offset)."
            }
        }
    }

    /// The keys icon selection reads.
    enum Key {
        case icons, width, height, src, other
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// What Foundation's path gives for `bytes` (no size or trailing-comma check here), or `nil` when
    /// the reader is not certain.
    static func read(_ bytes: [UInt8]) -> Result<AppInfo, AppInfoError>? {
        bytes.withUnsafeBufferPointer { buffer -> Result<AppInfo, AppInfoError>? in
            var reader = AppInfoFastReader(buffer)
            do throws(Stop) {
                return .success(try reader.document())
            } catch {
                guard let text = error.foundationText else { return nil }
                return .failure(AppInfoError(category: .malformedJSON, offset: error.offset, detail: text))
            }
        }
    }

    // MARK: Structure

    private mutating func document() throws(Stop) -> AppInfo {
        // A byte-order mark or a NUL among the first bytes: Foundation reads another encoding, or skips the mark;
        // a first byte 0xEF that starts no whole mark is left to Foundation too.
        if bytes.first == 0xEF || AppInfo.foundationReading(bytes) != .asIs { throw .unsure }
        let info: AppInfo
        switch try nextSignificant() {
        case UInt8(ascii: "{"):
            at += 1
            info = AppInfo(rootIsDictionary: true, icons: try rootObject())
        case UInt8(ascii: "["):
            at += 1
            try skipArray(depth: 1)
            info = AppInfo(rootIsDictionary: false, icons: .absent)
        case UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"),
            UInt8(ascii: "f"), UInt8(ascii: "n"):
            throw .unsure  // a scalar root: a fragment error after its own parse
        default:
            throw .invalid(at: at)
        }
        skipWhitespace()
        guard at == bytes.count else { throw .invalid(at: at) }
        return info
    }

    /// The root object's members, after its `{`: what its last `icons` member holds.
    private mutating func rootObject() throws(Stop) -> IconsValue {
        var icons = IconsValue.absent
        guard try !objectEnds(first: true) else { return icons }
        repeat {
            if try memberKey() == .icons {
                icons = try iconsValue()
            } else {
                _ = try value(depth: 1, keep: false)
            }
        } while try !objectEnds(first: false)
        return icons
    }

    /// The value of an `icons` member.
    private mutating func iconsValue() throws(Stop) -> IconsValue {
        guard try nextSignificant() == UInt8(ascii: "[") else { return .notArray(try value(depth: 1, keep: true)) }
        at += 1
        var entries: [IconEntry] = []
        guard try !arrayEnds(first: true) else { return .array(entries) }
        // Room for the usual handful of entries at once: growing 1, 2, 4, 8 cost an allocation each.
        entries.reserveCapacity(8)
        repeat {
            if try nextSignificant() == UInt8(ascii: "{") {
                at += 1
                entries.append(try entryObject())
            } else {
                entries.append(.other(try value(depth: 2, keep: true)))
            }
        } while try !arrayEnds(first: false)
        return .array(entries)
    }

    /// An `icons` element that is an object, after its `{`: its last `width`, `height` and `src`.
    private mutating func entryObject() throws(Stop) -> IconEntry {
        var width = AppInfoValue.absent
        var height = AppInfoValue.absent
        var src = AppInfoValue.absent
        if try !objectEnds(first: true) {
            repeat {
                switch try memberKey() {
                case .width: width = try value(depth: 3, keep: true)
                case .height: height = try value(depth: 3, keep: true)
                case .src: src = try value(depth: 3, keep: true)
                case .icons, .other: _ = try value(depth: 3, keep: false)
                }
            } while try !objectEnds(first: false)
        }
        return .dictionary(width: width, height: height, src: src)
    }

    /// One value at nesting `depth` (the containers around it), classified; a string's text only when
    /// `keep` (otherwise it is checked and `.null` stands for it).
    private mutating func value(depth: Int, keep: Bool) throws(Stop) -> AppInfoValue {
        switch try nextSignificant() {
        case UInt8(ascii: "\""):
            at += 1
            return keep ? .string(try string()) : try skipString()
        case UInt8(ascii: "{"):
            at += 1
            try skipObject(depth: depth + 1)
            return .dictionary
        case UInt8(ascii: "["):
            at += 1
            try skipArray(depth: depth + 1)
            return .array
        case UInt8(ascii: "t"):
            try literal("true")
            return .boolean(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .boolean(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try number()
        default:
            throw .invalid(at: at)
        }
    }

    private mutating func skipObject(depth: Int) throws(Stop) {
        guard depth < Self.maxDepth else { throw .unsure }
        guard try !objectEnds(first: true) else { return }
        repeat {
            _ = try memberKey()
            _ = try value(depth: depth, keep: false)
        } while try !objectEnds(first: false)
    }

    private mutating func skipArray(depth: Int) throws(Stop) {
        guard depth < Self.maxDepth else { throw .unsure }
        guard try !arrayEnds(first: true) else { return }
        repeat {
            _ = try value(depth: depth, keep: false)
        } while try !arrayEnds(first: false)
    }

    /// A member's key and its `:`, which key it is.
    private mutating func memberKey() throws(Stop) -> Key {
        guard try nextSignificant() == UInt8(ascii: "\"") else { throw .invalid(at: at) }
        at += 1
        let start = at
        let key: Key
        if try scanPlain() {
            key = Self.key(bytes[start..<(at - 1)])
        } else {
            at = start
            key = Self.key(Array(try string().utf8)[...])
        }
        guard try nextSignificant() == UInt8(ascii: ":") else { throw .invalid(at: at) }
        at += 1
        return key
    }

    private static func key<Bytes: Collection<UInt8>>(_ text: Bytes) -> Key {
        switch text.count {
        case 3: return text.elementsEqual("src".utf8) ? .src : .other
        case 5:
            if text.elementsEqual("icons".utf8) { return .icons }
            return text.elementsEqual("width".utf8) ? .width : .other
        case 6: return text.elementsEqual("height".utf8) ? .height : .other
        default: return .other
        }
    }

    /// After a member (or, `first`, after the `{`): `true` at the object's `}` (consumed), `false` after
    /// a `,` that another member follows.
    private mutating func objectEnds(first: Bool) throws(Stop) -> Bool {
        try containerEnds(first: first, closer: UInt8(ascii: "}"))
    }

    /// ``objectEnds(first:)`` for arrays.
    private mutating func arrayEnds(first: Bool) throws(Stop) -> Bool {
        try containerEnds(first: first, closer: UInt8(ascii: "]"))
    }

    private mutating func containerEnds(first: Bool, closer: UInt8) throws(Stop) -> Bool {
        var next = try nextSignificant()
        if next == closer {
            at += 1
            return true
        }
        if first { return false }
        guard next == UInt8(ascii: ",") else { throw .invalid(at: at) }
        at += 1
        next = try nextSignificant()
        // Foundation takes a trailing comma: `,` then the container's own closer ends it.
        if next == closer {
            at += 1
            return true
        }
        return false
    }

    // MARK: Scalars

    /// The rest of a string after its `"`, its closing quote consumed.
    private mutating func string() throws(Stop) -> String {
        let start = at
        if try scanPlain() {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(at - 1)]), as: UTF8.self)
        }
        at = start
        var text: [UInt8] = []
        while at < bytes.count {
            let byte = bytes[at]
            at += 1
            switch Self.stringClass[Int(byte)] {
            case Self.plain: text.append(byte)
            case Self.quote: return String(decoding: text, as: UTF8.self)
            case Self.backslash: try escape(into: &text)
            default: throw Self.stop(inString: byte, at: at - 1)
            }
        }
        throw .endOfFile
    }

    /// A string not kept: checked as ``string()`` checks it; `.null` stands for its value.
    private mutating func skipString() throws(Stop) -> AppInfoValue {
        if try scanPlain() { return .null }
        while at < bytes.count {
            let byte = bytes[at]
            at += 1
            switch Self.stringClass[Int(byte)] {
            case Self.plain: continue
            case Self.quote: return .null
            case Self.backslash:
                var ignored: [UInt8] = []
                try escape(into: &ignored)
            default: throw Self.stop(inString: byte, at: at - 1)
            }
        }
        throw .endOfFile
    }

    /// Moves over plain bytes; `true` when a `"` ends them (consumed), `false` at a backslash (not
    /// consumed). A string without escapes or control bytes may also hold valid UTF-8 that Foundation
    /// decodes alike; invalid UTF-8 there is Foundation's error. Called at the start of a string's text
    /// (the offset of that error).
    private mutating func scanPlain() throws(Stop) -> Bool {
        // Most strings: the closing quote found by memchr, and no backslash, control byte or byte over
        // 0x7F before it, tested eight bytes at a time (a byte loop costs a traced compare per byte).
        if let quote = ASCIIText.firstIndex(of: UInt8(ascii: "\""), in: bytes, at..<bytes.count) {
            let span = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[at..<quote]))
            let found = Self.scan(span)
            if !found.controlOrBackslash {
                // Text beyond ASCII: Foundation checks it as UTF-8 when the string ends (after dropping a
                // leading byte-order mark, left to it).
                if found.nonASCII, !Self.decodesAsFoundationDoes(span) {
                    if span.starts(with: [0xEF, 0xBB, 0xBF]) { throw .unsure }
                    throw .invalidUTF8(count: span.count, at: at)
                }
                at = quote + 1
                return true
            }
        }
        while at < bytes.count {
            let kind = Self.stringClass[Int(bytes[at])]
            at += 1
            if kind == Self.plain { continue }
            if kind == Self.quote { return true }
            if kind == Self.backslash {
                at -= 1
                return false
            }
            throw Self.stop(inString: bytes[at - 1], at: at - 1)
        }
        throw .endOfFile
    }

    /// What the bytes of `span` hold: a control byte (below 0x20) or a backslash; a byte over 0x7F.
    static func scan(_ span: UnsafeRawBufferPointer) -> (controlOrBackslash: Bool, nonASCII: Bool) {
        var special: UInt64 = 0
        var high: UInt64 = 0
        var offset = 0
        while offset + 8 <= span.count {
            let word = span.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            special |= controlOrBackslashBytes(word)
            high |= word
            offset += 8
        }
        if offset < span.count {
            var tail: UInt64 = 0x2020_2020_2020_2020  // spaces, plain, after the last bytes
            withUnsafeMutableBytes(of: &tail) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: span[offset...])) }
            special |= controlOrBackslashBytes(tail)
            high |= tail
        }
        return (special != 0, high & 0x8080_8080_8080_8080 != 0)
    }

    /// Whether no byte of `span` is below 0x20, over 0x7F or a backslash.
    static func isPlain(_ span: UnsafeRawBufferPointer) -> Bool {
        scan(span) == (false, false)
    }

    /// Non-zero exactly when some byte of `word` below 0x80 is below 0x20 or a backslash (the classic
    /// "has a byte less than n" and "has a zero byte" word tests; which bits are set does not matter).
    /// Bytes over 0x7F never count.
    static func controlOrBackslashBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let belowSpace = (word &- ones &* 0x20) & ~word & highBits
        let backslashes = word ^ (ones &* 0x5C)
        let backslash = (backslashes &- ones) & ~backslashes & highBits
        return belowSpace | backslash
    }

    /// Whether Foundation's `String(bytes:encoding: .utf8)` gives the same string as a plain UTF-8 decoding
    /// of the whole text of a string without escapes: valid UTF-8 that does not start with a byte-order
    /// mark (which Foundation drops).
    static func decodesAsFoundationDoes(_ span: UnsafeRawBufferPointer) -> Bool {
        if span.starts(with: [0xEF, 0xBB, 0xBF]) { return false }
        return String(validating: span.bindMemory(to: UInt8.self), as: UTF8.self) != nil
    }

    /// A byte in a string that is neither plain, `"` nor `\\`: a control character is Foundation's error
    /// there (every byte before it in the string was ASCII, or the reader stopped earlier), a byte over
    /// 0x7F its UTF-8 check, which is left to it.
    private static func stop(inString byte: UInt8, at offset: Int) -> Stop {
        byte < 0x20 ? .controlCharacter(at: offset) : .unsure
    }

    /// The UTF-8 of what an escape after its `\` stands for, appended to `text`; an unknown escape, a bad
    /// `\u` sequence or a lone surrogate is Foundation's error.
    private mutating func escape(into text: inout [UInt8]) throws(Stop) {
        guard at < bytes.count else { throw .endOfFile }
        let byte = bytes[at]
        at += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"): text.append(contentsOf: String(try unicodeEscape()).utf8)
        default:
            // Foundation decodes the backslash and the byte as UTF-8 before it reports the escape: a byte
            // over 0x7F is an invalid UTF-8 error there, left to it.
            guard byte < 0x80 else { throw .unsure }
            throw .invalidEscape(at: at - 2)
        }
    }

    /// The scalar of a `\u` escape after its `u` (a surrogate pair takes a second `\u`), read as
    /// Foundation reads it.
    private mutating func unicodeEscape() throws(Stop) -> Unicode.Scalar {
        let high = try hexQuad()
        if high & 0xFC00 == 0xD800 {
            guard at + 2 <= bytes.count else { throw .endOfFile }
            // Foundation decodes the bytes read so far as UTF-8 before it reports a missing low surrogate.
            guard bytes[at] < 0x80, bytes[at + 1] < 0x80 else { throw .unsure }
            let isEscape = bytes[at] == UInt8(ascii: "\\") && bytes[at + 1] == UInt8(ascii: "u")
            at += 2
            guard isEscape else { throw .missingLowSurrogate }
            let low = try hexQuad()
            guard low & 0xFC00 == 0xDC00 else { throw .missingLowSurrogate }
            let value = (UInt32(high) - 0xD800) * 0x400 + (UInt32(low) - 0xDC00) + 0x10000
            guard let scalar = Unicode.Scalar(value) else { throw .unsure }
            return scalar
        }
        guard let scalar = Unicode.Scalar(high) else { throw .loneSurrogate }
        return scalar
    }

    /// Four hexadecimal digits.
    private mutating func hexQuad() throws(Stop) -> UInt16 {
        guard at + 4 <= bytes.count else { throw .endOfFile }
        let start = at
        var value: UInt16 = 0
        for offset in start..<(start + 4) {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default:
                let quad = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(start + 4)]), as: UTF8.self)
                throw .invalidHex(quad, at: start)
            }
            value = value << 4 | UInt16(digit)
        }
        at = start + 4
        return value
    }

    /// `true`, `false` or `null`, read as Foundation reads it: byte by byte; a wrong byte is an unexpected
    /// character, or the end of the input when it was the last byte.
    private mutating func literal(_ word: StaticString) throws(Stop) {
        let count = word.utf8CodeUnitCount
        let mismatch = word.withUTF8Buffer { expected -> Int? in
            for offset in 1..<count where at + offset >= bytes.count || bytes[at + offset] != expected[offset] {
                return at + offset
            }
            return nil
        }
        if let mismatch {
            guard mismatch + 1 < bytes.count else { throw .endOfFile }
            throw .invalid(at: mismatch)
        }
        at += count
    }

    /// Where a number is in Foundation's reader: after its sign or digits, a `.`, an `e`, an exponent sign.
    private enum NumberPart {
        case operand, decimalPoint, exponent, exponentSign
    }

    /// A number, read as Foundation's reader reads it (the same grammar, the same error at the same byte),
    /// classified as `NSNumber.fromJSONNumber` and ``AppInfo/classify(_:)`` would for the lengths that are
    /// certain.
    private mutating func number() throws(Stop) -> AppInfoValue {
        let start = at
        var part = NumberPart.operand
        var digitsSincePart = bytes[at] == UInt8(ascii: "-") ? 0 : 1
        var leadingZero = bytes[at] == UInt8(ascii: "0")
        var isInteger = true
        at += 1
        scan: while true {
            guard at < bytes.count else { throw .endOfFile }  // inside a container: its next read ends the input
            let byte = bytes[at]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if leadingZero { throw .leadingZero(at: at) }
                if byte == UInt8(ascii: "0"), digitsSincePart == 0, part == .operand { leadingZero = true }
                digitsSincePart += 1
            case UInt8(ascii: "."):
                guard digitsSincePart > 0, part == .operand else { throw .invalid(at: at) }
                leadingZero = false
                part = .decimalPoint
                digitsSincePart = 0
                isInteger = false
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard digitsSincePart > 0, part == .operand || part == .decimalPoint else { throw .invalid(at: at) }
                leadingZero = false
                part = .exponent
                digitsSincePart = 0
                isInteger = false
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard digitsSincePart == 0, part == .exponent else { throw .invalid(at: at) }
                part = .exponentSign
            case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x0A, 0x0D, 0x09:
                guard digitsSincePart > 0 else { throw .invalid(at: at) }
                break scan
            default:
                throw .invalid(at: at)
            }
            at += 1
        }
        let length = at - start
        if isInteger {
            let negative = bytes[start] == UInt8(ascii: "-")
            if !negative, length <= 20, length > 18 { return unsignedInteger(start..<at) }
            guard length <= 18 else { throw .unsure }
            var magnitude = 0
            for offset in (start + (negative ? 1 : 0))..<at {
                magnitude = magnitude * 10 + Int(bytes[offset] &- UInt8(ascii: "0"))
            }
            return .integer(negative ? -magnitude : magnitude)
        }
        guard length <= 17,
            let real = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)),
            real.isFinite
        else { throw .unsure }
        return .real(real)
    }

    /// A non-negative integer of 19 or 20 digits: Foundation reads it as a `UInt64` when it fits (an
    /// integer up to `Int.max`, out of range above), else as a `Decimal` of at least 1.8e19 (out of range).
    private func unsignedInteger(_ digits: Range<Int>) -> AppInfoValue {
        var value: UInt64 = 0
        for offset in digits {
            let (times10, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowPlus) = times10.addingReportingOverflow(UInt64(bytes[offset] &- UInt8(ascii: "0")))
            if overflowTimes || overflowPlus { return .largeInteger(negative: false) }
            value = sum
        }
        return value > UInt64(Int.max) ? .largeInteger(negative: false) : .integer(Int(value))
    }

    // MARK: Whitespace

    /// The next byte that is not JSON whitespace (not consumed); the end of the input is Foundation's error.
    private mutating func nextSignificant() throws(Stop) -> UInt8 {
        skipWhitespace()
        guard at < bytes.count else { throw .endOfFile }
        return bytes[at]
    }

    private mutating func skipWhitespace() {
        while at < bytes.count, Self.isWhitespace(bytes[at]) { at += 1 }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    // MARK: Byte classes in strings

    private static let plain: UInt8 = 0
    private static let quote: UInt8 = 1
    private static let backslash: UInt8 = 2
    private static let other: UInt8 = 3

    /// Per byte inside a string: plain (ASCII 0x20-0x7F but `"` and `\`), quote, backslash, or other
    /// (a control character is a Foundation error, a byte over 0x7F its UTF-8 check).
    private static let stringClass: [UInt8] = (0..<256).map { byte in
        switch byte {
        case 0x22: return quote
        case 0x5C: return backslash
        case 0x20...0x7F: return plain
        default: return other
        }
    }
}
