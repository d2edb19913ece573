// Sources/XDSCommands/Commands/WriteCommand.swift - `xds write`: sets the attribute, checked before touching disk

import AttributeFiles
import DocumentSource

/// `xds write`: writes the x-document-source attribute of a file.
enum WriteCommand: Command {
    static let name = "write"
    static let abstract = "Writes the x-document-source attribute of a file"
    static let help = """
        OVERVIEW: Writes the x-document-source attribute of a file.

        Encodes the fields as a canonical binary property list (bplist00) and
        compares its size with the limit of the filesystem holding the file
        before anything changes; an attribute that cannot fit is refused and
        the file keeps its current attribute.

        USAGE: xds write <path> --identifier <id> --name <name> [--path <p>]
                         [--app-info-url <url>] [--create | --replace]
                         [--no-follow] [--dry-run] [--allow-insecure-url]

        ARGUMENTS:
          <path>                  The file or directory to write to.

        OPTIONS:
          --identifier <id>       Bundle identifier of the source app (required).
          --name <name>           Display name of the source app (required).
          --path <p>              The document's path inside the source app.
          --app-info-url <url>    URL of appInfo.json: absolute https, a host, no
                                  user@, a port of at most 65535.
          --create                Fail if the file already has the attribute.
          --replace               Fail if the file does not have the attribute.
          --no-follow             Act on a symlink itself (Linux refuses: EPERM).
          --dry-run               Check and encode, but do not change the file.
          --allow-insecure-url    Accept an appInfoURL that is not https.
          -h, --help              Show help information.

        EXIT STATUS:
          0   written (or, with --dry-run, would be written)
          1   refused: too large for the filesystem, --create on an existing
              attribute, --replace on a missing one, an insecure URL, or the
              file or filesystem refuses (permission, read-only, no extended
              attributes; the message names the cause)
          64  usage error (missing --identifier or --name, unknown option, a
              value that is not UTF-8)
          74  the file is missing or cannot be reached, or standard output
              could not be written

        --dry-run checks what it can without writing (fields, URL, size against
        the filesystem's limit, create/replace, file type, read-only mount,
        write permission) and prints what it could not check.
        """

    static let spec = ArgumentSpec(
        valueOptions: ["--identifier", "--name", "--path", "--app-info-url"],
        flags: ["--create", "--replace", "--no-follow", "--dry-run", "--allow-insecure-url"],
        positionals: 1...1)

    static func run(_ arguments: [CommandLineArgument]) throws(CommandError) -> ExitStatus {
        guard let parsed = try parse(arguments, spec: spec) else { return .success }
        let fields: [String?]
        do {
            fields = try ["--identifier", "--name", "--path", "--app-info-url"].map { (option) throws(UsageError) in
                try parsed.text(option)
            }
        } catch {
            throw usage(error.message)
        }
        guard let identifier = fields[0], let name = fields[1] else {
            throw usage("--identifier and --name are required")
        }
        if parsed.has("--create") && parsed.has("--replace") {
            throw usage("--create and --replace cannot be combined")
        }
        let attribute = DocumentSourceAttribute(
            identifier: identifier, name: name, path: fields[2], appInfoURL: fields[3])
        var options = AttributeFile.WriteOptions()
        options.mode = parsed.has("--create") ? .createOnly : parsed.has("--replace") ? .replaceOnly : .createOrReplace
        options.followSymlinks = !parsed.has("--no-follow")
        options.allowInsecureURL = parsed.has("--allow-insecure-url")
        options.dryRun = parsed.has("--dry-run")
        let path = parsed.path(at: 0)
        let result: AttributeFile.WriteResult
        do {
            result = try AttributeFile.write(attribute, to: path, options: options)
        } catch {
            throw CommandError(
                error.fileUnreachable ? .inputOutput : .rejected, "\(error)", hint: hint(for: error))
        }
        if options.dryRun {
            try printLine("would write \(result.bytes.count) bytes to \(path) (\(result.limit))")
            try printLine("not checked (only the real write can tell): " + result.unchecked.joined(separator: "; "))
        } else {
            try printLine("wrote \(result.bytes.count) bytes to \(path) (\(result.limit))")
        }
        return .success
    }

    /// The option that addresses a refusal, when one does.
    private static func hint(for error: AttributeFileError) -> String? {
        switch error {
        case .missingField(let key): return "Give --\(key)."
        case .insecureURL: return "--allow-insecure-url accepts a URL that is not https (it must still be a URL)."
        default: return nil
        }
    }
}
