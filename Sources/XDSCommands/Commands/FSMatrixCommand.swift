// Sources/XDSCommands/Commands/FSMatrixCommand.swift - `xds fs-matrix`: the real-filesystem matrix behind `make fs`

import BuiltInPeers
import FilesystemHarness
import Foundation
import ReportFormatting

/// `xds fs-matrix`: Mounts ext4, xfs, btrfs, tmpfs and ramfs and writes Reports/filesystems.*.
enum FSMatrixCommand: Command {
    static let name = "fs-matrix"
    /// SIGINT, SIGTERM, SIGHUP: TerminationCleanup, installed before anything is made.
    static let handlesTerminatingSignals = true
    static let abstract = "Runs the real-filesystem matrix (root) into Reports/filesystems.*"
    static let help = """
        OVERVIEW: Runs the real-filesystem matrix (needs root: loop devices, mounts).

        Mounts sparse loop images (ext4 4 KiB, ext4 1 KiB, ext4 ea_inode, ext4
        128-byte inodes, xfs, btrfs 16 KiB nodes) plus tmpfs and ramfs, probes each
        (as fs-probe), round-trips attribute bytes between xds, CPython and
        setfattr/getfattr and the four fields between implementations with
        attribute calls, runs everyday tools over 200-byte and limit-size
        attributes, and copies onto filesystems too small for the value. Writes
        filesystems.json, .md and .html.

        Images, mount points and a journal of every step live in a private run
        directory under /run/xds-fs-matrix (root-only; $XDS_FS_MATRIX_STATE_DIR
        overrides). Everything is unmounted, detached and deleted at the end, on
        SIGINT/SIGTERM/SIGHUP (after the step in flight), and, for a run that was
        killed outright, at the start of the next run or by --clean; only what
        the dead run's journal names and is still what it made (device number,
        backing file's device and inode) is touched.

        USAGE: xds fs-matrix [--out <dir>] [--only <labels>] [--adapter <n>=<cmd>]...
               xds fs-matrix --clean

        OPTIONS:
          --out <dir>              Where the reports go (default: Reports).
          --only <labels>          Comma-separated filesystem labels (ext4-4k,
                                   ext4-1k, ext4-ea-inode, ext4-inode-128, xfs,
                                   btrfs-16k, tmpfs, ramfs).
          --adapter <name>=<cmd>   An extra implementation (command split on spaces).
          --clean                  Only undo what killed runs left (unmount,
                                   detach, delete), then exit.
          -h, --help               Show this help.

        EXIT STATUS:
          0   reports written (--clean: nothing left behind)
          1   not root, the state directory is not trustworthy, or (--clean)
              something was left alone (listed)
          64  usage error
          70  a filesystem could not be created or mounted
          74  the reports could not be written
          129, 130, 143  interrupted by SIGHUP, SIGINT, SIGTERM (everything undone)
        """

    static let spec = ArgumentSpec(
        valueOptions: ["--only", "--adapter"], pathOptions: ["--out"], flags: ["--clean"])

    static func run(_ arguments: [CommandLineArgument]) throws(CommandError) -> ExitStatus {
        guard let parsed = try parse(arguments, spec: spec) else { return .success }
        let out: String?
        do {
            out = try parsed.utf8Path("--out")
        } catch {
            throw usage(error.message)
        }
        guard Mounts.canMount else {
            Console.printError("xds fs-matrix: needs root and loop devices; run it as root (sudo make fs)")
            return .rejected
        }
        // Before anything is made: from here on a signal undoes what this run made, then exits.
        MatrixSafety.installSignalCleanup()
        let leftovers: UndoReport
        do {
            leftovers = try MatrixSafety.cleanLeftovers()
        } catch {
            Console.printError("xds fs-matrix: \(error.message)")
            return .rejected
        }
        for line in leftovers.undone { Console.printError("xds fs-matrix: left by a killed run: \(line)") }
        for line in leftovers.leftAlone { Console.printError("xds fs-matrix: note: \(line)") }
        if parsed.has("--clean") { return leftovers.leftAlone.isEmpty ? .success : .rejected }
        var filesystems = MatrixFilesystem.all
        if let only = parsed.value("--only") {
            let labels = only.split(separator: ",").map(String.init)
            let unknown = labels.filter { label in !filesystems.contains { $0.label == label } }
            guard unknown.isEmpty else {
                Console.printError("Error: unknown filesystem label(s): \(unknown.joined(separator: ", "))")
                return .usage
            }
            filesystems = filesystems.filter { labels.contains($0.label) }
        }
        var adapters = defaultAdapters()
        for extra in parsed.allValues("--adapter") {
            guard let equals = extra.firstIndex(of: "="), !extra[extra.index(after: equals)...].isEmpty else {
                Console.printError("Error: --adapter needs <name>=<command>")
                return .usage
            }
            let command = extra[extra.index(after: equals)...].split(separator: " ").map(String.init)
            adapters.append((name: String(extra[..<equals]), command: command))
        }
        var options = MatrixOptions(
            xdsVersion: XDS.version, command: (["xds", name] + arguments.map(\.text)).joined(separator: " "),
            adapters: adapters,
            filesystems: filesystems)
        options.redirectsTemporaryFiles = true
        let report: FilesystemMatrixReport
        do {
            report = try FilesystemMatrix.run(options) { Console.printError("xds fs-matrix: " + $0) }
        } catch {
            Console.printError("xds fs-matrix: \(error)")
            return .internalError
        }
        return write(report, to: out ?? "Reports")
    }

    /// This very executable's adapter calls, then every built-in peer that runs as an adapter
    /// (the conformance runner's list); those without attribute calls are reported as not available.
    static func defaultAdapters() -> [(name: String, command: [String])] {
        let locations = BuiltInLocations.discover()
        return [("xds (adapter calls)", [locations.xds])]
            + BuiltIn.core.compactMap { builtIn in builtIn.command(locations).map { (builtIn.rawValue, $0) } }
    }

    static func write(_ report: FilesystemMatrixReport, to directory: String) -> ExitStatus {
        do {
            try AtomicFile.makeDirectory(directory)
        } catch {
            Console.printError("xds fs-matrix: \(error)")
            return .ioError
        }
        let runDirectory = report.filesystems.lazy.compactMap { $0.probe?.directory }.first
            .map { ($0 as NSString).deletingLastPathComponent }
        let files: [(String, [UInt8])] = [
            ("filesystems.json", ReportJSON.encode(report)), ("filesystems.md", Array(report.markdown.utf8)),
            ("filesystems.html", Array(report.html.utf8)),
        ].map { ($0, maskingRunDirectory($1, runDirectory)) }
        for (name, bytes) in files {
            do {
                try AtomicFile.write(bytes, to: directory + "/" + name)
            } catch {
                Console.printError("xds fs-matrix: \(error)")
                return .ioError
            }
        }
        Console.printError("xds fs-matrix: wrote \(directory)/filesystems.json, .md, .html")
        return .success
    }

    /// How the reports write the run's private directory (`/run/xds-fs-matrix/run.XXXXXX`), which exists only
    /// while the run lasts: the committed reports carry no machine paths.
    static let runDirectoryPlaceholder = "$XDS_FS_MATRIX_RUN"

    /// `bytes` with every `runDirectory/` replaced by the placeholder (unchanged when there is no run directory).
    static func maskingRunDirectory(_ bytes: [UInt8], _ runDirectory: String?) -> [UInt8] {
        guard let runDirectory, runDirectory.count > 1 else { return bytes }
        let text = String(decoding: bytes, as: UTF8.self)
        return Array(text.replacingOccurrences(of: runDirectory + "/", with: runDirectoryPlaceholder + "/").utf8)
    }
}
