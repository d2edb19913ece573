// Sources/XDSCommands/Commands/ReadAttributeCommand.swift - `xds read-attribute PATH`: adapter call, fields as JSON

import AttributeFiles
import ConformanceModel
import DocumentSource
import Foundation
import TaggedJSON

/// `xds read-attribute PATH`: the reference reader as an adapter call.
enum ReadAttributeCommand: Command {
    static let name = AdapterCall.readAttribute.rawValue
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
          74  standard output could not be written
        """

    static let spec = ArgumentSpec(positionals: 1...1)

    static func run(_ arguments: [CommandLineArgument]) throws(CommandError) -> ExitStatus {
        guard let parsed = try parse(arguments, spec: spec) else { return .success }
        let attribute: DocumentSourceAttribute
        do {
            attribute = try AttributeFile.read(at: parsed.path(at: 0))
        } catch {
            throw CommandError(.rejected, "\(error)")
        }
        var fields: [String: String] = [:]
        for (key, value) in attribute.fields { fields[key] = value }
        try writeOut(FieldObject.render(fields) + [0x0A])
        return .success
    }
}
