// Sources/LibplistBridge/LibplistWriting.swift - PropertyListValue → libplist nodes, through the public 2.2 constructors

import BinaryPlist
import CLibplist

/// Builds a libplist 2.2 node tree with the public constructors.
///
/// A value that cannot pass through the constructors' C parameter types is refused with
/// `.unrepresentable` rather than silently changed: null and sets (no such node types in 2.2), strings
/// and keys holding NUL (`const char *`), integers outside `Int64.min…UInt64.max`, dates whose seconds
/// do not fit `int32_t` or are not finite. Everything else is handed to libplist as is, including what
/// libplist then writes wrongly: `plist_new_uint` always makes an 8-byte node, so 2^63…2^64−1 are written
/// as 8-byte integers that every reader (libplist included) reads back as negative; dates are stored as
/// `sec + usec / 10⁶`, so digits below a microsecond are lost. Dictionary keys are inserted sorted.
enum LibplistWriting {
    static func node(for value: PropertyListValue) throws(LibplistError) -> LibplistNode {
        guard let node = try optionalNode(for: value) else {
            throw LibplistError(.encodingFailed, "libplist could not allocate a node")
        }
        return node
    }

    private static func optionalNode(for value: PropertyListValue) throws(LibplistError) -> plist_t? {
        switch value {
        case .string(let string):
            return try withCString(string, what: "string") { plist_new_string($0) }
        case .integer(let integer):
            return plist_new_uint(UInt64(bitPattern: integer))
        case .wideInteger(let integer):
            if let signed = Int64(exactly: integer) { return plist_new_uint(UInt64(bitPattern: signed)) }
            if let unsigned = UInt64(exactly: integer) { return plist_new_uint(unsigned) }
            throw LibplistError(.unrepresentable, "integer \(integer) does not fit plist_new_uint's uint64_t")
        case .real(let real):
            return plist_new_real(real)
        case .bool(let flag):
            return plist_new_bool(flag ? 1 : 0)
        case .date(let seconds):
            let (whole, micro) = try dateParts(seconds)
            return plist_new_date(whole, micro)
        case .data(let bytes):
            return bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { plist_new_data($0.baseAddress, UInt64($0.count)) }
            }
        case .uid(let uid):
            return plist_new_uid(uid)
        case .array(let elements):
            let array = plist_new_array()
            do {
                for element in elements { plist_array_append_item(array, try node(for: element)) }
            } catch {
                plist_free(array)
                throw error
            }
            return array
        case .dictionary(let entries):
            let dictionary = plist_new_dict()
            do {
                for key in entries.keys.sorted() {
                    guard let element = entries[key] else { continue }
                    try refuseNUL(key, what: "key")
                    let item = try node(for: element)
                    try withCString(key, what: "key") { plist_dict_set_item(dictionary, $0, item) }
                }
            } catch {
                plist_free(dictionary)
                throw error
            }
            return dictionary
        case .set:
            throw LibplistError(.unrepresentable, "libplist 2.2 has no set node type")
        case .null:
            throw LibplistError(.unrepresentable, "libplist 2.2 has no null node type")
        }
    }

    /// Splits seconds since 2001 into the `int32_t` pair `plist_new_date` takes (it stores `sec + usec/10⁶`).
    static func dateParts(_ seconds: Double) throws(LibplistError) -> (Int32, Int32) {
        let whole = seconds.rounded(.towardZero)
        guard seconds.isFinite, let wholeSeconds = Int32(exactly: whole) else {
            throw LibplistError(.unrepresentable, "date \(seconds) s does not fit plist_new_date's int32_t seconds")
        }
        let micro = ((seconds - whole) * 1_000_000).rounded()
        // |micro| ≤ 10⁶ here; 10⁶ itself is legal for libplist, which just adds it.
        return (wholeSeconds, Int32(micro))
    }

    private static func refuseNUL(_ string: String, what: String) throws(LibplistError) {
        if string.utf8.contains(0) {
            throw LibplistError(.unrepresentable, "\(what) holds U+0000, which a C string cannot carry")
        }
    }

    private static func withCString<T>(
        _ string: String, what: String, _ body: (UnsafePointer<CChar>) throws(LibplistError) -> T
    ) throws(LibplistError) -> T {
        try refuseNUL(string, what: what)
        var utf8 = Array(string.utf8)
        utf8.append(0)
        return try utf8.withUnsafeBufferPointer { buffer throws(LibplistError) -> T in
            try buffer.withMemoryRebound(to: CChar.self) { chars throws(LibplistError) -> T in
                guard let base = chars.baseAddress else { throw LibplistError(.encodingFailed, "empty buffer") }
                return try body(base)
            }
        }
    }
}
