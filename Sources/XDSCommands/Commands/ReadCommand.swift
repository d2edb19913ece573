// Sources/XDSCommands/Commands/ReadCommand.swift - `xds read`: the attribute's fields as readers see them

import AttributeFiles
import DocumentSource

/// `xds read`: reads the x-document-source attribute of a file.
enum ReadCommand: Command {
    static let name = "read"
    static let abstract = "Reads the x-document-source attribute of a file"
    static let help = """
        OVERVIEW: Reads the x-document-source attribute of a file.

        Reads as the original XDSDocumentSourceAttribute does: the root must be a
        dictionary, and each of identifier, name, path and appInfoURL is kept only
        when its value is a string. Only binary property lists are read. Without
        --json, notes on standard error say which keys and values were ignored.

        USAGE: xds read <path> [--json] [--no-follow]

        ARGUMENTS:
          <path>          The file or directory whose attribute to read.

        OPTIONS:
          --json          Print a JSON object of the fields kept.
          --no-follow     Read the symlink itself, not the file it points to.
          -h, --help      Show help information.

        EXIT STATUS:
          0   the attribute was read
          1   no attribute, an unreadable attribute, or a system error (the
              message names the file and the cause)
          64  usage error
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        let parsed: Arguments
        switch parseOrExit(arguments, spec: ArgumentSpec(flags: ["--json", "--no-follow"], positionals: 1...1)) {
        case .success(let value): parsed = value
        case .failure(let exit): return exit.status
        }
        let path = parsed.positionals[0]
        let bytes: [UInt8]
        let attribute: DocumentSourceAttribute
        do {
            guard let found = try AttributeFile.readBytes(at: path, followSymlinks: !parsed.has("--no-follow")) else {
                throw AttributeFileError.noAttribute(path: path)
            }
            bytes = found
            do {
                attribute = try DocumentSourceAttribute(decoding: bytes)
            } catch {
                throw AttributeFileError.unreadable(path: path, error)
            }
        } catch {
            Console.printError("xds read: error: \(error)")
            return .rejected
        }
        if parsed.has("--json") {
            Console.printOut(AttributeJSON.object(attribute))
            return .success
        }
        for (key, value) in attribute.fields { Console.printOut("\(key): \(value)") }
        // Explain what a reader ignores, on standard error so that standard output stays the fields.
        let explained: Set<String> = ["schema.value-not-string", "schema.unknown-key", "schema.duplicate-key"]
        for finding in DocumentSourceValidator.validate(bytes).findings where explained.contains(finding.code) {
            Console.printError("note: \(finding.message)")
        }
        return .success
    }
}

/// Hand-written JSON for the attribute commands: fixed key order, so output is stable byte for byte.
enum AttributeJSON {
    /// `{"identifier":"…","name":"…",…}` with the fields that are set, in the convention's order.
    static func object(_ attribute: DocumentSourceAttribute) -> String {
        "{" + attribute.fields.map { "\(string($0.key)):\(string($0.value))" }.joined(separator: ",") + "}"
    }

    /// A JSON string literal.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
