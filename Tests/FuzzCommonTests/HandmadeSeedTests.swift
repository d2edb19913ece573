// Tests/FuzzCommonTests/HandmadeSeedTests.swift - The hand-built seeds reach the rules they are built for

import BinaryPlist
import Foundation
import Testing

@testable import FuzzCommon

@Suite struct HandmadeSeedTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs FuzzTesting/handmade-seeds.py (what fuzz_seeds runs) into a fresh directory.
    static func seeds() throws -> [String: [UInt8]] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("handmade-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", root.appendingPathComponent("FuzzTesting/handmade-seeds.py").path, directory.path,
        ]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        var seeds: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            seeds[name] = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))
        }
        return seeds
    }

    /// Each seed is rejected by its rule (`limit`, with the message fuzz-coverage.py maps to it); the two
    /// budgets need more bytes than a campaign's -max_len, which is why no mutation reaches them.
    @Test(arguments: [
        ("handmade-element-budget.bplist", "containers hold more than", true),
        ("handmade-payload-budget.bplist", "strings and data exceed", true),
        ("handmade-materialised-size.bplist", "shared references expand to more than 67108864 bytes", false),
    ])
    func seedReachesItsRule(name: String, message: String, beyondMaxLen: Bool) throws {
        let bytes = try #require(try Self.seeds()[name])
        #expect((bytes.count > 4096) == beyondMaxLen)
        #expect {
            try BPlistDecoder.decode(bytes)
        } throws: { error in
            guard let error = error as? BPlistError else { return false }
            return error.category == .limit && error.message.hasPrefix(message)
        }
        // The fuzz oracles take them like any other rejected input.
        try PlistRoundTripCheck.check(bytes, rules: .strict)
        try AttributeReaderCheck.check(bytes)
        _ = try PlistDifferentialCheck.compare(bytes)
    }
}
