// Sources/xds-bench/AnyPlist.swift - A generic Codable property list, as a PropertyListDecoder user writes it

import Foundation

/// Any property list value through Codable: containers first, then the scalar types in turn.
///
/// The unkeyed probe comes first: with swift-foundation's PropertyListDecoder a failed
/// `container(keyedBy:)` on an array costs time that grows with the array's nesting (500 nested
/// arrays: about 270 ms keyed-first against under 4 ms unkeyed-first), while a failed
/// `unkeyedContainer()` on a dictionary is cheap.
indirect enum AnyPlist: Codable {
    case string(String), integer(Int64), real(Double), bool(Bool), date(Date), data(Data)
    case array([AnyPlist]), dictionary([String: AnyPlist])

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if var unkeyed = try? decoder.unkeyedContainer() {
            var elements: [AnyPlist] = []
            while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(AnyPlist.self)) }
            self = .array(elements)
        } else if let keyed = try? decoder.container(keyedBy: Key.self) {
            var entries: [String: AnyPlist] = [:]
            for key in keyed.allKeys { entries[key.stringValue] = try keyed.decode(AnyPlist.self, forKey: key) }
            self = .dictionary(entries)
        } else {
            let single = try decoder.singleValueContainer()
            if let value = try? single.decode(String.self) {
                self = .string(value)
            } else if let value = try? single.decode(Data.self) {
                self = .data(value)
            } else if let value = try? single.decode(Date.self) {
                self = .date(value)
            } else if let value = try? single.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? single.decode(Int64.self) {
                self = .integer(value)
            } else {
                self = .real(try single.decode(Double.self))
            }
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .dictionary(let entries):
            var keyed = encoder.container(keyedBy: Key.self)
            for (key, value) in entries { try keyed.encode(value, forKey: Key(stringValue: key)) }
        case .array(let elements):
            var unkeyed = encoder.unkeyedContainer()
            for element in elements { try unkeyed.encode(element) }
        case .string(let value): try encodeSingle(value, encoder)
        case .integer(let value): try encodeSingle(value, encoder)
        case .real(let value): try encodeSingle(value, encoder)
        case .bool(let value): try encodeSingle(value, encoder)
        case .date(let value): try encodeSingle(value, encoder)
        case .data(let value): try encodeSingle(value, encoder)
        }
    }

    private func encodeSingle(_ value: some Encodable, _ encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encode(value)
    }
}
