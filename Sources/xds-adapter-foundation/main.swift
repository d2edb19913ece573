// Sources/xds-adapter-foundation/main.swift - Foundation's two bplist parsers behind the adapter protocol

import Foundation

/// `xds-adapter-foundation serialization|decoder <call>`: one parser, one call, one process, because both
/// parsers crash on some inputs (PropertyListSerialization on any set, for one).
let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
    USAGE: xds-adapter-foundation serialization|decoder decode|encode|capabilities|version

      serialization  PropertyListSerialization (CoreFoundation's CFBinaryPList parser and writer)
      decoder        PropertyListDecoder/PropertyListEncoder (swift-foundation's parser and writer)
    """

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
