// Sources/xds-bench/main.swift - make bench: the reference against libplist, Foundation and plistlib

import ChildProcess
import Foundation

let usage = """
    USAGE: xds-bench [--out <dir>] [--smoke] [--seed <n>] [--timeout <s>] [--only <impl,...>] [--workload <name,...>]
                     [--keep-freed-memory]
           xds-bench --dump <dir> [--smoke] [--seed <n>]   (write the inputs, for profiling)
           xds-bench --worker <impl> <operation> <input> [--attribute] [--smoke]
           xds-bench --compare-modes <per-call report dir> <served report dir>   (make bench-matrix)
    See Docs/bench.md.
    """
// Before any thread exists, so that only the driver's signal thread (ChildContainment) takes SIGINT, SIGTERM
// and SIGHUP; a worker gets its caller's mask back.
let callerMask = TerminationCleanup.blockSignals()
var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--worker", arguments.count >= 4 {
    callerMask.restore()
    let result = SwiftWorker.run(
        implementation: arguments[1], operation: arguments[2], input: arguments[3],
        isAttribute: arguments.contains("--attribute"), smoke: arguments.contains("--smoke"))
    let line = (try? JSONEncoder().encode(result)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    print(line)
    exit(0)
}
if arguments.first == "--compare-modes", arguments.count == 3 {
    exit(ModeComparison.run(perCallDirectory: arguments[1], servedDirectory: arguments[2]))
}
var options = DriverOptions()
while let argument = arguments.first {
    arguments.removeFirst()
    let value = arguments.first
    switch argument {
    case "--smoke": options.smoke = true
    case "--keep-freed-memory": options.keepFreedMemory = true
    case "--dump" where value != nil: options.dump = arguments.removeFirst()
    case "--out" where value != nil: options.out = arguments.removeFirst()
    case "--seed" where value.flatMap(UInt64.init) != nil: options.seed = UInt64(arguments.removeFirst()) ?? 0
    case "--timeout" where value.flatMap(Double.init) != nil: options.timeout = Double(arguments.removeFirst()) ?? 30
    case "--only" where value != nil:
        options.implementations = Set(arguments.removeFirst().split(separator: ",").map(String.init))
    case "--workload" where value != nil:
        options.workloads = Set(arguments.removeFirst().split(separator: ",").map(String.init))
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        FileHandle.standardError.write(Data("Error: unexpected argument '\(argument)'\n\(usage)\n".utf8))
        exit(64)
    }
}
exit(Driver.run(options))
