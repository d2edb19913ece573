// Sources/XDSCommands/Commands/DifferentialCommand.swift - `xds differential`: where implementations disagree

import BuiltInPeers
import ChildProcess
import ConformanceRunner

/// `xds differential`: decodes every file of one or more corpora with every selected implementation and clusters
/// the inputs on which they disagree.
enum DifferentialCommand: Command {
    static let name = "differential"
    /// SIGINT, SIGTERM, SIGHUP: ChildContainment.contain(), first thing in DifferentialCommandRun.
    static let handlesTerminatingSignals = true
    static let abstract = "Clusters the inputs on which implementations disagree"
    static let help = """
        OVERVIEW: Decodes every file of the corpora with every selected
        implementation and reports where they disagree.

        USAGE: xds differential <dir-or-file> ... [--impl NAME ...]
                                [--cmd "CMD ..." [--name NAME]] ...
                                [--out DIR] [--candidates DIR] [options]

        Each distinct input (files are deduplicated by SHA-256) is given to each
        implementation's 'decode' call. Answers are accept, reject, or a crash
        of one kind (signal, timeout, out-of-memory, exit); accepted values are
        compared on tagged JSON with the suite's equality. Inputs whose answers
        split the implementations the same way, with the same rule cited by the
        reference, form one cluster; its smallest input represents it.

        OPTIONS:
          --impl NAME             A built-in, as for 'xds conformance' (all,
                                  peers, reference, libplist, ...). Repeatable,
                                  comma lists. Default: all, unless --cmd.
          --cmd "CMD ..."         An adapter command. Repeatable.
          --name NAME             The name of the --cmd at the same position
                                  (default: adapter, adapter-2, ...).
          --out DIR               Writes DIR/differential.json, .md and .html.
          --candidates DIR        Writes each cluster as a candidate vector:
                                  DIR/<cluster>/input.bplist,
                                  manifest-entry.json, answers.json and, when
                                  the reference accepts, expected.json.
          --sample N              Only the N distinct inputs with the lowest
                                  SHA-256 (a stable sample).
          --timeout SECONDS       Wall-clock limit per call (default: \(Int(ConformanceOptions.defaultTimeout))).
          --cpu-limit SECONDS     CPU-time limit per call (default: \(ConformanceOptions.defaultCPUSeconds)).
          --memory-limit MIB      Address-space limit per call (default: \(ConformanceOptions.defaultMemoryMiB)).
          --jobs N                Calls run at once (default: 2).
          --per-call, --no-serve  One process per call even for adapters that
                                  declare 'serve' (by default they answer
                                  framed calls in persistent 'CMD serve'
                                  processes, as in 'xds conformance').
          --json                  Prints the report JSON instead of the summary.

        EXIT STATUS:
          0   no disagreement
          1   disagreements found (reports and candidates written)
          2   an adapter does not run, or no implementation asked for is
              installed: nothing was compared
          64  usage error; fewer than two implementations with 'decode'
          74  a corpus missing or unreadable, a report or candidate unwritable,
              a built-in's program missing, standard output not written
        """

    static let spec = ArgumentSpec(
        valueOptions: [
            "--impl", "--cmd", "--name", "--sample", "--timeout", "--cpu-limit", "--memory-limit", "--jobs",
        ],
        pathOptions: ["--out", "--candidates"],
        flags: ["--json", "--per-call", "--no-serve"], positionals: 1...Int.max)

    static func run(_ arguments: [CommandLineArgument]) throws(CommandError) -> ExitStatus {
        guard let parsed = try parse(arguments, spec: spec) else { return .success }
        let options: DifferentialOptions
        do {
            options = try DifferentialOptions(parsed)
        } catch {
            throw usage(error.message)
        }
        return try DifferentialCommandRun(options: options).run()
    }
}

/// The checked options of one `xds differential` run.
struct DifferentialOptions {
    var corpora: [String]
    var builtIns: [BuiltIn]
    /// Each adapter's words and name.
    var adapters: [(words: [String], name: String)] = []
    var out: String?
    var candidates: String?
    var sample: Int?
    var limits: ProcessLimits
    var jobs: Int
    var json: Bool
    /// Calls adapters that declare `serve` through `CMD serve`; `--per-call` (or `--no-serve`) turns it off.
    var serve: Bool

    init(_ arguments: Arguments) throws(UsageError) {
        corpora = []
        for argument in arguments.positionalArguments {
            guard let text = argument.utf8Text else { throw UsageError("a corpus path that is not UTF-8") }
            corpora.append(text)
        }
        let names = arguments.allValues("--name")
        let commands = arguments.allValues("--cmd")
        guard names.count <= commands.count else { throw UsageError("--name: more names than --cmd adapters") }
        for (index, command) in commands.enumerated() {
            let words: [String]
            do {
                words = try shellSplit(command)
            } catch {
                throw UsageError("--cmd: \(error.message)")
            }
            if words.isEmpty { throw UsageError("--cmd: empty command") }
            let name = index < names.count ? names[index] : (index == 0 ? "adapter" : "adapter-\(index + 1)")
            adapters.append((words, name))
        }
        builtIns = try ConformanceOptions.builtIns(arguments)
        if builtIns.isEmpty && adapters.isEmpty { builtIns = BuiltIn.core }
        let allNames = builtIns.map(\.rawValue) + adapters.map(\.name)
        if Set(allNames).count != allNames.count {
            throw UsageError("two implementations share a name; give each --cmd its own --name")
        }
        out = try arguments.utf8Path("--out")
        candidates = try arguments.utf8Path("--candidates")
        if let text = arguments.value("--sample") {
            guard let count = Int(text), count > 0 else { throw UsageError("--sample: expected a positive count") }
            sample = count
        }
        limits = try ConformanceOptions.limits(arguments)
        jobs = try ConformanceOptions.jobs(arguments) ?? 2
        json = arguments.has("--json")
        serve = !arguments.has("--per-call") && !arguments.has("--no-serve")
    }
}
