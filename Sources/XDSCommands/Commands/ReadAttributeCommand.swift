// Sources/XDSCommands/Commands/ReadAttributeCommand.swift - `xds read-attribute PATH`: adapter call, fields as JSON

import AttributeFiles
import DocumentSource
import Foundation

/// `xds read-attribute PATH`: the reference reader as an adapter call.
enum ReadAttributeCommand: Command {
    static let name = "read-attribute"
    static let abstract = "Adapter call, the attribute's fields as JSON"
    static let help = """
        OVERVIEW: Adapter call: prints the fields a conforming reader keeps from the
        x-document-source attribute of PATH, as a JSON object of strings.

        USAGE: xds read-attribute <path>

        Symlinks are followed, as the original does. Only binary property lists
        are read; a root that is not a dictionary means no attribute. For people,
        'xds read' prints the same with explanations.

        EXIT STATUS:
          0   read; the JSON object (possibly {}) on standard output
          1   no attribute, or not a readable one (message on standard error)
          64  usage error
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        let parsed: Arguments
        switch parseOrExit(arguments, spec: ArgumentSpec(positionals: 1...1)) {
        case .success(let value): parsed = value
        case .failure(let code): return code.status
        }
        do {
            let attribute = try AttributeFile.read(at: parsed.positionals[0])
            var fields: [String: String] = [:]
            for (key, value) in attribute.fields { fields[key] = value }
            let data = try JSONSerialization.data(
                withJSONObject: fields, options: [.sortedKeys, .withoutEscapingSlashes])
            Console.writeOut([UInt8](data) + [0x0A])
            return .success
        } catch {
            Console.printError("error: \(error)")
            return .rejected
        }
    }
}
