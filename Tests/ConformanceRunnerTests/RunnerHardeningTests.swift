// Tests/ConformanceRunnerTests/RunnerHardeningTests.swift - Out of memory is a crash; each call has its own scratch

import ChildProcess
import ConformanceModel
import ConformanceRunner
import Foundation
import TestSupport
import Testing

@Suite struct RunnerHardeningTests {
    /// An adapter call as `ProcessImplementation` makes it: in a scratch directory of its own.
    private func call(_ adapter: String, _ extra: [String] = [], limits: ProcessLimits) -> CallResult {
        ProcessRunner.run(
            [Fixtures.adapter(adapter), "decode"] + extra, input: Array("x".utf8), limits: limits,
            scratchDirectory: true)
    }

    /// CPython raises MemoryError under the cap and the adapter exits 1: that is not a rejection.
    @Test func aMemoryErrorTurnedIntoExitOneIsACrashWithItsEvidence() throws {
        try #require(ProcessRunner.prlimitPath != nil, "util-linux prlimit is needed for the address-space limit")
        let result = call("oom-rejecting", limits: ProcessLimits(timeout: 60, cpuSeconds: 30, addressSpace: 384 << 20))
        #expect(result.termination == .exited(1))
        #expect(result.verdict == .crashed)
        #expect(result.outOfMemory?.signature == "MemoryError")
        #expect(result.terminationSummary.contains("out of memory"))
    }

    /// A silent adapter (a C program that checks malloc and exits 1): the peak RSS near the cap is the evidence.
    @Test func aSilentExitOneNearTheCapIsACrash() throws {
        try #require(ProcessRunner.prlimitPath != nil, "util-linux prlimit is needed for the address-space limit")
        let cap = 384 << 20
        let result = call(
            "oom-rejecting", ["quiet"], limits: ProcessLimits(timeout: 60, cpuSeconds: 30, addressSpace: cap))
        #expect(result.termination == .exited(1))
        #expect(result.stderr.isEmpty)
        #expect(result.verdict == .crashed)
        let peak = try #require(result.outOfMemory?.peakResidentBytes)
        #expect(Double(peak) >= Double(cap) * OutOfMemoryEvidence.residentShareOfCap)
    }

    @Test func anOrdinaryRejectionStaysARejection() {
        let result = ProcessRunner.run(
            [Fixtures.adapter("echo"), "decode"], input: Array("nope".utf8), limits: ProcessLimits(timeout: 10))
        #expect(result.verdict == .rejected)
        #expect(result.outOfMemory == nil)
        #expect(
            OutOfMemoryEvidence.find(
                stderr: Array("rejected: bad trailer\n".utf8), peakResidentBytes: 20 << 20, addressSpaceCap: 4 << 30)
                == nil)
        #expect(
            OutOfMemoryEvidence.find(
                stderr: Array("Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space".utf8),
                peakResidentBytes: nil, addressSpaceCap: nil)?.signature == "java.lang.OutOfMemoryError")
    }

    /// The adapter's files land in a scratch directory of its own, removed after the call, never in the
    /// runner's working directory.
    @Test func eachCallRunsInItsOwnScratchDirectoryRemovedAfterIt() throws {
        let first = call("scratch", limits: ProcessLimits(timeout: 10))
        let second = call("scratch", limits: ProcessLimits(timeout: 10))
        let directory = String(decoding: first.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let other = String(decoding: second.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(directory.contains("/xds-call."))
        #expect(directory != other)
        #expect(directory != FileManager.default.currentDirectoryPath)
        #expect(!FileManager.default.fileExists(atPath: directory))
        #expect(
            !FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/left-by-the-adapter"))
    }

    @Test(arguments: ["../outside.bplist", "/etc/passwd", "plist/../../x.bplist", "plist//x.bplist", "./x.bplist"])
    func aManifestPathOutsideTheVectorsDirectoryIsRefused(_ path: String) throws {
        let set = try SyntheticVectors([
            (SyntheticVectors.metadata("plist/valid/one", .plist, .valid, hasExpected: false), "x", nil)
        ])
        defer { set.remove() }
        var manifest = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: set.directory + "/manifest.json")))
        manifest.vectors[0].input = path
        try JSONEncoder().encode(manifest).write(to: URL(fileURLWithPath: set.directory + "/manifest.json"))
        let error = #expect(throws: VectorDirectoryError.self) { try set.load() }
        #expect(
            error?.message == "path '\(path)' is not a plain relative path inside the vectors directory",
            "\(error?.message ?? "no error")")
    }

    @Test func aSymbolicLinkLeadingOutOfTheVectorsDirectoryIsRefused() throws {
        let set = try SyntheticVectors([
            (SyntheticVectors.metadata("plist/valid/one", .plist, .valid, hasExpected: false), "x", nil)
        ])
        defer { set.remove() }
        let link = set.directory + "/plist/valid/one.bplist"
        try FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/etc/hostname")
        let error = #expect(throws: VectorDirectoryError.self) { try set.load() }
        #expect(
            error?.message == "path 'plist/valid/one.bplist' leads outside the vectors directory (to /etc/hostname)",
            "\(error?.message ?? "no error")")
    }
}
