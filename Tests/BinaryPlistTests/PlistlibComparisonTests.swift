// Tests/BinaryPlistTests/PlistlibComparisonTests.swift - Bytes and values against the real CPython plistlib

import Foundation
import TestSupport
import Testing

@testable import BinaryPlist

/// Runs one python3 process over every case: plistlib writes each value, and reads the reference's bytes.
enum PlistlibComparison {
    static let script = """
        import sys, json, plistlib, struct, datetime, math
        E = datetime.datetime(2001, 1, 1)
        def conv(n):
            t = n[0]
            if t == 's': return bytes.fromhex(n[1]).decode('utf-8')
            if t == 'i': return int(n[1])
            if t == 'r': return struct.unpack('>d', bytes.fromhex(n[1]))[0]
            if t == 'b': return bool(n[1])
            if t == 'd': return E + datetime.timedelta(microseconds=int(n[1]))
            if t == 'x': return bytes.fromhex(n[1])
            if t == 'u': return plistlib.UID(int(n[1]))
            if t == 'n': return None
            if t == 'a': return [conv(x) for x in n[1]]
            if t == 'o': return {bytes.fromhex(k).decode('utf-8'): conv(v) for k, v in n[1]}
            raise ValueError(t)
        def same(a, b):
            if type(a) != type(b): return False
            if isinstance(a, float):
                return (math.isnan(a) and math.isnan(b)) or struct.pack('>d', a) == struct.pack('>d', b)
            if isinstance(a, list): return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
            if isinstance(a, dict): return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
            return a == b
        out = []
        for case in json.load(open(sys.argv[1])):
            value = conv(case['value'])
            written = plistlib.dumps(value, fmt=plistlib.FMT_BINARY)
            read = plistlib.loads(bytes.fromhex(case['ours']))
            out.append({'plistlib': written.hex(), 'readsOurs': same(read, value)})
        json.dump(out, sys.stdout)
        """

    struct Result {
        var plistlibBytes: [UInt8]
        var readsOurs: Bool
    }

    /// The interchange form of `value` (strings and data as hex, reals as bit patterns, dates in µs).
    static func node(_ value: PropertyListValue) -> String {
        func hex(_ bytes: [UInt8]) -> String { "\"" + hexString(bytes) + "\"" }
        switch value {
        case .string(let s): return "[\"s\",\(hex(Array(s.utf8)))]"
        case .integer(let i): return "[\"i\",\"\(i)\"]"
        case .wideInteger(let i): return "[\"i\",\"\(i)\"]"
        case .real(let r): return "[\"r\",\(hex(bigEndian(r.bitPattern, width: 8)))]"
        case .bool(let b): return "[\"b\",\(b ? 1 : 0)]"
        case .date(let d):
            // The whole number of microseconds whose correctly rounded quotient by 1e6 is `d`.
            let guess = Int64((d * 1e6).rounded())
            let micros =
                d == d.rounded(.towardZero)
                ? Int64(d) * 1_000_000 : [guess, guess - 1, guess + 1].first { Double($0) / 1e6 == d } ?? guess
            return "[\"d\",\"\(micros)\"]"
        case .data(let bytes): return "[\"x\",\(hex(bytes))]"
        case .uid(let u): return "[\"u\",\"\(u)\"]"
        case .null: return "[\"n\"]"
        case .array(let a), .set(let a): return "[\"a\",[" + a.map(node).joined(separator: ",") + "]]"
        case .dictionary(let d):
            return "[\"o\",[" + d.map { "[\(hex(Array($0.key.utf8))),\(node($0.value))]" }.joined(separator: ",") + "]]"
        }
    }

    static func run(_ values: [PropertyListValue]) throws -> [Result] {
        let input =
            "["
            + values.map { "{\"value\":\(node($0)),\"ours\":\"\(hexString(BPlistEncoder.encode($0)))\"}" }
            .joined(separator: ",") + "]"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("codec-plistlib-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputFile = directory.appendingPathComponent("cases.json")
        try Data(input.utf8).write(to: inputFile)
        let output = try Plistlib.python(script, [inputFile.path])
        let parsed = try JSONSerialization.jsonObject(with: Data(output)) as? [[String: Any]] ?? []
        return parsed.map { entry in
            Result(
                plistlibBytes: hexBytes(entry["plistlib"] as? String ?? ""),
                readsOurs: entry["readsOurs"] as? Bool ?? false)
        }
    }
}

@Suite struct PlistlibComparisonTests {
    /// Values beyond the generator: every width boundary plistlib chooses, and the specials it
    /// can write byte-identically when each stands alone.
    static func edgeValues() -> [PropertyListValue] {
        [
            documentSourceValue, .real(.nan), .real(-0.0), .array([.real(.infinity), .real(-.infinity), .real(0.0)]),
            .array((0..<300).map { .integer(Int64($0) * 1000) }),  // 2-byte refs
            .array((0..<70_000).map { .integer(Int64($0)) }),  // 4-byte refs
            .data([UInt8](repeating: 0xAB, count: 70_000)),  // 4-byte offsets
            .dictionary(Dictionary(uniqueKeysWithValues: (0..<16).map { ("key\($0)", .integer(Int64($0))) })),
            .array([14, 15, 255, 256, 65_536].map { .string(String(repeating: "x", count: $0)) }),
            .array([14, 15, 256].map { .string(String(repeating: "é", count: $0)) }),
            .string("😀 surrogates"), .array([.uid(0), .uid(255), .uid(256), .uid(65_536), .uid(1 << 32), .uid(.max)]),
            .dictionary(["name": .string("name"), "path": .string("name")]),
            // Keys alike in their first eight bytes, in the insertion sort (≤ 16 entries) and the general one.
            .dictionary(Dictionary(uniqueKeysWithValues: (0..<10).map { ("long key \(9 - $0)", .bool($0 % 2 == 0)) })),
            .dictionary(
                Dictionary(uniqueKeysWithValues: (0..<40).map { ("long key \($0 * 7 % 40)", .string("\($0 % 5)")) })),
            .array([.integer(1), .bool(true), .real(1.0), .date(1.0), .string("1"), .data([1])]),
            .date(PropertyListValue.earliestDate), .date(PropertyListValue.endOfDates - 1), .date(-0.5), .null,
        ]
    }

    @Test func writesPlistlibBytesAndEachReadsTheOther() throws {
        var generator = ValueGenerator(seed: 0x9_7157_11B, plistlibCompatible: true)
        let values = Self.edgeValues() + (0..<600).map { _ in generator.value() }
        let results = try PlistlibComparison.run(values)
        try #require(results.count == values.count)
        for (index, (value, result)) in zip(values, results).enumerated() {
            let ours = BPlistEncoder.encode(value)
            #expect(hexString(ours) == hexString(result.plistlibBytes), "value \(index): bytes differ")
            #expect(result.readsOurs, "value \(index): plistlib reads our bytes differently")
            #expect(
                try BPlistDecoder.decode(result.plistlibBytes) == value,
                "value \(index): we read plistlib's bytes differently")
        }
    }
}
