// Sources/CodablePropertyList/AnyPropertyList.swift - A recursive Codable value for PropertyListDecoder/Encoder

import BinaryPlist
import Foundation

/// Every property list type Codable can see, decoded recursively so that swift-foundation's parser
/// walks the whole object graph (a `[String: String]` would exercise only flat dictionaries of strings).
///
/// Codable hides the node type, so a scalar is probed as Bool, String, Data, Date, Int64, UInt64, Double in
/// that order: an integral real (3.0, -0.0) therefore reads back as an integer. UIDs, sets and null have no
/// Codable form: such input is rejected by the decoder, which is what a Codable app sees.
///
/// The Foundation peer (`xds-adapter-foundation decoder`) and the bench's `foundation-decoder` rows both use
/// this one type, so the bench times the work the conformance row of the same name judges.
public struct AnyPropertyList: Codable, Sendable {
    public var value: PropertyListValue

    /// - Throws: `AdapterLimit` for a value with no Codable form (UID, set, null, integer beyond 64 bits).
    public init(_ value: PropertyListValue) throws {
        self.value = value
        try AnyPropertyList.check(value)
    }

    private static func check(_ value: PropertyListValue) throws {
        switch value {
        case .uid, .set, .null: throw AdapterLimit(message: "no Codable form for \(value)")
        case .wideInteger(let integer) where Int64(exactly: integer) == nil && UInt64(exactly: integer) == nil:
            throw AdapterLimit(message: "integer \(integer) does not fit 64 bits")
        case .array(let items): try items.forEach(check)
        case .dictionary(let entries): try entries.values.forEach(check)
        default: return
        }
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        // Arrays first: probing a keyed container first is quadratic in nesting depth with PropertyListDecoder.
        if var container = try? decoder.unkeyedContainer() {
            var items: [PropertyListValue] = []
            while !container.isAtEnd { items.append(try container.decode(AnyPropertyList.self).value) }
            value = .array(items)
            return
        }
        if let container = try? decoder.container(keyedBy: Key.self) {
            var entries: [String: PropertyListValue] = [:]
            for key in container.allKeys {
                entries[key.stringValue] = try container.decode(AnyPropertyList.self, forKey: key).value
            }
            value = .dictionary(entries)
            return
        }
        let container = try decoder.singleValueContainer()
        if let bool = try? container.decode(Bool.self) {
            value = .bool(bool)
        } else if let string = try? container.decode(String.self) {
            value = .string(string)
        } else if let data = try? container.decode(Data.self) {
            value = .data([UInt8](data))
        } else if let date = try? container.decode(Date.self) {
            value = .date(date.timeIntervalSinceReferenceDate)
        } else if let integer = try? container.decode(Int64.self) {
            value = .integer(integer)
        } else if let integer = try? container.decode(UInt64.self) {
            value = PropertyListValue(integer: Int128(integer))
        } else {
            value = .real(try container.decode(Double.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch value {
        case .dictionary(let entries):
            var container = encoder.container(keyedBy: Key.self)
            for (key, item) in entries {
                try container.encode(try AnyPropertyList(item), forKey: Key(stringValue: key))
            }
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(try AnyPropertyList(item)) }
        default:
            var container = encoder.singleValueContainer()
            switch value {
            case .string(let string): try container.encode(string)
            case .bool(let bool): try container.encode(bool)
            case .real(let real): try container.encode(real)
            case .date(let seconds): try container.encode(Date(timeIntervalSinceReferenceDate: seconds))
            case .data(let bytes): try container.encode(Data(bytes))
            case .integer(let integer): try container.encode(integer)
            case .wideInteger(let integer):
                if let signed = Int64(exactly: integer) {
                    try container.encode(signed)
                } else {
                    try container.encode(UInt64(truncatingIfNeeded: integer))
                }
            default: throw AdapterLimit(message: "no Codable form for \(value)")
            }
        }
    }
}

/// A value the parser returned that an adapter cannot express, or a value the API cannot be given.
public struct AdapterLimit: Error {
    public var message: String

    public init(message: String) { self.message = message }
}
