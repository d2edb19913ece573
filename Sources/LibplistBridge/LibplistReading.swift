// Sources/LibplistBridge/LibplistReading.swift - libplist nodes → PropertyListValue, through the public 2.2 getters

import BinaryPlist
import CLibplist
import Glibc

/// Reads a libplist 2.2 node tree the way a C program sees it through the public getters.
///
/// libplist 2.2's model is narrower than bplist00, and the mapping says so rather than hiding it:
/// - `PLIST_UINT` holds a `uint64_t` and nothing tells 8-byte from 16-byte integers through the API.
///   The bits are read as a signed 64-bit two's complement value (libplist's XML writer does the same
///   for 8-byte integers), so `-1` reads as `-1`, and a 16-byte integer comes back as its low 64 bits
///   read signed: 2^64−1 reads as `-1`, and any value above 2^64 loses its high bytes.
/// - `PLIST_DATE` is stored as a double, but `plist_get_date_val` returns `int32_t` seconds truncated
///   toward zero and `|fraction|` in whole microseconds. The bridge converts that pair exactly
///   (`(sec·10⁶ ± usec) / 10⁶`, one rounding), so sub-microsecond digits are lost, dates outside
///   ±2^31 s (1933…2069) come back as 1932-12-13T20:45:52Z, and a date in (−1 s, 0) loses its sign.
/// - Strings and keys are NUL-terminated C strings: an embedded NUL ends them; bytes that are not
///   UTF-8 (libplist passes ASCII-marked high bytes through) are repaired to U+FFFD.
/// - Sets were parsed as `PLIST_ARRAY` and come back as arrays; null (0x00) is rejected by the parser.
/// - A repeated dictionary key keeps the first value, as `plist_dict_get_item` answers.
enum LibplistReading {
    static func value(of node: LibplistNode) throws(LibplistError) -> PropertyListValue {
        let type = plist_get_node_type(node)
        switch type {
        case PLIST_BOOLEAN:
            var flag: UInt8 = 0
            plist_get_bool_val(node, &flag)
            return .bool(flag != 0)
        case PLIST_UINT:
            var bits: UInt64 = 0
            plist_get_uint_val(node, &bits)
            return .integer(Int64(bitPattern: bits))
        case PLIST_REAL:
            var real: Double = 0
            plist_get_real_val(node, &real)
            return .real(real)
        case PLIST_STRING, PLIST_KEY:
            return .string(string(of: node))
        case PLIST_DATE:
            var seconds: Int32 = 0
            var microseconds: Int32 = 0
            plist_get_date_val(node, &seconds, &microseconds)
            return .date(date(seconds: seconds, microseconds: microseconds))
        case PLIST_DATA:
            var length: UInt64 = 0
            guard let pointer = plist_get_data_ptr(node, &length), length > 0 else { return .data([]) }
            return .data(
                pointer.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
                    Array(UnsafeBufferPointer(start: $0, count: Int(length)))
                })
        case PLIST_UID:
            var uid: UInt64 = 0
            plist_get_uid_val(node, &uid)
            return .uid(uid)
        case PLIST_ARRAY:
            return .array(try elements(of: node))
        case PLIST_DICT:
            return .dictionary(try entries(of: node))
        default:
            throw LibplistError(.unsupportedNode, "node type \(type.rawValue) has no property list value")
        }
    }

    /// `sec` and `usec` as libplist 2.2's getter splits a date, back to seconds since 2001, rounded once.
    static func date(seconds: Int32, microseconds: Int32) -> Double {
        let whole = Double(seconds) * 1_000_000
        let fraction = Double(microseconds.magnitude)
        return (seconds < 0 ? whole - fraction : whole + fraction) / 1_000_000
    }

    private static func string(of node: LibplistNode) -> String {
        var length: UInt64 = 0
        if plist_get_node_type(node) == PLIST_STRING, let pointer = plist_get_string_ptr(node, &length) {
            return pointer.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
                String(decoding: UnsafeBufferPointer(start: $0, count: Int(length)), as: UTF8.self)
            }
        }
        var copy: UnsafeMutablePointer<CChar>? = nil
        plist_get_key_val(node, &copy)
        guard let copy else { return "" }
        defer { free(copy) }
        return String(decoding: UnsafeRawBufferPointer(start: copy, count: strlen(copy)), as: UTF8.self)
    }

    private static func elements(of node: LibplistNode) throws(LibplistError) -> [PropertyListValue] {
        var result: [PropertyListValue] = []
        result.reserveCapacity(Int(plist_array_get_size(node)))
        var iterator: plist_array_iter? = nil
        plist_array_new_iter(node, &iterator)
        defer { free(iterator) }
        while true {
            var item: plist_t? = nil
            plist_array_next_item(node, iterator, &item)
            guard let item else { return result }
            result.append(try value(of: item))
        }
    }

    private static func entries(of node: LibplistNode) throws(LibplistError) -> [String: PropertyListValue] {
        var result: [String: PropertyListValue] = [:]
        result.reserveCapacity(Int(plist_dict_get_size(node)))
        var iterator: plist_dict_iter? = nil
        plist_dict_new_iter(node, &iterator)
        defer { free(iterator) }
        while true {
            var key: UnsafeMutablePointer<CChar>? = nil
            var item: plist_t? = nil
            plist_dict_next_item(node, iterator, &key, &item)
            guard let item else {
                free(key)
                return result
            }
            let name = key.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) }
            free(key)
            guard let name else { continue }
            if result[name] == nil { result[name] = try value(of: item) }
        }
    }
}
