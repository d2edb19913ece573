// Sources/XDSCommands/Commands/ConformanceSession.swift - One `xds conformance` run, from vectors to exit status

import Conformance
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Loads the vectors, builds the implementations, runs, checks known failures, writes reports.
struct ConformanceSession {
    var options: ConformanceOptions

    func run() -> ExitStatus {
        let vectorDirectory: VectorDirectory
        do {
            vectorDirectory = try VectorDirectory.load(directory: options.vectors)
        } catch {
            Console.printError("Error: vectors: \(error)")
            return .ioError
        }
        guard let workDirectory = RunEnvironment.makeWorkDirectory() else {
            Console.printError("Error: cannot create a temporary directory")
            return .ioError
        }
        defer { try? FileManager.default.removeItem(atPath: workDirectory) }
        var filesystem = RunEnvironment.filesystem(of: workDirectory)
        if !RunEnvironment.supportsUserXattrs(workDirectory) {
            filesystem += " (no user xattrs: attribute cases cannot be set up)"
            Console.printError("warning: \(workDirectory) does not take user.* extended attributes; set TMPDIR")
        }
        var status = ExitStatus.success
        var implementations: [any Implementation] = []
        let locations = Self.locations()
        for builtIn in options.builtIns {
            switch builtIn.make(locations, limits: options.limits, referenceVersion: XDS.version) {
            case .success(let implementation): implementations.append(implementation)
            case .failure(let error):
                Console.printError("Error: built-in \(error.message)")
                status = .ioError
            }
        }
        if let command = options.adapter {
            switch ProcessImplementation.probeCapabilities(command, limits: options.limits) {
            case .success(let capabilities):
                let info = ImplementationInfo(
                    name: options.adapterName, title: options.adapterName, version: "unknown", kind: "adapter",
                    command: command.map(shellQuote).joined(separator: " "), capabilities: capabilities)
                implementations.append(ProcessImplementation(info: info, command: command, limits: options.limits))
            case .failure(let error):
                Console.printError("Error: adapter: \(error.message)")
                return .ioError
            }
        }
        let allCases = ConformanceCase.all(vectorDirectory.vectors)
        let knownIDs = Set(allCases.map(\.id) + vectorDirectory.vectors.map(\.metadata.id))
        let cases = allCases.filter { options.filter.includes($0) }
        let progress = isatty(2) == 1 ? Self.progressLine : nil
        let started = Date()
        var runs = Runner(judge: Judge(workDirectory: workDirectory), jobs: options.jobs).run(
            cases, on: implementations, progress: progress)
        if progress != nil { writeStandardError(Array("\r\u{1B}[K".utf8)) }
        let seconds = Date().timeIntervalSince(started)
        Console.printError(
            "ran \(cases.count) cases × \(implementations.count) implementations in "
                + String(format: "%.1f", seconds) + " s with \(options.jobs) jobs")
        var checks: [(String, KnownFailureCheck)] = []
        for index in runs.indices {
            let name = runs[index].implementation.name
            do {
                let list = try knownFailures(for: runs[index].implementation)
                checks.append((name, list.apply(to: &runs[index].results, knownIDs: knownIDs)))
            } catch {
                Console.printError("Error: \(error)")
                return .ioError
            }
            if let path = options.writeKnownFailures {
                let target = path.replacingOccurrences(of: "{impl}", with: name)
                let text = KnownFailures.render(runs[index].results, implementation: name)
                guard FileManager.default.createFile(atPath: target, contents: Data(text.utf8)) else {
                    Console.printError("Error: cannot write \(target)")
                    return .ioError
                }
            }
        }
        let provenance = Provenance(
            suiteVersion: suiteVersion, vectorDigest: vectorDirectory.digest, os: RunEnvironment.operatingSystem(),
            kernel: RunEnvironment.kernel(), filesystem: filesystem, date: RunEnvironment.now(),
            command: (["xds"] + CommandLine.arguments.dropFirst()).map(shellQuote).joined(separator: " "))
        let report = ConformanceReport(
            provenance: provenance, runs: runs,
            requirements: RequirementResults.build(
                runs: runs, vectors: vectorDirectory.manifest.vectors,
                document: SpecificationFile.beside(vectorsDirectory: vectorDirectory.directory)))
        if let failure = ConformanceOutput.write(report, options: options) {
            Console.printError("Error: \(failure)")
            return .ioError
        }
        if options.json {
            Console.writeOut(ConformanceOutput.json(report) + [10])
        } else {
            Console.printOut(Summary.table(report))
        }
        let failed = Self.printChecks(checks)
        if status == .success && failed { status = .rejected }
        return status
    }

    /// The list for `implementation`: `--known-failures` for the adapter or the single built-in, else the
    /// built-in's committed list in the known-failures directory, else empty.
    private func knownFailures(for implementation: ImplementationInfo) throws(ListError) -> KnownFailures {
        var path: String?
        if let given = options.knownFailures, implementation.kind == "adapter" || options.adapter == nil {
            path = given
        } else if implementation.kind == "built-in" {
            let directory = options.knownFailuresDirectory ?? Self.findUpward("Sources/Conformance/KnownFailures")
            path = directory.map { $0 + "/" + implementation.name + ".txt" }
            if let candidate = path, !FileManager.default.fileExists(atPath: candidate) { path = nil }
        }
        guard let path else { return KnownFailures() }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ListError(text: "\(path): unreadable")
        }
        do {
            return try KnownFailures.parse(String(decoding: data, as: UTF8.self))
        } catch {
            throw ListError(text: "\(path): \(error)")
        }
    }

    struct ListError: Error, CustomStringConvertible {
        var text: String
        var description: String { text }
    }

    /// Prints what fails the run; returns whether anything does.
    private static func printChecks(_ checks: [(String, KnownFailureCheck)]) -> Bool {
        var failed = false
        for (name, check) in checks where !check.isClean {
            failed = true
            Console.printError("FAIL \(name):")
            for result in check.unexpected.prefix(20) {
                Console.printError(
                    "  \(result.caseID): \(result.outcome.rawValue) (expected \(result.expected.prefix(80)); got \(result.actual.prefix(120)))"
                )
            }
            if check.unexpected.count > 20 {
                Console.printError("  … \(check.unexpected.count - 20) more unexpected deviations")
            }
            for id in check.stale {
                Console.printError("  \(id): listed as a known failure but passes now; remove it from the list")
            }
            for id in check.unknown {
                Console.printError("  \(id): listed as a known failure but no such vector or case")
            }
        }
        return failed
    }

    private static let progressLine: @Sendable (Int, Int) -> Void = { done, total in
        if done == total || done % 25 == 0 { writeStandardError(Array("\r[\(done)/\(total)] cases".utf8)) }
    }

    /// Where the built-ins' programs are, relative to the running `xds` and the working directory.
    static func locations() -> BuiltInLocations {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let directory = (executable as NSString).deletingLastPathComponent
        let script = "Sources/Adapters/plistlib/xds_adapter_plistlib.py"
        let python = ProcessRunner.run(
            ["python3", "-c", "import sys; print(sys.executable)"], input: [], limits: ProcessLimits(timeout: 10))
        let pythonPath = String(decoding: python.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return BuiltInLocations(
            xds: executable, foundationAdapter: directory + "/xds-adapter-foundation",
            python: python.verdict == .accepted && !pythonPath.isEmpty ? pythonPath : "python3",
            plistlibAdapter: findUpward(script, from: [FileManager.default.currentDirectoryPath, directory]) ?? script)
    }

    /// `relative` under the working directory or the executable's directory, or one of their parents.
    static func findUpward(_ relative: String, from starts: [String]? = nil) -> String? {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        for start in starts ?? [
            FileManager.default.currentDirectoryPath, (executable as NSString).deletingLastPathComponent,
        ] {
            var directory = start
            while !directory.isEmpty {
                let candidate = directory + "/" + relative
                if FileManager.default.fileExists(atPath: candidate) { return candidate }
                let parent = (directory as NSString).deletingLastPathComponent
                if parent == directory { break }
                directory = parent
            }
        }
        return nil
    }
}

/// Writes raw bytes to standard error (the progress line has no newline).
private func writeStandardError(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
}
