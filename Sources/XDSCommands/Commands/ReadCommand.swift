// Sources/XDSCommands/Commands/ReadCommand.swift - `xds read`: the attribute's fields as readers see them

import AttributeFiles
import DocumentSource
import TaggedJSON

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
          1   no attribute, an unreadable attribute, or the filesystem refuses
              (no extended attributes there; the message names the cause)
          64  usage error
          74  the file is missing or cannot be read, or standard output could
              not be written

        Values are printed escaped (control characters as \\xNN, bidirectional
        controls as \\u{NNNN}, a backslash as \\\\); --json prints them exactly.
        """

    static let spec = ArgumentSpec(flags: ["--json", "--no-follow"], positionals: 1...1)

    static func run(_ arguments: [CommandLineArgument]) throws(CommandError) -> ExitStatus {
        guard let parsed = try parse(arguments, spec: spec) else { return .success }
        let path = parsed.path(at: 0)
        let bytes: [UInt8]
        let attribute: DocumentSourceAttribute
        do throws(AttributeFileError) {
            guard let found = try AttributeFile.readBytes(at: path, followSymlinks: !parsed.has("--no-follow")) else {
                throw AttributeFileError.noAttribute(path: path.description)
            }
            bytes = found
            do {
                attribute = try DocumentSourceAttribute(decoding: bytes)
            } catch {
                throw AttributeFileError.unreadable(path: path.description, error)
            }
        } catch {
            throw CommandError(error.fileUnreachable ? .inputOutput : .rejected, "\(error)")
        }
        if parsed.has("--json") {
            try printOut(AttributeJSON.object(attribute))
            return .success
        }
        // Each line escaped: a value cannot clear the screen or forge another field's line.
        for (key, value) in attribute.fields { try printLine("\(key): \(value)") }
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
        "{"
            + attribute.fields.map { "\(JSONStringLiteral.quoted($0.key)):\(JSONStringLiteral.quoted($0.value))" }
            .joined(separator: ",") + "}"
    }
}
