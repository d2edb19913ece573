// Sources/XDSCommands/Commands/FSMatrixCommand.swift - `xds fs-matrix`: the real-filesystem matrix behind `make fs`

import BuiltInPeers
import FilesystemHarness
import Foundation
import ReportFormatting

/// `xds fs-matrix`: Mounts ext4, xfs, btrfs, tmpfs and ramfs and writes Reports/filesystems.*.
enum FSMatrixCommand: Command {
    static let name = "fs-matrix"
    static let abstract = "Runs the real-filesystem matrix (root) into Reports/filesystems.*"
    static let help = """
        OVERVIEW: Runs the real-filesystem matrix (needs root: loop devices, mounts).

        Mounts sparse loop images (ext4 4 KiB, ext4 1 KiB, ext4 ea_inode, ext4
        128-byte inodes, xfs, btrfs 16 KiB nodes) plus tmpfs and ramfs, probes each
        (as fs-probe), round-trips attribute bytes between xds, CPython and
        setfattr/getfattr and the four fields between implementations with
        attribute calls, runs everyday tools over 200-byte and limit-size
        attributes, and copies onto filesystems too small for the value. Writes
        filesystems.json, .md and .html. Everything is unmounted and detached at
        the end, on SIGINT/SIGTERM/SIGHUP, and (if a run was killed) at the start
        of the next run.

        USAGE: xds fs-matrix [--out <dir>] [--only <labels>] [--adapter <n>=<cmd>]...
               xds fs-matrix --clean

        OPTIONS:
          --out <dir>              Where the reports go (default: Reports).
          --only <labels>          Comma-separated filesystem labels (ext4-4k,
                                   ext4-1k, ext4-ea-inode, ext4-inode-128, xfs,
                                   btrfs-16k, tmpfs, ramfs).
          --adapter <name>=<cmd>   An extra implementation (command split on spaces).
          --clean                  Only unmount and detach what a killed run left.
          -h, --help               Show this help.

        EXIT STATUS:
          0   reports written
          1   not root, or another run is active
          64  usage error
          70  a filesystem could not be created or mounted
          74  the reports could not be written
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        let spec = ArgumentSpec(valueOptions: ["--out", "--only", "--adapter"], flags: ["--clean"])
        let parsed: Arguments
        switch parseOrExit(arguments, spec: spec) {
        case .success(let value): parsed = value
        case .failure(let exit): return exit.status
        }
        guard Mounts.canMount else {
            Console.printError("xds fs-matrix: needs root and loop devices; run it as root (sudo make fs)")
            return .rejected
        }
        do {
            for mountPoint in try MatrixSafety.cleanLeftovers() {
                Console.printError("xds fs-matrix: unmounted and detached \(mountPoint), left by a killed run")
            }
        } catch {
            Console.printError("xds fs-matrix: \(error.message)")
            return .rejected
        }
        if parsed.has("--clean") { return .success }
        for mountPoint in MatrixSafety.foreignMounts() {
            Console.printError("xds fs-matrix: note: \(mountPoint) is mounted by someone else (a test?); left alone")
        }
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
        let options = MatrixOptions(
            xdsVersion: XDS.version, command: (["xds", name] + arguments).joined(separator: " "), adapters: adapters,
            filesystems: filesystems)
        MatrixSafety.begin()
        MatrixSafety.installSignalCleanup()
        defer { MatrixSafety.finish() }
        let report: FilesystemMatrixReport
        do {
            report = try FilesystemMatrix.run(options) { Console.printError("xds fs-matrix: " + $0) }
        } catch {
            Console.printError("xds fs-matrix: \(error)")
            return .internalError
        }
        return write(report, to: parsed.value("--out") ?? "Reports")
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
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            Console.printError("xds fs-matrix: cannot create \(directory): \(error)")
            return .ioError
        }
        let files: [(String, [UInt8])] = [
            ("filesystems.json", ReportJSON.encode(report)), ("filesystems.md", Array(report.markdown.utf8)),
            ("filesystems.html", Array(report.html.utf8)),
        ]
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
}
