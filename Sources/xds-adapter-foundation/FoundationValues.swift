// Sources/xds-adapter-foundation/FoundationValues.swift - PropertyListSerialization objects <-> PropertyListValue

import BinaryPlist
import CodablePropertyList
import Foundation
import TaggedJSON

/// Converts between Foundation's property list objects and `PropertyListValue`.
enum FoundationValues {
    /// Reads what PropertyListSerialization returned, each shared object once per reference.
    /// - Parameter budget: nodes still allowed; `ValueTooLarge` is thrown when it runs out.
    /// - Throws: `AdapterLimit` for a value with no tagged-JSON form (a non-string key, an unknown object type).
    static func value(from object: Any, budget: inout Int) throws -> PropertyListValue {
        budget -= 1
        if budget < 0 { throw ValueTooLarge(nodes: TaggedJSON.printedNodeLimit - budget) }
        switch object {
        case let dictionary as [AnyHashable: Any]:
            var result: [String: PropertyListValue] = [:]
            for (key, item) in dictionary {
                guard let key = key.base as? String else {
                    throw AdapterLimit(message: "a dictionary key of type \(type(of: key.base)) (\(key.base))")
                }
                result[key] = try value(from: item, budget: &budget)
            }
            return .dictionary(result)
        case let array as [Any]:
            var items: [PropertyListValue] = []
            for item in array { items.append(try value(from: item, budget: &budget)) }
            return .array(items)
        case let set as NSSet:
            var items: [PropertyListValue] = []
            for item in set.allObjects { items.append(try value(from: item, budget: &budget)) }
            return .set(items)
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
            throw AdapterLimit(message: "a value of type \(type(of: object)) (\(object))")
        }
    }

    /// NSNumber's type code tells booleans, reals, unsigned and signed integers apart.
    private static func numberValue(_ number: NSNumber) throws -> PropertyListValue {
        let code = String(cString: number.objCType)
        switch code {
        case "c", "B": return .bool(number.boolValue)
        case "d", "f": return .real(number.doubleValue)
        case "Q", "L", "I", "S", "C": return PropertyListValue(integer: Int128(number.uint64Value))
        default: return .integer(number.int64Value)
        }
    }

    /// Builds the object PropertyListSerialization is given.
    /// - Throws: `AdapterLimit` for values Foundation cannot hold (UIDs, integers beyond 64 bits).
    static func object(from value: PropertyListValue) throws -> Any {
        switch value {
        case .string(let string): return string
        case .integer(let integer): return NSNumber(value: integer)
        case .wideInteger(let integer):
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
