// Tests/BuiltInPeersTests/PeerLibraryValueTests.swift - peerlib prints what a library returned, as the docs say

import ChildProcess
import Foundation
import TestSupport
import Testing

/// The optional Python peers print their library's value through `xds_peerlib.run`. Driven here with a
/// stand-in library whose decode returns a chosen Python value, so each rule of Docs/tagged-json.md is
/// checked on the shared code, not on whichever peer happens to be installed.
@Suite struct PeerLibraryValueTests {
    private func decodeOutput(returning expression: String) -> (CallResult, String) {
        let peerlib = BuiltProducts.packageRoot.path + "/Sources/Adapters/peerlib"
        let script = """
            import sys
            sys.path.insert(0, \(String(reflecting: peerlib)))
            import xds_peerlib as p
            def decode(data):
                return \(expression)
            def classify(v):
                if isinstance(v, list):
                    return ("array", v)
                if isinstance(v, dict):
                    return ("dict", list(v.items()))
                return ("leaf", "integer", str(v))
            sys.exit(p.run(sys.argv[1:], version=lambda: "0", decode=decode, classify=classify,
                           rejections=(ValueError,)))
            """
        let result = ProcessRunner.run(
            ["python3", "-c", script, "decode"], input: [], limits: ProcessLimits(timeout: 30))
        return (result, String(decoding: result.stdout, as: UTF8.self))
    }

    @Test func aValueThatContainsItselfIsUnrepresentable() {
        let (result, text) = decodeOutput(returning: "(lambda a: (a.append(a), a)[1])([])")
        #expect(result.termination == .exited(0))
        #expect(text.hasPrefix(#"{"type":"unrepresentable","value":"#), "\(text)")
        #expect(text.contains("contains itself"), "\(text)")
    }

    @Test func aSharedValueTooLargeToPrintIsTooLarge() {
        // 2^21 leaves through 21 levels of one shared pair: no cycle, just too many nodes to print.
        let (result, text) = decodeOutput(
            returning: "(lambda: [x := [1, 1]] and [x := [x, x] for _ in range(20)] and x)()")
        #expect(result.termination == .exited(0))
        #expect(text.hasPrefix(#"{"type":"too-large","value":"#), "\(text)")
    }

    @Test func aPlainValueIsPrinted() {
        let (result, text) = decodeOutput(returning: "[1, {'k': 2}]")
        #expect(result.termination == .exited(0))
        #expect(
            text == #"[{"type":"integer","value":"1"},{"k":{"type":"integer","value":"2"}}]"#, "\(text)")
    }
}
