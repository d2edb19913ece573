// Sources/Icons/AppInfoFastReader.swift - The common appInfo.json, read without Foundation where that is certain

/// One pass over UTF-8 `appInfo.json` that gives the ``AppInfo`` Foundation's `JSONSerialization`
/// and ``AppInfo/classify(_:)`` give, for the inputs where that is certain; `nil` for everything
/// else, which ``AppInfo/parse(_:limits:acceptTrailingCommas:)`` then leaves to Foundation as before.
///
/// Certain means: an object or array root; strings of ASCII (0x20-0x7F) with the escapes `\" \\ \/
/// \b \f \n \r \t`; integers of at most 18 characters (they fit in 64 bits, so `NSNumber` holds them
/// as integers); numbers with a fraction or an exponent of at most 17 characters that `Double`
/// reads as finite (Foundation reads those with `Double` too, not `Decimal`); `true`, `false`,
/// `null`; nesting below 256; trailing commas where Foundation takes them (`[1,]`, `{"a":1,}`; the
/// recommended profile has refused them before). Anything else — any JSON error (so every error
/// and its text is still Foundation's), a `\u` escape, a byte over 0x7F, a longer number, a NUL or
/// byte-order mark that makes Foundation read UTF-16 or UTF-32 — gives `nil`.
///
/// `AppInfoFastReaderTests` compares it with the Foundation path on every appInfo vector, the
/// committed fuzz corpora and random inputs.
struct AppInfoFastReader {
    /// Deeper nesting is left to Foundation (which refuses 513 levels).
    static let maxDepth = 256

    /// Why the reader stopped: not certain of Foundation's answer.
    struct Unsure: Error {}

    /// The keys icon selection reads.
    enum Key {
        case icons, width, height, src, other
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The ``AppInfo`` Foundation's path gives for `bytes`, or `nil` when the reader is not certain.
    static func read(_ bytes: [UInt8]) -> AppInfo? {
        bytes.withUnsafeBufferPointer { buffer -> AppInfo? in
            var reader = AppInfoFastReader(buffer)
            do {
                return try reader.document()
            } catch {
                return nil
            }
        }
    }

    // MARK: Structure

    private mutating func document() throws(Unsure) -> AppInfo {
        let info: AppInfo
        switch try nextSignificant() {
        case UInt8(ascii: "{"):
            at += 1
            info = AppInfo(rootIsDictionary: true, icons: try rootObject())
        case UInt8(ascii: "["):
            at += 1
            try skipArray(depth: 1)
            info = AppInfo(rootIsDictionary: false, icons: .absent)
        default:
            throw Unsure()  // a fragment, an error, or another encoding
        }
        skipWhitespace()
        guard at == bytes.count else { throw Unsure() }
        return info
    }

    /// The root object's members, after its `{`: what its last `icons` member holds.
    private mutating func rootObject() throws(Unsure) -> IconsValue {
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
    private mutating func iconsValue() throws(Unsure) -> IconsValue {
        guard try nextSignificant() == UInt8(ascii: "[") else { return .notArray(try value(depth: 1, keep: true)) }
        at += 1
        var entries: [IconEntry] = []
        guard try !arrayEnds(first: true) else { return .array(entries) }
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
    private mutating func entryObject() throws(Unsure) -> IconEntry {
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
    private mutating func value(depth: Int, keep: Bool) throws(Unsure) -> AppInfoValue {
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
        default:
            return try number()
        }
    }

    private mutating func skipObject(depth: Int) throws(Unsure) {
        guard depth < Self.maxDepth else { throw Unsure() }
        guard try !objectEnds(first: true) else { return }
        repeat {
            _ = try memberKey()
            _ = try value(depth: depth, keep: false)
        } while try !objectEnds(first: false)
    }

    private mutating func skipArray(depth: Int) throws(Unsure) {
        guard depth < Self.maxDepth else { throw Unsure() }
        guard try !arrayEnds(first: true) else { return }
        repeat {
            _ = try value(depth: depth, keep: false)
        } while try !arrayEnds(first: false)
    }

    /// A member's key and its `:`, which key it is.
    private mutating func memberKey() throws(Unsure) -> Key {
        guard try nextSignificant() == UInt8(ascii: "\"") else { throw Unsure() }
        at += 1
        let start = at
        let key: Key
        if try scanPlain() {
            key = Self.key(bytes[start..<(at - 1)])
        } else {
            at = start
            key = Self.key(Array(try string().utf8)[...])
        }
        guard try nextSignificant() == UInt8(ascii: ":") else { throw Unsure() }
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
    private mutating func objectEnds(first: Bool) throws(Unsure) -> Bool {
        try containerEnds(first: first, closer: UInt8(ascii: "}"))
    }

    /// ``objectEnds(first:)`` for arrays.
    private mutating func arrayEnds(first: Bool) throws(Unsure) -> Bool {
        try containerEnds(first: first, closer: UInt8(ascii: "]"))
    }

    private mutating func containerEnds(first: Bool, closer: UInt8) throws(Unsure) -> Bool {
        var next = try nextSignificant()
        if next == closer {
            at += 1
            return true
        }
        if first { return false }
        guard next == UInt8(ascii: ",") else { throw Unsure() }
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
    private mutating func string() throws(Unsure) -> String {
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
            case Self.backslash: text.append(try escape())
            default: throw Unsure()
            }
        }
        throw Unsure()
    }

    /// A string not kept: checked as ``string()`` checks it; `.null` stands for its value.
    private mutating func skipString() throws(Unsure) -> AppInfoValue {
        while at < bytes.count {
            let byte = bytes[at]
            at += 1
            switch Self.stringClass[Int(byte)] {
            case Self.plain: continue
            case Self.quote: return .null
            case Self.backslash: _ = try escape()
            default: throw Unsure()
            }
        }
        throw Unsure()
    }

    /// Moves over plain bytes; `true` when a `"` ends them (consumed), `false` at a `\` (not consumed).
    private mutating func scanPlain() throws(Unsure) -> Bool {
        while at < bytes.count {
            let kind = Self.stringClass[Int(bytes[at])]
            at += 1
            if kind == Self.plain { continue }
            if kind == Self.quote { return true }
            if kind == Self.backslash {
                at -= 1
                return false
            }
            throw Unsure()
        }
        throw Unsure()
    }

    /// The byte an escape after its `\` stands for; `\u` and unknown escapes are not certain.
    private mutating func escape() throws(Unsure) -> UInt8 {
        guard at < bytes.count else { throw Unsure() }
        let byte = bytes[at]
        at += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return byte
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        default: throw Unsure()
        }
    }

    private mutating func literal(_ word: StaticString) throws(Unsure) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - at >= count else { throw Unsure() }
        let matches = word.withUTF8Buffer { expected in
            UnsafeBufferPointer(rebasing: bytes[at..<(at + count)]).elementsEqual(expected)
        }
        guard matches else { throw Unsure() }
        at += count
    }

    /// A number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` followed by whitespace, `,`, `]` or `}`
    /// (what Foundation's reader takes), classified as `NSNumber.fromJSONNumber` and ``AppInfo/classify(_:)``
    /// would for the lengths that are certain.
    private mutating func number() throws(Unsure) -> AppInfoValue {
        let start = at
        var negative = false
        if at < bytes.count, bytes[at] == UInt8(ascii: "-") {
            negative = true
            at += 1
        }
        let integerDigits = digits()
        guard integerDigits > 0, integerDigits == 1 || bytes[at - integerDigits] != UInt8(ascii: "0") else {
            throw Unsure()
        }
        var isInteger = true
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            guard digits() > 0 else { throw Unsure() }
            isInteger = false
        }
        if at < bytes.count, bytes[at] | 0x20 == UInt8(ascii: "e") {
            at += 1
            if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard digits() > 0 else { throw Unsure() }
            isInteger = false
        }
        // Foundation's reader ends a number only there; at the end of the input it is a root fragment.
        guard at < bytes.count, Self.endsNumber(bytes[at]) else { throw Unsure() }
        let length = at - start
        if isInteger {
            guard length <= 18 else { throw Unsure() }
            var magnitude = 0
            for offset in (start + (negative ? 1 : 0))..<at {
                magnitude = magnitude * 10 + Int(bytes[offset] &- UInt8(ascii: "0"))
            }
            return .integer(negative ? -magnitude : magnitude)
        }
        guard length <= 17,
            let real = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)),
            real.isFinite
        else { throw Unsure() }
        return .real(real)
    }

    /// Moves over ASCII digits; how many.
    private mutating func digits() -> Int {
        let start = at
        while at < bytes.count, bytes[at] &- UInt8(ascii: "0") < 10 { at += 1 }
        return at - start
    }

    private static func endsNumber(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") || isWhitespace(byte)
    }

    // MARK: Whitespace

    /// The next byte that is not JSON whitespace (not consumed); the end of the input is not certain.
    private mutating func nextSignificant() throws(Unsure) -> UInt8 {
        skipWhitespace()
        guard at < bytes.count else { throw Unsure() }
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
    private static let unsure: UInt8 = 3

    /// Per byte inside a string: plain (ASCII 0x20-0x7F but `"` and `\`), quote, backslash, or not
    /// certain (a control character is a Foundation error, a byte over 0x7F its UTF-8 check).
    private static let stringClass: [UInt8] = (0..<256).map { byte in
        switch byte {
        case 0x22: return quote
        case 0x5C: return backslash
        case 0x20...0x7F: return plain
        default: return unsure
        }
    }
}
