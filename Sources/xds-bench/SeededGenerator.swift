// Sources/xds-bench/SeededGenerator.swift - Input-building helpers on the seeded generator

import SeededRandom

extension SeededGenerator {
    /// A number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// Lower-case letters, length in `range`.
    mutating func word(_ range: ClosedRange<Int>) -> String {
        String((0..<int(range)).map { _ in Character(Unicode.Scalar(UInt8(int(97...122)))) })
    }

    /// Random bytes, length in `range`.
    mutating func bytes(_ range: ClosedRange<Int>) -> [UInt8] {
        (0..<int(range)).map { _ in UInt8.random(in: 0...255, using: &self) }
    }
}
