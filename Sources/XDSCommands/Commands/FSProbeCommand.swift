// Sources/XDSCommands/Commands/FSProbeCommand.swift - `xds fs-probe`: attribute limits and errno of directories

import ChildProcess
import FilesystemHarness
import Foundation

/// `xds fs-probe`: Measures extended-attribute limits on mounted filesystems.
enum FSProbeCommand: Command {
    static let name = "fs-probe"
    /// SIGINT, SIGTERM, SIGHUP: TerminationCleanup, installed before the first probe.
    static let handlesTerminatingSignals = true
    static let abstract = "Measures extended-attribute limits on mounted filesystems"
    static let help = """
        OVERVIEW: Measures extended-attribute limits on mounted filesystems.

        For each directory: the filesystem type and geometry (statfs), the largest
        user.x-document-source value accepted on a fresh file and a directory
        (binary search 0...65536) and the errno just above it, the limits for
        1-byte and 255-byte names, the room left for a second attribute, and the
        errno of each failing call (value over 64 KiB, name over 255 bytes, no
        namespace, XATTR_CREATE on existing, XATTR_REPLACE on missing, symlink,
        fifo, too-small read buffer). Each limit is compared with the formula the
        reference writer uses. Works without root; removes every file it made,
        also when interrupted (SIGINT, SIGTERM, SIGHUP).

        USAGE: xds fs-probe <directory>... [--json]

        ARGUMENTS:
          <directory>   A directory on the filesystem to probe (writable).

        OPTIONS:
          --json        One JSON array of results on standard output.
          -h, --help    Show this help.

        EXIT STATUS:
          0   probed; every limit matches the formula where there is one
          1   probed; a limit differs from the writer's formula (listed)
          64  usage error
          74  a directory could not be probed, or standard output not written
          129, 130, 143  interrupted by SIGHUP, SIGINT, SIGTERM (scratch folder removed)
        """

    static let spec = ArgumentSpec(flags: ["--json"], positionals: 1...Int.max)

    static func run(_ arguments: [CommandLineArgument]) throws(CommandError) -> ExitStatus {
        guard let parsed = try parse(arguments, spec: spec)
        else { return .success }
        // SIGINT, SIGTERM or SIGHUP: the scratch folder in progress is removed before the exit.
        TerminationCleanup.install(ending: .byExitStatus(program: "xds fs-probe"))
        var results: [ProbeResult] = []
        for argument in parsed.positionalArguments {
            // The probe works on text paths: refuse a name that is not UTF-8 rather than probe another.
            guard let directory = argument.utf8Text else {
                throw usage("\(argument.text): a directory whose name is not UTF-8 cannot be probed")
            }
            do {
                results.append(try AttributeProbe.probe(directory))
            } catch {
                throw CommandError(.inputOutput, error.message)
            }
        }
        if parsed.has("--json") {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            guard let data = try? encoder.encode(results) else {
                throw CommandError(.internalError, "the results could not be encoded as JSON")
            }
            try writeOut(Array(data) + [0x0A])
        } else {
            for line in results.map(\.text).joined(separator: "\n\n").split(
                separator: "\n", omittingEmptySubsequences: false)
            {
                try printLine(String(line))
            }
        }
        let differences = results.flatMap { result in result.formulaDifferences.map { (result.directory, $0) } }
        for (directory, limit) in differences {
            Console.printError(
                "xds fs-probe: \(directory): \(limit.id): measured \(limit.maximum.map(String.init) ?? "none"), "
                    + "the writer's formula says \(limit.formula.map(String.init) ?? "-")")
        }
        return differences.isEmpty ? .success : .rejected
    }
}
