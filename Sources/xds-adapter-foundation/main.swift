// Sources/xds-adapter-foundation/main.swift - Foundation's two bplist parsers behind the adapter protocol

import ChildProcess
import ConformanceModel
import Foundation

/// `xds-adapter-foundation serialization|decoder|original <call>`: one parser, one call, one process, because
/// both parsers crash on some inputs (PropertyListSerialization on any set, for one).
let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
    USAGE: xds-adapter-foundation serialization|decoder decode|encode|capabilities|version|serve
           xds-adapter-foundation original read-attribute|write-attribute PATH
           xds-adapter-foundation original capabilities|version|serve

      serialization  PropertyListSerialization (CoreFoundation's CFBinaryPList parser and writer)
      decoder        PropertyListDecoder/PropertyListEncoder (swift-foundation's parser and writer)
      original       XDSDocumentSourceAttribute's readDocumentSourceAttributeAtURL: and writeToURL:
    """

/// One call, as its command line asks: the exit status. `serve` answers framed calls with this same function
/// (ServeLoop), so each gives exactly what a process of its own would.
func runCall(_ arguments: [String]) -> Int32 {
    if arguments.first == "original" {
        switch Array(arguments.dropFirst()) {
        case [AdapterQuery.capabilities.rawValue]:
            writeOut(
                Array(AdapterCapabilities.render([.readAttribute, .writeAttribute], serves: true).utf8) + [10])
            return 0
        case [AdapterQuery.version.rawValue]:
            writeOut(
                Array("XDSDocumentSourceAttribute (2016) on swift-corelibs-foundation of Swift \(swiftVersion)\n".utf8))
            return 0
        case let call where call.count == 2 && call[0] == AdapterCall.readAttribute.rawValue:
            return OriginalAttribute.read(path: call[1])
        case let call where call.count == 2 && call[0] == AdapterCall.writeAttribute.rawValue:
            return OriginalAttribute.write(path: call[1], fieldsJSON: readStandardInput())
        default:
            writeError("unknown call '\(arguments.dropFirst().joined(separator: " "))'\n" + usage)
            return 64
        }
    }
    guard arguments.count == 2, let flavour = FoundationFlavour(rawValue: arguments[0]) else {
        writeError(usage)
        return 64
    }
    switch arguments[1] {
    case AdapterQuery.capabilities.rawValue:
        writeOut(Array(AdapterCapabilities.render([.decode, .encode], serves: true).utf8) + [10])
        return 0
    case AdapterQuery.version.rawValue:
        writeOut(Array("\(flavour.title), swift-corelibs-foundation of Swift \(swiftVersion)\n".utf8))
        return 0
    case AdapterCall.decode.rawValue:
        return flavour.decode(readStandardInput())
    case AdapterCall.encode.rawValue:
        return flavour.encode(readStandardInput())
    default:
        writeError("unknown call '\(arguments[1])'\n" + usage)
        return 64
    }
}

if arguments.count == 2, arguments[1] == AdapterQuery.serve.rawValue {
    let flavour = arguments[0]
    exit(ServeLoop.run { words in runCall([flavour] + words) })
}
exit(runCall(arguments))
