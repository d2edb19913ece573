// Sources/xds-bench/FoundationWorker.swift - PropertyListSerialization and PropertyListDecoder/Encoder bodies

import BinaryPlist
import CodablePropertyList
import Foundation

enum FoundationWorker {
    static func body(_ implementation: String, _ operation: String, _ data: Data, input: String, isAttribute: Bool)
        throws -> () throws -> Int
    {
        switch (implementation, operation) {
        case ("foundation-serialization", "decode"):
            return { size(try PropertyListSerialization.propertyList(from: data, options: [], format: nil)) }
        case ("foundation-serialization", "encode"):
            let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            return { try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0).count }
        case ("foundation-serialization", "read-decode"):
            return {
                let bytes = Data(try SwiftWorker.attribute(at: input))
                return size(try PropertyListSerialization.propertyList(from: bytes, options: [], format: nil))
            }
        case ("foundation-decoder", "decode"):
            let decoder = PropertyListDecoder()
            if isAttribute { return { try decoder.decode([String: String].self, from: data).count } }
            return { size(try decoder.decode(AnyPropertyList.self, from: data)) }
        case ("foundation-decoder", "encode"):
            let encoder = PropertyListEncoder()
            encoder.outputFormat = .binary
            if isAttribute {
                let value = try PropertyListDecoder().decode([String: String].self, from: data)
                return { try encoder.encode(value).count }
            }
            let value = try PropertyListDecoder().decode(AnyPropertyList.self, from: data)
            return { try encoder.encode(value).count }
        case ("foundation-decoder", "read-decode"):
            let decoder = PropertyListDecoder()
            return {
                let bytes = Data(try SwiftWorker.attribute(at: input))
                return try decoder.decode([String: String].self, from: bytes).count
            }
        default:
            throw SwiftWorker.Failure(description: "\(implementation) has no operation \(operation)")
        }
    }

    static func size(_ object: Any) -> Int {
        if let array = object as? [Any] { return array.count }
        if let dictionary = object as? [String: Any] { return dictionary.count }
        return 1
    }

    static func size(_ value: AnyPropertyList) -> Int {
        switch value.value {
        case .array(let elements): return elements.count
        case .dictionary(let entries): return entries.count
        default: return 1
        }
    }
}
