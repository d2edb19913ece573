// Tests/IconsTests/IconListGenerator.swift - A seeded generator of awkward icon lists

import SeededRandom

@testable import Icons

/// Icon lists with square and non-square sizes near the targets, duplicates, numeric strings,
/// reals, booleans, missing keys, odd values and odd orders.
struct IconListGenerator {
    var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    static let sources = [
        "img/icon.png", "img/icon@2x.png", "../up.png", "//cdn.example.net/x.png", "/root.png", "x.png?v=2",
        "x.png#f", "a%20b.png", "ïcon.png", "has space.png", "https://other.example/y.png",
        "http://insecure.example/z.png", "file:///etc/passwd", "data:image/png;base64,AA", "https://u@h/x.png", "",
    ]

    mutating func size() -> AppInfoValue {
        let targets = [29, 58, 87]
        let near = (targets.randomElement(using: &random) ?? 58) + Int.random(in: -3...3, using: &random)
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<45: return .integer(near)
        case 45..<60: return .integer(Int.random(in: 0...2048, using: &random))
        case 60..<64: return .integer(-Int.random(in: 1...100, using: &random))
        case 64..<72:
            return .string(
                ["\(near)", "\(near)px", " \(near)", "abc", "-\(near)", "+\(near)"].randomElement(using: &random) ?? "")
        case 72..<80: return .real(Double(near) + [0.0, 0.5, 0.99, -0.5].randomElement(using: &random)!)
        case 80..<83: return .boolean(Bool.random(using: &random))
        case 83..<85: return .largeInteger(negative: Bool.random(using: &random))
        case 85..<86: return [.null, .array, .dictionary].randomElement(using: &random)!
        case 86..<88: return .absent
        default: return .integer(near)
        }
    }

    mutating func source() -> AppInfoValue {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<85: return .string(Self.sources.randomElement(using: &random) ?? "")
        case 85..<90: return .absent
        case 90..<95: return .integer(7)
        default: return [.null, .array, .dictionary, .boolean(true)].randomElement(using: &random)!
        }
    }

    mutating func entry() -> IconEntry {
        if Int.random(in: 0..<100, using: &random) < 6 {
            return .other([.integer(1), .string("x"), .null, .array].randomElement(using: &random)!)
        }
        return .dictionary(width: size(), height: size(), src: source())
    }

    mutating func appInfo() -> AppInfo {
        let roll = Int.random(in: 0..<100, using: &random)
        if roll < 2 { return AppInfo(rootIsDictionary: false, icons: .absent) }
        if roll < 4 { return AppInfo(rootIsDictionary: true, icons: .notArray(.dictionary)) }
        var entries = (0..<Int.random(in: 0...10, using: &random)).map { _ in entry() }
        if !entries.isEmpty && Bool.random(using: &random) {
            // Duplicates in odd places.
            entries.insert(
                entries[Int.random(in: 0..<entries.count, using: &random)],
                at: Int.random(in: 0...entries.count, using: &random))
        }
        return AppInfo(entries: entries)
    }
}
