// Sources/xds-bench/BenchEnvironment.swift - The machine, toolchain and library versions, read at run time

import ChildProcess
import Foundation
import LibplistBridge
import ReportFormatting
import Reporting

enum BenchEnvironment {
    static func provenance(seed: UInt64, smoke: Bool) -> BenchProvenance {
        #if DEBUG
            let build = "debug"
        #else
            let build = "release"
        #endif
        let toolchain = firstLine(of: ["swift", "--version"]) ?? "unknown (swift not on PATH)"
        let python = firstLine(of: ["python3", "-c", "import sys; print(sys.version.split()[0])"]) ?? "unknown"
        return BenchProvenance(
            cpu: field("model name", in: "/proc/cpuinfo", separator: ":") ?? "unknown",
            cores: sysconf(Int32(_SC_NPROCESSORS_ONLN)),
            os: field("PRETTY_NAME", in: "/etc/os-release", separator: "=")?.trimmingCharacters(in: ["\""])
                ?? "unknown",
            kernel: kernel(), toolchain: toolchain, build: build,
            libraries: [
                "libplist": Libplist.version,
                "Foundation": "the toolchain's swift-corelibs-foundation and swift-foundation",
                "plistlib": "CPython \(python)",
            ],
            date: ISO8601DateFormatter().string(from: Date()), command: CommandLine.arguments.joined(separator: " "),
            seed: seed, smoke: smoke)
    }

    static func field(_ name: String, in path: String, separator: Character) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: separator, maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    static func kernel() -> String {
        var names = utsname()
        uname(&names)
        return withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// The first line a command prints, or `nil` if it cannot run.
    static func firstLine(of command: [String]) -> String? {
        let result = ProcessRunner.run(["/usr/bin/env"] + command, input: [], limits: .tool(timeout: 60))
        guard result.termination == .exited(0) else { return nil }
        return String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").first.map(String.init)
    }
}
