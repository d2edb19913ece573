// Tests/BuiltInPeersTests/NodeLimitTests.swift - The plistlib adapter's too-large limit is the suite's one limit

import Foundation
import TaggedJSON
import TestSupport
import Testing

@Suite struct NodeLimitTests {
    /// The Python adapter cannot import the Swift constant, so this test holds the two together: its
    /// `NODE_LIMIT` is `TaggedJSON.printedNodeLimit` (Docs/tagged-json.md, `too-large`).
    @Test func thePlistlibAdapterUsesTheOneNodeLimit() throws {
        let script = try String(
            contentsOfFile: BuiltProducts.packageRoot.path + "/Sources/BuiltInPeers/plistlib/xds_adapter_plistlib.py",
            encoding: .utf8)
        let assignments = script.split(separator: "\n").filter { $0.hasPrefix("NODE_LIMIT = ") }
        #expect(assignments.count == 1)
        let value = assignments.first.map {
            $0.dropFirst("NODE_LIMIT = ".count).replacingOccurrences(of: "_", with: "")
        }
        #expect(value.flatMap { Int($0) } == TaggedJSON.printedNodeLimit)
    }
}
