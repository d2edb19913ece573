// Sources/XDSCommands/Commands/WriteAttributeCommand.swift - `xds write-attribute PATH`: adapter call, fields in

import AttributeFiles
import DocumentSource
import Foundation

/// `xds write-attribute PATH`: the reference writer as an adapter call, fields as JSON on stdin.
enum WriteAttributeCommand: Command {
    static let name = "write-attribute"
    static let abstract = "Adapter call, writes the attribute from JSON fields"
    static let help = """
        OVERVIEW: Adapter call: writes the x-document-source attribute of PATH from a
        JSON object of fields on standard input (identifier, name, path, appInfoURL).

        USAGE: xds write-attribute <path> < fields.json

        The reference writer's rules apply: identifier and name must be present,
        appInfoURL must be an absolute https URL, the value must fit the
        filesystem's limit. For people, 'xds write' takes options instead.

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
        // JSONSerialization would replace bytes that are not UTF-8; a field value must be text.
        guard String(validatingUTF8Bytes: input) != nil else {
            throw CommandError(.rejected, "standard input is not valid UTF-8")
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(input)) as? [String: Any] else {
            throw CommandError(.rejected, "standard input is not a JSON object")
        }
        var fields: [String: String] = [:]
        for (key, value) in object {
            guard DocumentSourceAttribute.keys.contains(key), let text = value as? String else {
                throw CommandError(.rejected, "field '\(key)' is not one of the four string fields")
            }
            fields[key] = text
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

extension String {
    /// The bytes as text when they are valid UTF-8, else nil (never U+FFFD).
    init?(validatingUTF8Bytes bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard Array(text.utf8) == bytes else { return nil }
        self = text
    }
}
