// Tests/LibplistBridgeTests/LibplistDateTests.swift - The int32 sec/usec date pair of libplist 2.2, both ways

import Testing

@testable import LibplistBridge

@Suite struct LibplistDateTests {
    @Test(arguments: [
        (Int32(0), Int32(500_000), 0.5), (-1, 500_000, -1.5), (631_152_000, 0, 631_152_000),
        (0, 123_000, 0.123), (-2_000_000_000, 999_999, -2_000_000_000.999999),
    ])
    func convertsTheGetterPairWithOneRounding(seconds: Int32, microseconds: Int32, expected: Double) {
        #expect(LibplistReading.date(seconds: seconds, microseconds: microseconds) == expected)
    }

    @Test func splitsDatesTheWayPlistNewDateRebuildsThem() throws {
        let parts = try LibplistWriting.dateParts(-1.5)
        #expect(parts.0 == -1 && parts.1 == -500_000)
        let positive = try LibplistWriting.dateParts(0.123_456_789)
        #expect(positive.0 == 0 && positive.1 == 123_457)
    }
}
