// Sources/XDSCommands/Commands/WriteAttributeCommand.swift - `xds write-attribute PATH`: adapter call, fields in

import AttributeFiles
import ConformanceModel
import DocumentSource
import Foundation
import TaggedJSON

/// `xds write-attribute PATH`: the reference writer as an adapter call, fields as JSON on stdin.
enum WriteAttributeCommand: Command {
    static let name = AdapterCall.writeAttribute.rawValue
    static let abstract = "Adapter call, writes the attribute from JSON fields"
    static let help = """
        OVERVIEW: Adapter call: writes the x-document-source attribute of PATH from a
        JSON object of fields on standard input (identifier, name, path, appInfoURL).

        USAGE: xds write-attribute <path> < fields.json

        The input is one strict JSON object with exactly the four keys, each once,
        each a string: an extra, repeated or missing key or a value of another
        type is refused, naming the key. The reference writer's rules apply:
        identifier and name non-empty, appInfoURL an absolute https URL, the
        value within the filesystem's limit. For people, 'xds write' takes
        options instead.

        EXIT STATUS:
          0   written
          1   refused (bad fields, not UTF-8, too large, the file refuses it)
          64  usage error
          74  standard input could not be read
        """

    static let spec = ArgumentSpec(positionals: 1...1)

    static func run(_ arguments: [CommandLineArgument]) throws(CommandError) -> ExitStatus {
        guard let parsed = try parse(arguments, spec: spec) else { return .success }
        let input = try readInput(nil, limit: 1 << 20)
        // The one field-object reader (TaggedJSON.FieldObject): strict JSON, so bytes that are not UTF-8 are
        // refused, never replaced with U+FFFD.
        let fields: [String: String]
        do {
            fields = try FieldObject.read(input)
        } catch {
            throw CommandError(.rejected, "\(error)")
        }
        let attribute = DocumentSourceAttribute(
            identifier: fields["identifier"], name: fields["name"], path: fields["path"],
            appInfoURL: fields["appInfoURL"])
        do {
            try AttributeFile.write(attribute, to: parsed.path(at: 0))
        } catch {
            throw CommandError(.rejected, "\(error)")
        }
        return .success
    }
}
