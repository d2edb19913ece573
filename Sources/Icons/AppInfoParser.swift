// Sources/Icons/AppInfoParser.swift - appInfo.json bytes -> AppInfo, as Foundation's JSONSerialization reads them

import Foundation

extension AppInfo {
    /// Parses `appInfo.json` with Foundation's `JSONSerialization` (no options, as the original's
    /// `JSONObjectWithData:options:0`), keeping for each `icons` entry how `width`, `height` and
    /// `src` are held.
    ///
    /// Numbers keep the distinction `NSNumber` makes: a boolean (`true`), an integer (`1`), a real
    /// (`1.0`, `1e0`) and an integer too large for 64 bits are told apart.
    ///
    /// A trailing comma (`[1,]`, `{"a":1,}`) is not RFC 8259 JSON, but Apple's `NSJSONSerialization`
    /// (the original's parser) and swift-corelibs-foundation's accept it: `acceptTrailingCommas`
    /// false (the recommended profile) rejects it before Foundation sees the bytes; true (the legacy
    /// profile) leaves it to Foundation, as the original does.
    ///
    /// Most inputs are read by ``AppInfoFastReader`` instead, which gives Foundation's result (the value,
    /// or the error with Foundation's text and offset) without Foundation where it is certain of it and
    /// leaves everything else to Foundation.
    /// - Throws: ``AppInfoError`` `.limit` when the input exceeds `limits`, `.malformedJSON` when it
    ///   is not JSON with an object or array root.
    public static func parse(
        _ bytes: [UInt8], limits: AppInfoLimits = .default, acceptTrailingCommas: Bool = false
    ) throws(AppInfoError) -> AppInfo {
        guard bytes.count <= limits.maxBytes else {
            throw AppInfoError(
                category: .limit, offset: limits.maxBytes,
                detail: "appInfo.json is \(bytes.count) bytes, over the \(limits.maxBytes)-byte limit")
        }
        if !acceptTrailingCommas, let comma = trailingComma(in: bytes) {
            throw AppInfoError(category: .malformedJSON, offset: comma, detail: trailingCommaDetail)
        }
        // The common input needs no Foundation; the reader gives up wherever it is not certain of its answer.
        if let read = AppInfoFastReader.read(bytes) {
            let info = try read.get()
            if case .array(let entries) = info.icons, entries.count > limits.maxEntries {
                throw tooManyEntries(entries.count, limits: limits)
            }
            return info
        }
        return try parseWithFoundation(bytes, limits: limits)
    }

    /// The detail of the error `parse` gives for a trailing comma it refuses (no other error has it).
    public static let trailingCommaDetail = "trailing comma before a closing bracket or brace"

    /// The parse by `JSONSerialization`, the reference for ``AppInfoFastReader`` (no trailing-comma or
    /// size check here). Public for the differential fuzz oracle (`FuzzAppInfoParser`), which holds
    /// ``parse(_:limits:acceptTrailingCommas:)`` to it on every input.
    public static func parseWithFoundation(_ bytes: [UInt8], limits: AppInfoLimits) throws(AppInfoError) -> AppInfo {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes), options: [])
        } catch {
            let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw AppInfoError(
                category: .malformedJSON, offset: characterOffset(in: text).flatMap { inputOffset($0, in: bytes) },
                detail: text)
        }
        guard let root = object as? [String: Any] else {
            return AppInfo(rootIsDictionary: false, icons: .absent)
        }
        guard let iconsObject = root["icons"] else {
            return AppInfo(rootIsDictionary: true, icons: .absent)
        }
        guard let list = iconsObject as? [Any] else {
            return AppInfo(rootIsDictionary: true, icons: .notArray(classify(iconsObject)))
        }
        guard list.count <= limits.maxEntries else { throw tooManyEntries(list.count, limits: limits) }
        let entries = list.map { element -> IconEntry in
            guard let entry = element as? [String: Any] else { return .other(classify(element)) }
            return .dictionary(
                width: entry["width"].map(classify) ?? .absent,
                height: entry["height"].map(classify) ?? .absent,
                src: entry["src"].map(classify) ?? .absent)
        }
        return AppInfo(rootIsDictionary: true, icons: .array(entries))
    }

    /// The error for an `icons` array of `count` entries, over the limit.
    static func tooManyEntries(_ count: Int, limits: AppInfoLimits) -> AppInfoError {
        AppInfoError(
            category: .limit, offset: nil,
            detail: "icons has \(count) entries, over the \(limits.maxEntries)-entry limit")
    }

    /// Classifies one value returned by `JSONSerialization`.
    static func classify(_ value: Any) -> AppInfoValue {
        // Numbers first: sizes are the most common values, and a dynamic cast costs. No string, null,
        // array or dictionary casts to NSNumber, so the order does not change the answer.
        guard let number = value as? NSNumber else {
            if let string = value as? String { return .string(string) }
            if value is NSNull { return .null }
            if value is [Any] { return .array }
            if value is [String: Any] { return .dictionary }
            return .null
        }
        if let decimal = number as? NSDecimalNumber {
            // JSONSerialization uses NSDecimalNumber for integer literals beyond 64 bits.
            if decimal.compare(NSDecimalNumber(value: Int.min)) == .orderedSame { return .integer(Int.min) }
            let double = decimal.doubleValue
            if double.rounded(.towardZero) == double && abs(double) >= 9.2e18 {
                return .largeInteger(negative: double < 0)
            }
            return .real(double)
        }
        // The type encoding of an NSNumber is one character; read as a byte (a String per number cost
        // an allocation). Anything longer falls to the default, as it did compared as a String.
        let type = number.objCType
        let code = type[0] != 0 && type[1] == 0 ? UInt8(bitPattern: type[0]) : 0
        switch code {
        case UInt8(ascii: "c"), UInt8(ascii: "B"):
            // Only booleans come back as char-typed NSNumbers (__NSCFBoolean) from JSONSerialization.
            return .boolean(number.boolValue)
        case UInt8(ascii: "d"), UInt8(ascii: "f"):
            return .real(number.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            let unsigned = number.uint64Value
            return unsigned > UInt64(Int.max) ? .largeInteger(negative: false) : .integer(Int(unsigned))
        default:
            return .integer(Int(number.int64Value))
        }
    }

    /// The offset of a `,` followed (after whitespace) by `]` or `}`, outside strings, in UTF-8 input.
    /// RFC 8259 does not allow it; Foundation (Apple's and swift-corelibs-foundation's) accepts it.
    /// UTF-16/32 input (a NUL among the first bytes) is left to Foundation.
    static func trailingComma(in bytes: [UInt8]) -> Int? {
        if bytes.prefix(4).contains(0) { return nil }
        // Only a comma followed by whitespace and a closing bracket can be one; most inputs have
        // none, and finding that with memchr costs far less than tracking strings byte by byte.
        guard hasCommaBeforeClosing(bytes) else { return nil }
        return scanForTrailingComma(bytes)
    }

    /// The byte-by-byte scan behind ``trailingComma(in:)``, strings tracked.
    static func scanForTrailingComma(_ bytes: [UInt8]) -> Int? {
        var inString = false
        var escaped = false
        var pendingComma: Int?
        for (offset, byte) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                continue
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if let pendingComma { return pendingComma }
            case UInt8(ascii: "\""):
                inString = true
            default:
                break
            }
            pendingComma = byte == UInt8(ascii: ",") ? offset : nil
        }
        return nil
    }

    /// Whether some `,` is followed (after JSON whitespace) by `]` or `}`, strings not considered.
    static func hasCommaBeforeClosing(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            var offset = 0
            while offset < buffer.count,
                let found = memchr(base + offset, Int32(UInt8(ascii: ",")), buffer.count - offset)
            {
                var next = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found)) + 1
                while next < buffer.count, isWhitespace(buffer[next]) { next += 1 }
                if next < buffer.count, buffer[next] == UInt8(ascii: "]") || buffer[next] == UInt8(ascii: "}") {
                    return true
                }
                offset = next
            }
            return false
        }
    }

    /// JSON whitespace: space, tab, line feed, carriage return.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// How Foundation's `JSONSerialization` reads an input: its bytes as they are (UTF-8), the bytes after a
    /// UTF-8 byte-order mark (which it skips), or a transcoding to UTF-8 from UTF-16 or UTF-32 (a byte-order mark of
    /// those, or a NUL among the first four bytes). An input read as UTF-8 in spite of an early NUL counts as
    /// transcoded: its offsets are then unknown, never wrong.
    enum FoundationReading: Hashable, Sendable {
        case asIs
        case afterUTF8ByteOrderMark
        case transcoded
    }

    static func foundationReading<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> FoundationReading {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return .afterUTF8ByteOrderMark }
        if let first = bytes.first, first == 0xFE || first == 0xFF { return .transcoded }
        if bytes.prefix(4).contains(0) { return .transcoded }
        return .asIs
    }

    /// The input's byte offset for the offset Foundation's message gives, which counts the UTF-8 text it parsed:
    /// three bytes on after a UTF-8 byte-order mark; none for a transcoded input, where it counts bytes of
    /// Foundation's own UTF-8 copy, not of the input (a fuzz finding: "character 157" of a 112-byte input).
    static func inputOffset(_ foundationOffset: Int, in bytes: [UInt8]) -> Int? {
        switch foundationReading(bytes) {
        case .asIs: return foundationOffset
        case .afterUTF8ByteOrderMark: return foundationOffset + 3
        case .transcoded: return nil
        }
    }

    /// Foundation's messages say "around character N"; that index, made an offset into the input (`inputOffset`),
    /// is the error's offset.
    /// Searched in the UTF-8 bytes (Foundation's `range(of:)` cost as much as the parse of a short input).
    static func characterOffset(in text: String) -> Int? {
        let bytes = Array(text.utf8)
        let marker = Array("character ".utf8)
        guard bytes.count >= marker.count else { return nil }
        // A start is compared with the marker only where its first byte is the marker's (most are not).
        for start in 0...(bytes.count - marker.count)
        where bytes[start] == marker[0] && bytes[start..<(start + marker.count)].elementsEqual(marker) {
            let digits = bytes[(start + marker.count)...].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            return Int(String(decoding: digits, as: UTF8.self))
        }
        return nil
    }
}
