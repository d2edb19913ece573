// Sources/xds-adapter-foundation/main.swift - Foundation's two bplist parsers behind the adapter protocol

import Foundation

/// `xds-adapter-foundation serialization|decoder|original <call>`: one parser, one call, one process, because
/// both parsers crash on some inputs (PropertyListSerialization on any set, for one).
let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
    USAGE: xds-adapter-foundation serialization|decoder decode|encode|capabilities|version
           xds-adapter-foundation original read-attribute|write-attribute PATH
           xds-adapter-foundation original capabilities|version

      serialization  PropertyListSerialization (CoreFoundation's CFBinaryPList parser and writer)
      decoder        PropertyListDecoder/PropertyListEncoder (swift-foundation's parser and writer)
      original       XDSDocumentSourceAttribute's readDocumentSourceAttributeAtURL: and writeToURL:
    """

if arguments.first == "original" {
    switch Array(arguments.dropFirst()) {
    case ["capabilities"]:
        writeOut(Array(#"["read-attribute", "write-attribute"]"#.utf8) + [10])
        exit(0)
    case ["version"]:
        writeOut(
            Array("XDSDocumentSourceAttribute (2016) on swift-corelibs-foundation of Swift \(swiftVersion)\n".utf8))
        exit(0)
    case let call where call.count == 2 && call[0] == "read-attribute":
        exit(OriginalAttribute.read(path: call[1]))
    case let call where call.count == 2 && call[0] == "write-attribute":
        exit(OriginalAttribute.write(path: call[1], fieldsJSON: readStandardInput()))
    default:
        writeError("unknown call '\(arguments.dropFirst().joined(separator: " "))'\n" + usage)
        exit(64)
    }
}
guard arguments.count == 2, let flavour = FoundationFlavour(rawValue: arguments[0]) else {
    writeError(usage)
    exit(64)
}
switch arguments[1] {
case "capabilities":
    writeOut(Array(#"["decode", "encode"]"#.utf8) + [10])
    exit(0)
case "version":
    writeOut(Array("\(flavour.title), swift-corelibs-foundation of Swift \(swiftVersion)\n".utf8))
    exit(0)
case "decode":
    exit(flavour.decode(readStandardInput()))
case "encode":
    exit(flavour.encode(readStandardInput()))
default:
    writeError("unknown call '\(arguments[1])'\n" + usage)
    exit(64)
}
