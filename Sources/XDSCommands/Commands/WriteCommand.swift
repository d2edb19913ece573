// Sources/XDSCommands/Commands/WriteCommand.swift - `xds write`: sets the attribute, checked before touching disk

import AttributeFiles
import DocumentSource
import XAttr

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
          --app-info-url <url>    URL of appInfo.json; must be absolute https.
          --create                Fail if the file already has the attribute.
          --replace               Fail if the file does not have the attribute.
          --no-follow             Act on a symlink itself (Linux refuses: EPERM).
          --dry-run               Check and encode, but do not change the file.
          --allow-insecure-url    Accept an appInfoURL that is not https.
          -h, --help              Show help information.

        EXIT STATUS:
          0   written (or, with --dry-run, would be written)
          1   refused: too large for the filesystem, --create on an existing
              attribute, --replace on a missing one, an insecure URL, or a
              system error (the message names the file and the cause)
          64  usage error (missing --identifier or --name, unknown option)
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        let spec = ArgumentSpec(
            valueOptions: ["--identifier", "--name", "--path", "--app-info-url"],
            flags: ["--create", "--replace", "--no-follow", "--dry-run", "--allow-insecure-url"],
            positionals: 1...1)
        let parsed: Arguments
        switch parseOrExit(arguments, spec: spec) {
        case .success(let value): parsed = value
        case .failure(let exit): return exit.status
        }
        guard let identifier = parsed.value("--identifier"), let name = parsed.value("--name") else {
            return usage("--identifier and --name are required")
        }
        if parsed.has("--create") && parsed.has("--replace") {
            return usage("--create and --replace cannot be combined")
        }
        let attribute = DocumentSourceAttribute(
            identifier: identifier, name: name, path: parsed.value("--path"),
            appInfoURL: parsed.value("--app-info-url"))
        var options = AttributeFile.WriteOptions()
        options.mode = parsed.has("--create") ? .createOnly : parsed.has("--replace") ? .replaceOnly : .createOrReplace
        options.followSymlinks = !parsed.has("--no-follow")
        options.allowInsecureURL = parsed.has("--allow-insecure-url")
        options.dryRun = parsed.has("--dry-run")
        let path = parsed.positionals[0]
        do {
            let result = try AttributeFile.write(attribute, to: path, options: options)
            let verb = options.dryRun ? "would write" : "wrote"
            Console.printOut("\(verb) \(result.bytes.count) bytes to \(path) (\(result.limit))")
            return .success
        } catch {
            Console.printError("xds write: error: \(error)")
            return .rejected
        }
    }

    private static func usage(_ message: String) -> ExitStatus {
        Console.printError("Error: \(message)")
        Console.printError("Usage: xds write <path> --identifier <id> --name <name> [options]")
        Console.printError("  See 'xds write --help' for more information.")
        return .usage
    }
}
