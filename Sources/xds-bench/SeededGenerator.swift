// Sources/xds-bench/SeededGenerator.swift - SplitMix64: the one source of randomness of every bench input

/// A deterministic generator: the same seed gives the same inputs on every machine.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

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
