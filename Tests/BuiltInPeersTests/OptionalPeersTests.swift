// Tests/BuiltInPeersTests/OptionalPeersTests.swift - The optional peers: a group of their own, listed when missing

import BuiltInPeers
import ChildProcess
import ConformanceRunner
import Testing

@Suite struct OptionalPeersTests {
    @Test func coreAndPeersPartitionTheBuiltIns() {
        #expect(Set(BuiltIn.core).isDisjoint(with: BuiltIn.peers))
        #expect(Set(BuiltIn.core + BuiltIn.peers) == Set(BuiltIn.allCases))
        #expect(BuiltIn.peers.count == 8)
    }

    @Test func everyPeerHasACommandAndAMappingNote() {
        let locations = PeerGate.locations
        for peer in BuiltIn.peers {
            #expect(peer.command(locations)?.isEmpty == false, "\(peer)")
            #expect((peer.note ?? "").contains("reject"), "\(peer): the note says what a rejection is")
        }
        for builtIn in BuiltIn.core { #expect(builtIn.note == nil, "\(builtIn)") }
    }

    /// Peers built into .build/peers are "not installed" when that directory is empty: a listed state with the
    /// make peers hint, never a broken command.
    @Test(arguments: [BuiltIn.rustPlist, .ddPlist, .bpylist2, .bplist, .binplist, .gnustep])
    func aPeerWithoutItsBuildIsNotInstalled(_ peer: BuiltIn) {
        var locations = PeerGate.locations
        locations.peers = "/nonexistent/peers"
        switch peer.make(locations, limits: ProcessLimits(timeout: 10), referenceVersion: "test") {
        case .success: Issue.record("\(peer) made without its build")
        case .failure(let error):
            #expect(error.message.contains("not installed"), "\(error.message)")
            #expect(error.message.contains("make peers"), "\(error.message)")
        }
    }
}
