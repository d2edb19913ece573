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
          1   refused (bad fields, too large, the file refuses the attribute)
          64  usage error
          74  standard input could not be read
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        let parsed: Arguments
        switch parseOrExit(arguments, spec: ArgumentSpec(positionals: 1...1)) {
        case .success(let value): parsed = value
        case .failure(let code): return code.status
        }
        let input: [UInt8]
        switch readInputOrExit(nil, limit: 1 << 20) {
        case .success(let bytes): input = bytes
        case .failure(let exit): return exit.status
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(input)) as? [String: Any] else {
            Console.printError("error: standard input is not a JSON object")
            return .rejected
        }
        var fields: [String: String] = [:]
        for (key, value) in object {
            guard DocumentSourceAttribute.keys.contains(key), let text = value as? String else {
                Console.printError("error: field '\(key)' is not one of the four string fields")
                return .rejected
            }
            fields[key] = text
        }
        let attribute = DocumentSourceAttribute(
            identifier: fields["identifier"], name: fields["name"], path: fields["path"],
            appInfoURL: fields["appInfoURL"])
        do {
            try AttributeFile.write(attribute, to: parsed.positionals[0])
            return .success
        } catch {
            Console.printError("error: \(error)")
            return .rejected
        }
    }
}
