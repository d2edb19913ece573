// Sources/XDSCommands/Commands/ConformanceRun.swift - `xds conformance` on a terminal: build, run, print, write

import BuiltInPeers
import ChildProcess
import ConformanceModel
import ConformanceRunner
import Foundation
import Reporting

#if canImport(Glibc)
    import Glibc
#endif

/// Loads the vectors, builds the implementations, runs a `ConformanceSession`, writes reports, prints.
struct ConformanceRun {
    var options: ConformanceOptions

    func run() throws(CommandError) -> ExitStatus {
        // Adapter processes end with the run, also on SIGINT/SIGTERM/SIGHUP and when they left their group.
        ChildContainment.contain()
        defer { ChildContainment.sweepEscapees() }
        let vectorDirectory: VectorDirectory
        do {
            vectorDirectory = try VectorDirectory.load(directory: options.vectors)
        } catch {
            Console.printError("Error: vectors: \(error)")
            return .ioError
        }
        do {
            _ = try IconLoadingRun.vectors(in: vectorDirectory)
        } catch {
            Console.printError("Error: vectors: \(error)")
            return .ioError
        }
        // Made and registered, and later removed and unregistered, as single steps: a signal in between would
        // leave it behind.
        guard let workDirectory = ChildContainment.makeRegisteredDirectory(RunEnvironment.makeWorkDirectory) else {
            Console.printError("Error: cannot create a temporary directory")
            return .ioError
        }
        defer { ChildContainment.removeRegistered(directory: workDirectory) }
        var filesystem = RunEnvironment.filesystem(of: workDirectory)
        if !RunEnvironment.supportsUserXattrs(workDirectory) {
            filesystem += " (no user xattrs: attribute cases cannot be set up)"
            Console.printError("warning: \(workDirectory) does not take user.* extended attributes; set TMPDIR")
        }
        var status = ExitStatus.success
        var implementations: [any Implementation] = []
        var notInstalled: [NotInstalledImplementation] = []
        let locations = BuiltInLocations.discover()
        for builtIn in options.builtIns {
            switch builtIn.make(locations, limits: options.limits, referenceVersion: XDS.version) {
            case .success(let implementation): implementations.append(implementation)
            case .failure(let error) where BuiltIn.peers.contains(builtIn):
                // Optional peers are listed as not installed, never a failure.
                Console.printError("note: \(error.message)")
                notInstalled.append(NotInstalledImplementation(name: builtIn.rawValue, reason: error.message))
            case .failure(let error):
                Console.printError("Error: built-in \(error.message)")
                status = .ioError
            }
        }
        if let command = options.adapter {
            switch ProcessImplementation.probeCapabilities(command, limits: options.limits) {
            case .success(let capabilities):
                let version = ProcessImplementation.probeVersion(command, limits: options.limits) ?? "unknown"
                let info = ImplementationInfo(
                    name: options.adapterName, title: options.adapterName, version: version, kind: "adapter",
                    command: command.map(shellQuote).joined(separator: " "), capabilities: capabilities)
                implementations.append(ProcessImplementation(info: info, command: command, limits: options.limits))
            case .failure(let error):
                Console.printError("Error: adapter: \(error.message)")
                return .ioError
            }
        }
        var session = ConformanceSession(
            vectors: vectorDirectory, filter: options.filter, jobs: options.jobs, workDirectory: workDirectory)
        session.iconFixtureServer = BuiltInLocations.iconFixtureServer()
        let progress = isatty(2) == 1 ? Self.progressLine : nil
        let result: SessionResult
        var withoutList: Set<String> = []
        do {
            result = try session.run(
                implementations,
                knownFailures: { info throws(ListError) in
                    let (list, found) = try knownFailures(for: info)
                    if !found { withoutList.insert(info.name) }
                    return list
                }, progress: progress)
        } catch {
            if progress != nil { Console.writeError(Array("\r\u{1B}[K".utf8)) }
            Console.printError("Error: \(error)")
            return .ioError
        }
        if progress != nil { Console.writeError(Array("\r\u{1B}[K".utf8)) }
        Console.printError(
            "ran \(result.caseCount) cases × \(implementations.count) implementations in "
                + String(format: "%.1f", result.seconds) + " s with \(options.jobs) jobs")
        if let path = options.writeKnownFailures {
            for run in result.runs {
                let target = path.replacingOccurrences(of: "{impl}", with: run.implementation.name)
                let text = KnownFailures.render(run.results, implementation: run.implementation.name)
                guard FileManager.default.createFile(atPath: target, contents: Data(text.utf8)) else {
                    Console.printError("Error: cannot write \(target)")
                    return .ioError
                }
            }
        }
        let provenance = Provenance.current(
            vectorDigest: vectorDirectory.digest, filesystem: filesystem,
            arguments: ["xds"] + CommandLine.arguments.dropFirst())
        var report = ReportPaths(workDirectory: workDirectory).apply(
            to: ConformanceReport(
                provenance: provenance, runs: result.runs,
                requirements: RequirementResults.build(
                    runs: result.runs, vectors: vectorDirectory.manifest.vectors,
                    document: SpecificationFile.beside(vectorsDirectory: vectorDirectory.directory))))
        report.notInstalled = notInstalled.isEmpty ? nil : notInstalled
        if let failure = ConformanceOutput.write(report, options: options) {
            Console.printError("Error: \(failure)")
            return .ioError
        }
        do {
            if options.json {
                try Console.writeOut(ConformanceOutput.json(report) + [10])
            } else {
                // Implementation names come from the command line and adapters: each line escaped.
                for line in ConformanceSummary.lines(report) { try Console.printLine(line) }
            }
        } catch {
            throw CommandError(error)
        }
        let policyCounts = result.runs.filter { $0.policyVerdictCount > 0 }
        if !policyCounts.isEmpty {
            Console.printError(
                "verdicts resting on the exception policy (Docs/conformance.md): "
                    + policyCounts.map { "\($0.implementation.name) \($0.policyVerdictCount)" }.joined(separator: ", "))
        }
        for line in result.failureLines { Console.printError(line) }
        for check in result.checks where !check.check.isClean && withoutList.contains(check.name) {
            // One message per line: a joined text would print its line breaks escaped, as `\x0A`.
            for line in FirstRunHint.lines(implementation: check.name, adapter: options.adapter) {
                Console.printError(line)
            }
        }
        if status == .success && result.failed { status = .rejected }
        return status
    }

    /// The list for `implementation`: `--known-failures` for the adapter or the single built-in, else the
    /// built-in's committed list in the known-failures directory, else empty.
    /// - Returns: the list, and whether a list file was found.
    private func knownFailures(for implementation: ImplementationInfo) throws(ListError) -> (KnownFailures, Bool) {
        var path: String?
        if let given = options.knownFailures, implementation.kind == "adapter" || options.adapter == nil {
            path = given
        } else if implementation.kind == "built-in" {
            let directory = options.knownFailuresDirectory ?? BuiltInLocations.knownFailuresDirectory()
            path = directory.map { $0 + "/" + implementation.name + ".txt" }
            if let candidate = path, !FileManager.default.fileExists(atPath: candidate) { path = nil }
        }
        guard let path else { return (KnownFailures(), false) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ListError(text: "\(path): unreadable")
        }
        do {
            return (try KnownFailures.parse(String(decoding: data, as: UTF8.self)), true)
        } catch {
            throw ListError(text: "\(path): \(error)")
        }
    }

    struct ListError: Error, CustomStringConvertible {
        var text: String
        var description: String { text }
    }

    private static let progressLine: @Sendable (Int, Int) -> Void = { done, total in
        if done == total || done % 25 == 0 { Console.writeError(Array("\r[\(done)/\(total)] cases".utf8)) }
    }
}
