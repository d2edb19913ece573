// Sources/xds-adapter-foundation/FoundationFlavour.swift - The two parsers' decode and encode calls

import BinaryPlist
import CodablePropertyList
import Foundation
import TaggedJSON

/// Which Foundation API the adapter drives.
enum FoundationFlavour: String {
    case serialization
    case decoder

    var title: String {
        self == .serialization ? "PropertyListSerialization" : "PropertyListDecoder/PropertyListEncoder"
    }

    /// bplist bytes → tagged JSON; exit 0 or 1 (rejected, message on stderr). An accepted value with no
    /// tagged-JSON form prints `unrepresentable`, one above the node limit `too-large`: both are acceptances.
    func decode(_ bytes: [UInt8]) -> Int32 {
        let value: PropertyListValue
        do {
            let object: Any
            switch self {
            case .serialization:
                var format = PropertyListSerialization.PropertyListFormat.binary
                object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
                if format != .binary { writeError("note: parsed as format \(format.rawValue), not binary\n") }
            case .decoder:
                object = try PropertyListDecoder().decode(AnyPropertyList.self, from: Data(bytes)).value
            }
            do {
                var budget = TaggedJSON.printedNodeLimit
                value =
                    try (object as? PropertyListValue) ?? FoundationValues.value(from: object, budget: &budget)
            } catch let error as AdapterLimit {
                // The parser accepted the input but its value has no tagged-JSON form: an acceptance all the same.
                writeOut(TaggedJSON.unrepresentable(reason: error.message))
                return 0
            } catch let error as ValueTooLarge {
                writeOut(TaggedJSON.tooLarge(nodes: error.nodes))
                return 0
            }
        } catch {
            writeError("rejected: \(error)\n")
            return 1
        }
        let nodes = TaggedJSON.nodeCount(of: value)
        guard nodes <= TaggedJSON.printedNodeLimit else {
            writeOut(TaggedJSON.tooLarge(nodes: nodes))
            return 0
        }
        writeOut(TaggedJSON.encode(value))
        return 0
    }

    /// Tagged JSON → bplist bytes; exit 0, or 1 when the API refuses the value.
    func encode(_ json: [UInt8]) -> Int32 {
        let value: PropertyListValue
        do {
            value = try TaggedJSON.decode(json)
        } catch {
            writeError("input: \(error)\n")
            return 1
        }
        do {
            let data: Data
            switch self {
            case .serialization:
                data = try PropertyListSerialization.data(
                    fromPropertyList: try FoundationValues.object(from: value), format: .binary, options: 0)
            case .decoder:
                let encoder = PropertyListEncoder()
                encoder.outputFormat = .binary
                data = try encoder.encode(try AnyPropertyList(value))
            }
            writeOut([UInt8](data))
            return 0
        } catch {
            writeError("rejected: \(error)\n")
            return 1
        }
    }
}

/// The parser's value has more nodes than the adapter prints (shared references expanded).
struct ValueTooLarge: Error {
    var nodes: Int
}

/// The Swift version the adapter was compiled with.
let swiftVersion: String = {
    #if swift(>=6.3)
        return "6.3"
    #elseif swift(>=6.2)
        return "6.2"
    #else
        return "6.x"
    #endif
}()

func readStandardInput() -> [UInt8] {
    [UInt8](FileHandle.standardInput.readDataToEndOfFile())
}

func writeOut(_ bytes: [UInt8]) {
    FileHandle.standardOutput.write(Data(bytes))
}

func writeError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}
