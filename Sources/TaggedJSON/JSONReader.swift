// Sources/TaggedJSON/JSONReader.swift - A strict RFC 8259 JSON parser that tracks the JSON path

import BinaryPlist

/// Parses JSON text into a `JSONTape`, reporting faults with the JSON path of the value being read and the
/// byte offset.
struct JSONReader {
    /// Containers may nest this deep (a bplist holds 512 levels; a leaf adds one).
    static let maximumDepth = 1024

    /// Objects with fewer members than this find a duplicate key by comparing with each earlier key (no set).
    private static let linearKeyScanLimit = 16

    /// The text, valid for the reader's life (`parse` reads inside `withUnsafeBufferPointer`): every read is after
    /// an explicit `index < bytes.count` test, so the array's own bounds check per byte is not repeated.
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// The path of the value being read.
    private var trail = JSONPathTrail()
    /// What has been read so far.
    private var tape = JSONTape()
    /// How this reading differs from the default.
    private let options: Options

    /// What a caller may ask of a reading besides the strict default.
    struct Options {
        /// Fill `JSONTape.offsets`: the byte offset where each entry's text starts.
        var recordsOffsets = false
        /// Keep every member of an object whose key was already seen instead of rejecting the text, so that the
        /// caller can say which key is repeated and where (the field object does).
        var keepsDuplicateKeys = false
    }

    /// The values of `bytes`, one strict (RFC 8259) JSON text; object members keep their order (duplicate
    /// keys are rejected unless `options` keeps them).
    static func parse(_ bytes: [UInt8], options: Options = Options()) throws(TaggedJSONError) -> JSONTape {
        try bytes.withUnsafeBufferPointer { (buffer) throws(TaggedJSONError) -> JSONTape in
            var reader = JSONReader(bytes: buffer, options: options)
            reader.reserveCapacity()
            reader.skipSpace()
            try reader.value(depth: 0)
            reader.skipSpace()
            guard reader.index == buffer.count else { throw reader.fail("text after the JSON value") }
            return reader.tape
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, options: Options) {
        self.bytes = bytes
        self.options = options
    }

    /// Up to this many entries (and strings) are reserved before reading; larger texts grow the tape as they go.
    private static let reservedEntryLimit = 512

    /// Sizes the tape for the text once, from the density of the seed corpus's documents (one entry per 8
    /// bytes and one string per 12 for half of them), instead of growing it from empty; denser text grows it.
    private mutating func reserveCapacity() {
        tape.entries.reserveCapacity(min(bytes.count / 8 + 4, Self.reservedEntryLimit))
        tape.strings.reserveCapacity(min(bytes.count / 12 + 2, Self.reservedEntryLimit / 2))
        trail.reserveCapacity(16)
    }

    /// An error at the path of the value being read.
    private func fail(_ message: String) -> TaggedJSONError {
        TaggedJSONError(path: trail.text(tape.strings), "\(message) (byte \(index))", offset: index)
    }

    /// Records where the entry about to be appended starts, when the options ask for offsets.
    private mutating func noteStart(_ offset: Int) {
        if options.recordsOffsets { tape.offsets.append(offset) }
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func expect(_ literal: StaticString) throws(TaggedJSONError) {
        let utf8 = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw fail("invalid literal") }
            index += 1
        }
    }

    /// Appends one entry with no contents.
    private mutating func appendLeaf(_ kind: JSONTape.Kind, payload: Int = 0, start: Int) {
        noteStart(start)
        tape.entries.append(JSONTape.Entry(kind, payload: payload, end: tape.entries.count + 1))
    }

    private mutating func value(depth: Int) throws(TaggedJSONError) {
        guard index < bytes.count else { throw fail("JSON ends where a value was expected") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw fail("nesting deeper than \(Self.maximumDepth)") }
            try object(depth: depth + 1)
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw fail("nesting deeper than \(Self.maximumDepth)") }
            try array(depth: depth + 1)
        case UInt8(ascii: "\""): appendLeaf(.string, payload: try string(), start: start)
        case UInt8(ascii: "t"):
            try expect("true")
            appendLeaf(.bool, payload: 1, start: start)
        case UInt8(ascii: "f"):
            try expect("false")
            appendLeaf(.bool, payload: 0, start: start)
        case UInt8(ascii: "n"):
            try expect("null")
            appendLeaf(.null, start: start)
        default:
            try number()
            appendLeaf(.number, start: start)
        }
    }

    /// Reads an object into the tape: its entry (count and end filled in at the end), then per member the
    /// key's entry and the value's.
    private mutating func object(depth: Int) throws(TaggedJSONError) {
        noteStart(index)
        index += 1
        let at = tape.entries.count
        tape.entries.append(JSONTape.Entry(.object, payload: 0, end: 0))
        var count = 0
        var seen: Set<String> = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            tape.entries[at] = JSONTape.Entry(.object, payload: 0, end: at + 1)
            return
        }
        // One step for all members: a member's key while its value is read, no step between members.
        trail.pushBetween()
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fail("expected a string key")
            }
            let keyStart = index
            let key = try string()
            trail.enterMember(key: key)
            if !options.keepsDuplicateKeys, isDuplicate(key, inObjectAt: at, count: count, seen: &seen) {
                throw fail("duplicate key")
            }
            appendLeaf(.string, payload: key, start: keyStart)
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
            skipSpace()
            try value(depth: depth)
            count += 1
            trail.leave()
            skipSpace()
            guard index < bytes.count else { throw fail("JSON ends inside an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
            index += 1
            trail.pop()
            tape.entries[at] = JSONTape.Entry(.object, payload: count, end: tape.entries.count)
            return
        }
    }

    /// Whether `strings[key]` equals (as Swift strings: canonically equivalent) the key of one of the `count`
    /// earlier members of the object at `object`; a small object compares with each, a large one keeps
    /// `seen`, filled with the earlier keys on first use.
    private func isDuplicate(_ key: Int, inObjectAt object: Int, count: Int, seen: inout Set<String>) -> Bool {
        let text = tape.strings[key]
        var member = object + 1
        if count < Self.linearKeyScanLimit {
            for _ in 0..<count {
                if tape.string(at: member) == text { return true }
                member = tape.entries[member + 1].end
            }
            return false
        }
        if seen.isEmpty {
            seen.reserveCapacity(count)
            for _ in 0..<count {
                seen.insert(tape.string(at: member))
                member = tape.entries[member + 1].end
            }
        }
        return !seen.insert(text).inserted
    }

    /// Reads an array into the tape: its entry (count and end filled in at the end), then the elements'.
    private mutating func array(depth: Int) throws(TaggedJSONError) {
        noteStart(index)
        index += 1
        let at = tape.entries.count
        tape.entries.append(JSONTape.Entry(.array, payload: 0, end: 0))
        var count = 0
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            tape.entries[at] = JSONTape.Entry(.array, payload: 0, end: at + 1)
            return
        }
        // One step for all elements: an element's index while it is read, no step between elements.
        trail.pushBetween()
        while true {
            skipSpace()
            trail.enterElement(count)
            try value(depth: depth)
            count += 1
            trail.leave()
            skipSpace()
            guard index < bytes.count else { throw fail("JSON ends inside an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
            index += 1
            trail.pop()
            tape.entries[at] = JSONTape.Entry(.array, payload: count, end: tape.entries.count)
            return
        }
    }

    /// Reads a number (its text is not kept: no tagged-JSON value is a number).
    private mutating func number() throws(TaggedJSONError) {
        func digits(_ reader: inout JSONReader) -> Int {
            let first = reader.index
            while reader.index < reader.bytes.count, (0x30...0x39).contains(reader.bytes[reader.index]) {
                reader.index += 1
            }
            return reader.index - first
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digits(&self) > 0 else { throw fail("invalid value") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw fail("invalid number") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits(&self) > 0 else { throw fail("invalid number") }
        }
    }

    private mutating func hex4() throws(TaggedJSONError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw fail("invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Reads a string literal into `tape.strings`; returns its index there.
    private mutating func string() throws(TaggedJSONError) -> Int {
        let text = try stringText()
        tape.strings.append(text)
        return tape.strings.count - 1
    }

    /// A string literal; a run without escapes (the common case) becomes the string directly.
    private mutating func stringText() throws(TaggedJSONError) -> String {
        index += 1
        let start = index
        index = JSONStringScan.endOfPlainRun(in: bytes, from: start)
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            let end = index - 1
            // ASCII is valid UTF-8: decoding it cannot repair anything.
            let run = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if JSONStringScan.isASCII(run) { return String(decoding: run, as: UTF8.self) }
            guard let text = String(validating: run, as: UTF8.self) else {
                throw fail("string is not valid UTF-8")
            }
            return text
        }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(index - start + 16)
        utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while true {
            // Bytes that need no escape are copied a run at a time.
            let runEnd = JSONStringScan.endOfPlainRun(in: bytes, from: index)
            if runEnd > index {
                utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<runEnd]))
                index = runEnd
            }
            guard index < bytes.count else { throw fail("JSON ends inside a string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                break
            }
            guard byte >= 0x20 else { throw fail("control character in a string") }
            // The byte is `\`.
            index += 1
            guard index < bytes.count else { throw fail("JSON ends inside an escape") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if scalar & 0xFC00 == 0xDC00 { throw fail("unpaired surrogate escape") }
                if scalar & 0xFC00 == 0xD800 {
                    guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { throw fail("unpaired surrogate escape") }
                    index += 2
                    let low = try hex4()
                    guard low & 0xFC00 == 0xDC00 else { throw fail("unpaired surrogate escape") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape") }
                UTF8.encode(unicode) { utf8.append($0) }
            default: throw fail("invalid escape")
            }
        }
        guard let text = String(validating: utf8, as: UTF8.self) else { throw fail("string is not valid UTF-8") }
        return text
    }
}

/// JSON path spelling: `$.name`, `$["odd key"]`, `$[3]`.
enum JSONPath {
    /// Appends the step to member `key` to the UTF-8 bytes of a path.
    static func appendMember(_ key: String, to path: inout [UInt8]) {
        let isIdentifier =
            !key.isEmpty
            && key.utf8.enumerated().allSatisfy { position, byte in
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
                    || (position > 0 && byte >= 0x30 && byte <= 0x39)
            }
        if isIdentifier {
            path.append(UInt8(ascii: "."))
            path.append(contentsOf: key.utf8)
        } else {
            path.append(UInt8(ascii: "["))
            JSONWriter.quote(key, to: &path)
            path.append(UInt8(ascii: "]"))
        }
    }
}
