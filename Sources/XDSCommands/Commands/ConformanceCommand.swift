// Sources/XDSCommands/Commands/ConformanceCommand.swift - `xds conformance`: vectors × implementations → report

import Foundation

/// `xds conformance`: runs the conformance vectors against built-in implementations and adapters.
enum ConformanceCommand: Command {
    static let name = "conformance"
    /// SIGINT, SIGTERM, SIGHUP: ChildContainment.contain(), first thing in ConformanceRun.
    static let handlesTerminatingSignals = true
    static let abstract = "Runs the conformance vectors against implementations"
    static let help = """
        OVERVIEW: Runs the conformance vectors against implementations.

        USAGE: xds conformance [--vectors DIR] [--out DIR] [--impl NAME ...]
                               [--cmd "CMD ..."]
                               [options]

        Each adapter call runs in its own process with a timeout and an address-space
        limit. Exit 1 is a rejection; any other status, a signal, a timeout or running
        out of memory is a crash. See 'xds help adapter' for the protocol.

        OPTIONS:
          --vectors DIR           The vector set (default: Vectors).
          --out DIR               Writes DIR/conformance.json (and renderings).
          --impl NAME             A built-in: reference, libplist,
                                  foundation-serialization, foundation-decoder,
                                  plistlib, original, or all. Repeatable.
                                  Default: all, unless --cmd is given.
          --cmd "CMD ..."         An adapter command, split like a shell would.
          --name NAME             The adapter's name in reports (default: adapter).
          --area AREA             plist, attribute, icons or icon-loading;
                                  repeatable, comma lists.
          --level LEVEL           required, recommended or implementation-defined.
          --run GLOB              Only cases whose id or vector id matches; repeatable.
          --skip GLOB             Leaves out matching cases; repeatable.
          --known-failures FILE   The list for the adapter (or the one --impl).
          --known-failures-dir DIR
                                  Built-ins' lists, DIR/<impl>.txt (default:
                                  the lists shipped with xds).
          --write-known-failures FILE
                                  Writes every deviation as a list, says how
                                  many, exits 0; with several implementations
                                  FILE must contain {impl}.
          --timeout SECONDS       Wall-clock limit per call, above --cpu-limit
                                  (default: \(Int(ConformanceOptions.defaultTimeout))).
          --cpu-limit SECONDS     CPU-time limit per call, 0 for none, at most \(ConformanceOptions.cpuLimitSeconds.upperBound)
                                  (default: \(ConformanceOptions.defaultCPUSeconds)).
          --memory-limit MIB      Address-space limit per call, 16 to 134217728
                                  (default: \(ConformanceOptions.defaultMemoryMiB)).
          --jobs N                Calls run at once (default: 2).
          --per-call, --no-serve  One process per call even for adapters that
                                  declare 'serve' (the reference meaning; by
                                  default they answer framed calls in
                                  persistent 'CMD serve' processes).
          --json                  Prints the report JSON instead of the summary.
          --junit FILE, --html FILE, --markdown FILE
                                  Renderings of the report.

        A word of --cmd naming an existing file (relative to the current directory)
        is made absolute and a bare program is looked up in PATH, once: each call
        runs in a scratch directory. Before the first case the adapter is asked
        'capabilities' and one trivial call per declared call.

        EXIT STATUS:
          0   no required-level case deviates unexpectedly, no known failure is
              stale; or --write-known-failures wrote its lists
          1   deviations found: an unexpected deviation, a stale or unknown
              known-failure entry
          2   the adapter does not run (not found, cannot start, 'capabilities'
              fails, every trivial call or every one of 10+ cases crashes; or
              no --impl asked for is installed): nothing was tested, no list
              is written
          64  usage error; a filter that selects no case, an adapter that has
              none of the selected cases' calls
          74  vectors missing or unreadable, list unreadable, report or list
              unwritable, a built-in's program missing, standard output not
              written
        """

    static let spec = ArgumentSpec(
        valueOptions: [
            "--impl", "--cmd", "--name", "--area", "--level", "--run", "--skip", "--timeout", "--cpu-limit",
            "--memory-limit", "--jobs",
        ],
        pathOptions: [
            "--vectors", "--out", "--known-failures", "--known-failures-dir", "--write-known-failures", "--junit",
            "--html", "--markdown",
        ],
        flags: ["--json", "--per-call", "--no-serve"])

    static func run(_ arguments: [CommandLineArgument]) throws(CommandError) -> ExitStatus {
        guard let parsed = try parse(arguments, spec: spec) else { return .success }
        let options: ConformanceOptions
        do {
            options = try ConformanceOptions(parsed)
        } catch {
            throw usage(error.message)
        }
        return try ConformanceRun(options: options).run()
    }
}
