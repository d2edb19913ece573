// Tests/IconLoadingTests/FixtureServerSignalTests.swift - The fixture server starts with no signal blocked

import Foundation
import IconLoadingArea
import Testing

@Suite struct FixtureServerSignalTests {
    /// `xds` blocks the terminating signals in every thread; the server must not keep that mask.
    @Test func theServerStartsUnmaskedAndStopsOnSIGTERM() throws {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, signal) }
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let site = try TestSite.smallOnly()
        let pid = site.server.processIdentifier
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let mask = status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") }
        #expect(mask.map { $0.hasSuffix("0000000000000000") } == true, "\(mask ?? "no SigBlk line")")
        // SIGTERM alone (standard input still open) ends it.
        #expect(kill(pid, SIGTERM) == 0)
        var waited = 0
        while kill(pid, 0) == 0, waited < 100 {
            // A zombie still answers kill(0): it is gone once its state is Z or it is reaped.
            if let state = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                state.split(separator: " ").dropFirst(2).first == "Z"
            {
                break
            }
            usleep(50_000)
            waited += 1
        }
        #expect(waited < 100, "the server ignored SIGTERM for 5 s")
    }
}
