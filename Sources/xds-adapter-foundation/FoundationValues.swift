// Sources/xds-adapter-foundation/FoundationValues.swift - PropertyListSerialization objects <-> PropertyListValue

import BinaryPlist
import CodablePropertyList
import Foundation

/// Converts between Foundation's property list objects and `PropertyListValue`.
enum FoundationValues {
    /// Reads what PropertyListSerialization returned.
    /// - Throws: `AdapterLimit` for an object type with no tagged-JSON form.
    static func value(from object: Any) throws -> PropertyListValue {
        switch object {
        case let dictionary as [AnyHashable: Any]:
            var result: [String: PropertyListValue] = [:]
            for (key, item) in dictionary {
                guard let key = key.base as? String else {
                    // CoreFoundation accepted a non-string key, which tagged JSON cannot hold: the acceptance is
                    // the verdict, so the key is shown as its description and the adapter says so.
                    writeError("note: PropertyListSerialization accepted a key of type \(type(of: key.base))\n")
                    result["\(key.base)"] = try value(from: item)
                    continue
                }
                result[key] = try value(from: item)
            }
            return .dictionary(result)
        case let array as [Any]:
            return .array(try array.map(value(from:)))
        case let set as NSSet:
            return .set(try set.allObjects.map(value(from:)))
        case let string as String:
            return .string(string)
        case let data as Data:
            return .data([UInt8](data))
        case let date as Date:
            return .date(date.timeIntervalSinceReferenceDate)
        case is NSNull:
            return .null
        case let number as NSNumber:
            return try numberValue(number)
        default:
            // CoreFoundation's UID (`_NSKeyedArchiverUID`) is not public API; its stored `value` is read by reflection.
            if String(describing: type(of: object)).hasSuffix("KeyedArchiverUID"),
                let uid = Mirror(reflecting: object).children.first(where: { $0.label == "value" })?.value as? UInt32
            {
                return .uid(UInt64(uid))
            }
            throw AdapterLimit(message: "value of type \(type(of: object)) (\(object))")
        }
    }

    /// NSNumber's type code tells booleans, reals, unsigned and signed integers apart.
    private static func numberValue(_ number: NSNumber) throws -> PropertyListValue {
        let code = String(cString: number.objCType)
        switch code {
        case "c", "B": return .bool(number.boolValue)
        case "d", "f": return .real(number.doubleValue)
        case "Q", "L", "I", "S", "C": return .integer(Int128(number.uint64Value))
        default: return .integer(Int128(number.int64Value))
        }
    }

    /// Builds the object PropertyListSerialization is given.
    /// - Throws: `AdapterLimit` for values Foundation cannot hold (UIDs, integers beyond 64 bits).
    static func object(from value: PropertyListValue) throws -> Any {
        switch value {
        case .string(let string): return string
        case .integer(let integer):
            if let signed = Int64(exactly: integer) { return NSNumber(value: signed) }
            if let unsigned = UInt64(exactly: integer) { return NSNumber(value: unsigned) }
            throw AdapterLimit(message: "integer \(integer) does not fit 64 bits")
        case .real(let real): return NSNumber(value: real)
        case .bool(let bool): return NSNumber(value: bool)
        case .date(let seconds): return Date(timeIntervalSinceReferenceDate: seconds)
        case .data(let bytes): return Data(bytes)
        case .uid(let uid): throw AdapterLimit(message: "UID \(uid) has no PropertyListSerialization form")
        case .array(let items): return try items.map(object(from:)) as NSArray
        case .set(let items): return NSSet(array: try items.map(object(from:)))
        case .dictionary(let entries):
            let dictionary = NSMutableDictionary()
            for (key, item) in entries { dictionary[key] = try object(from: item) }
            return dictionary
        case .null: return NSNull()
        }
    }
}
