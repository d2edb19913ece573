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

    /// bplist bytes → tagged JSON; exit 0, 1 (rejected, message on stderr) or 70 (adapter limit, see below).
    func decode(_ bytes: [UInt8]) -> Int32 {
        let value: PropertyListValue
        do {
            switch self {
            case .serialization:
                var format = PropertyListSerialization.PropertyListFormat.binary
                let object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
                if format != .binary { writeError("note: parsed as format \(format.rawValue), not binary\n") }
                value = try FoundationValues.value(from: object)
            case .decoder:
                value = try PropertyListDecoder().decode(AnyPropertyList.self, from: Data(bytes)).value
            }
        } catch let error as AdapterLimit {
            // The parser accepted the input but its value has no tagged-JSON form here: not a rejection.
            writeError("adapter: \(error.message)\n")
            return 70
        } catch {
            writeError("rejected: \(error)\n")
            return 1
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
