// Tests/ConformanceModelTests/SHA256Tests.swift - The digest agrees with coreutils sha256sum

import ConformanceModel
import ConformanceRunner
import Foundation
import Testing

@Suite struct SHA256Tests {
    /// sha256sum's answer for `bytes`, through a real process.
    private func coreutils(_ bytes: [UInt8]) -> String {
        let result = ProcessRunner.run(["sha256sum"], input: bytes, limits: ProcessLimits(timeout: 30))
        return String(String(decoding: result.stdout, as: UTF8.self).prefix(64))
    }

    @Test(arguments: [0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 100_003])
    func agreesWithSha256sum(length: Int) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        #expect(SHA256.hex(bytes) == coreutils(bytes))
    }

    @Test func incrementalEqualsOneShot() {
        let bytes = Array("the quick brown fox jumps over the lazy dog, many times over".utf8)
        var hasher = SHA256()
        hasher.update(bytes.prefix(10))
        hasher.update(bytes.dropFirst(10))
        #expect(hasher.hexDigest() == SHA256.hex(bytes))
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func vectorDirectoryDigestIgnoresOrderButNotContent() {
        let a = VectorDirectory.computeDigest([("a", [1]), ("b", [2])])
        #expect(a == VectorDirectory.computeDigest([("b", [2]), ("a", [1])]))
        #expect(a != VectorDirectory.computeDigest([("a", [1]), ("b", [3])]))
        #expect(a != VectorDirectory.computeDigest([("a", [1]), ("c", [2])]))
    }
}
