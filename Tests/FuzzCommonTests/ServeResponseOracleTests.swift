// Tests/FuzzCommonTests/ServeResponseOracleTests.swift - FuzzServeResponse's oracle holds on frames and on noise

import ChildProcess
import SeededRandom
import Testing

@testable import AdapterOutputOracle

@Suite struct ServeResponseOracleTests {
    /// Well-formed frames, cut short, with trailing bytes and under small caps, in every chunking the control
    /// byte can ask for; then seeded noise. No invariant breaks.
    @Test func theOracleHoldsOnFramesAndNoise() throws {
        let frames = [
            ServeFrame.response(.accepted, payload: Array(#"{"type":"bool","value":"true"}"#.utf8), diagnostic: []),
            ServeFrame.response(.rejected, payload: [], diagnostic: Array("rejected: why\n".utf8)),
            ServeFrame.response(.accepted, payload: Array(repeating: 0x41, count: 40), diagnostic: Array("note".utf8)),
        ]
        for frame in frames {
            for control in [0x00, 0x07, 0x3f, 0x40, 0x80, 0xc3] as [UInt8] {
                #expect(try ServeResponseCheck.run([control] + frame))
                #expect(try ServeResponseCheck.run([control] + frame.dropLast(3)))
                #expect(try ServeResponseCheck.run([control] + frame + [9, 9]))
            }
        }
        var random = SeededGenerator(seed: 30)
        for _ in 0..<2000 {
            let count = Int(random.next() % 40)
            var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            if bytes.count > 4 { bytes[1] = 0; bytes[2] = 0 }
            try ServeResponseCheck.run(bytes)
        }
    }
}
