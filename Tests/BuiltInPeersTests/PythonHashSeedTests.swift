// Tests/BuiltInPeersTests/PythonHashSeedTests.swift - A Python peer prints a set the same way in every process

import BinaryPlist
import BuiltInPeers
import ChildProcess
import TaggedJSON
import TestSupport
import Testing

/// biplist returns a bplist set as a Python set, iterated in the order of the string hashes, which Python seeds
/// per process. The Python adapters run with a fixed seed, so one input gets one printed value (and one
/// verdict) in every run and in both modes.
@Suite struct PythonHashSeedTests {
    @Test(.enabled(if: PeerGate.runs(.biplist), PeerGate.reason(.biplist)))
    func biplistPrintsASetOfStringsTheSameWayInEveryProcess() throws {
        let words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"]
        let input = BPlistEncoder.encode(.set(words.map { .string($0) }))
        let command = try #require(BuiltIn.biplist.command(PeerGate.locations))
        var outputs = Set<[UInt8]>()
        for _ in 0..<4 {
            let result = ProcessRunner.run(command + ["decode"], input: input, limits: ProcessLimits(timeout: 30))
            #expect(result.termination == .exited(0), "\(result.terminationSummary)")
            outputs.insert(result.stdout)
        }
        #expect(outputs.count == 1, "the set printed in \(outputs.count) orders in four processes")
        let printed = try TaggedJSON.decode(try #require(outputs.first))
        guard case .set(let elements) = printed else {
            Issue.record("not a set: \(printed)")
            return
        }
        #expect(Set(elements) == Set(words.map { PropertyListValue.string($0) }))
    }
}
