// Sources/XDSCommands/Commands/RemoveCommand.swift - `xds remove`: deletes the attribute from a file

import AttributeFiles

/// `xds remove`: removes the x-document-source attribute.
enum RemoveCommand: Command {
    static let name = "remove"
    static let abstract = "Removes the x-document-source attribute"
    static let help = """
        OVERVIEW: Removes the x-document-source attribute.

        USAGE: xds remove <path> [--no-follow]

        ARGUMENTS:
          <path>          The file or directory to remove the attribute from.

        OPTIONS:
          --no-follow     Act on the symlink itself, not the file it points to.
          -h, --help      Show help information.

        EXIT STATUS:
          0   the attribute was removed
          1   the file has no attribute, or the file or filesystem refuses
              (read-only filesystem, permission, ...)
          64  usage error
          74  the file is missing or cannot be reached
        """

    static let spec = ArgumentSpec(flags: ["--no-follow"], positionals: 1...1)

    static func run(_ arguments: [CommandLineArgument]) throws(CommandError) -> ExitStatus {
        guard let parsed = try parse(arguments, spec: spec) else { return .success }
        do {
            try AttributeFile.remove(at: parsed.path(at: 0), followSymlinks: !parsed.has("--no-follow"))
        } catch {
            throw CommandError(error.fileUnreachable ? .inputOutput : .rejected, "\(error)")
        }
        return .success
    }
}
