// Tests/BuiltInPeersTests/AcceptedWithoutValueTests.swift - Built-in adapters show the library's acceptance

import BuiltInPeers
import ChildProcess
import ConformanceModel
import ConformanceRunner
import Foundation
import TestSupport
import Testing

@Suite struct AcceptedWithoutValueTests {
    private let locations = BuiltInLocations(
        xds: BuiltProducts.path(of: "xds"), foundationAdapter: BuiltProducts.path(of: "xds-adapter-foundation"),
        python: "python3",
        plistlibAdapter: BuiltProducts.packageRoot.path + "/Sources/BuiltInPeers/plistlib/xds_adapter_plistlib.py")

    private func decode(_ builtIn: BuiltIn, _ vector: String) throws -> CallResult {
        let implementation = try builtIn.make(locations, limits: ProcessLimits(timeout: 60), referenceVersion: "test")
            .get()
        let bytes = try [UInt8](
            Data(contentsOf: URL(fileURLWithPath: BuiltProducts.packageRoot.path + "/Vectors/" + vector)))
        return implementation.perform(.decode(bytes))
    }

    /// plistlib and CoreFoundation accept an integer dictionary key: the adapter says so (exit 0), it does not
    /// turn the acceptance into a rejection or a crash because tagged JSON has no integer keys.
    @Test(arguments: [BuiltIn.plistlib, .foundationSerialization])
    func aNonStringKeyTheLibraryAcceptsIsAnAcceptance(_ builtIn: BuiltIn) throws {
        let result = try decode(builtIn, "plist/invalid/key-integer.bplist")
        #expect(result.verdict == .accepted)
        guard case .unrepresentable(let reason)? = AcceptedWithoutValue(result.stdout) else {
            Issue.record("not an unrepresentable answer: \(escapedText(result.stdout))")
            return
        }
        #expect(reason.contains("key"))
    }

    /// plistlib accepts 26 levels of shared arrays in a millisecond; printing 2^26 leaves would hit the CPU
    /// limit, so the adapter stops counting above 1,000,000 nodes and says so.
    @Test func aValueTooLargeToPrintIsAnAcceptance() throws {
        let result = try decode(.plistlib, "plist/regressions/fan-out-26-levels.bplist")
        #expect(result.verdict == .accepted)
        #expect(String(decoding: result.stdout, as: UTF8.self) == #"{"type":"too-large","value":"1000001"}"#)
        #expect(AcceptedWithoutValue(result.stdout) == .tooLarge(nodes: 1_000_001))
    }

    @Test func aCycleThePythonLibraryReturnsIsUnrepresentable() throws {
        let result = try decode(.plistlib, "plist/invalid/array-contains-itself.bplist")
        #expect(result.verdict == .accepted)
        #expect(
            AcceptedWithoutValue(result.stdout)
                == .unrepresentable(reason: "plistlib returned a value that contains itself"))
    }
}

/// The optional peers' adapters say so the same way: a library that returns an integer dictionary key is shown
/// accepting it with `{"type":"unrepresentable",…}` (Docs/tagged-json.md), not with a string leaf standing in
/// for the value. Runs when the peer is installed (`make peers`), and always under CI=true.
@Suite struct PeerUnrepresentableTests {
    @Test(.enabled(if: PeerGate.runs(.cfpropertylist), PeerGate.reason(.cfpropertylist)))
    func cfpropertylist() throws { try expectUnrepresentableKey(.cfpropertylist) }

    @Test(.enabled(if: PeerGate.runs(.biplist), PeerGate.reason(.biplist)))
    func biplist() throws { try expectUnrepresentableKey(.biplist) }

    @Test(.enabled(if: PeerGate.runs(.bpylist2), PeerGate.reason(.bpylist2)))
    func bpylist2() throws { try expectUnrepresentableKey(.bpylist2) }

    @Test(.enabled(if: PeerGate.runs(.binplist), PeerGate.reason(.binplist)))
    func binplist() throws { try expectUnrepresentableKey(.binplist) }

    @Test(.enabled(if: PeerGate.runs(.gnustep), PeerGate.reason(.gnustep)))
    func gnustep() throws { try expectUnrepresentableKey(.gnustep) }

    private func expectUnrepresentableKey(_ peer: BuiltIn) throws {
        let adapter = try peer.make(PeerGate.locations, limits: ProcessLimits(timeout: 60), referenceVersion: "test")
            .get()
        let bytes = try [UInt8](
            Data(
                contentsOf: URL(
                    fileURLWithPath: BuiltProducts.packageRoot.path + "/Vectors/plist/invalid/key-integer.bplist")))
        let result = adapter.perform(.decode(bytes))
        #expect(result.verdict == .accepted)
        guard case .unrepresentable(let reason)? = AcceptedWithoutValue(result.stdout) else {
            Issue.record("\(peer.rawValue): not an unrepresentable answer: \(escapedText(result.stdout))")
            return
        }
        #expect(reason.contains("dictionary key"), "\(reason)")
    }
}
