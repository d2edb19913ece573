// Tests/IconLoadingTests/FixtureServerHandshakeTests.swift - An idle connection does not stall the https listener

import AttributeFiles
import Foundation
import IconLoading
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct FixtureServerHandshakeTests {
    /// A TCP connection to 127.0.0.1:`port` that sends nothing; closed by the caller.
    static func idleConnection(port: UInt16) -> Int32? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// Before the fix the server did the TLS handshake in its accepting thread: one client that connects and
    /// says nothing held it, and every later https request waited (here: timed out).
    @Test func anIdleConnectionDoesNotStallOtherRequests() throws {
        let site = try TestSite.standard()
        let port = try #require(site.origin.split(separator: ":").last.flatMap { UInt16($0) })
        var idle: [Int32] = []
        defer { idle.forEach { close($0) } }
        for _ in 0..<3 { idle.append(try #require(Self.idleConnection(port: port))) }
        let policy = FetchPolicy(
            maxBytes: 64 << 10, connectTimeout: 5, totalTimeout: 5,
            extraTrustAnchors: try TrustAnchorFile.read(BytePath(site.caFile)), allowPrivateAddresses: true)
        let response = try HTTPSFetcher(policy: policy).fetch(site.appInfoURL)
        #expect(response.status == 200)
        #expect(response.body.starts(with: Array(#"{"icons""#.utf8)))
    }
}
