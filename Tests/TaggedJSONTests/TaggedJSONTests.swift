// Tests/TaggedJSONTests/TaggedJSONTests.swift - Tagged JSON both ways, paths of bad values

import BinaryPlist
import Testing

@testable import TaggedJSON

@Suite struct TaggedJSONTests {
    private func text(_ value: PropertyListValue) -> String {
        String(decoding: TaggedJSON.encode(value), as: UTF8.self)
    }

    private func error(_ json: String) -> TaggedJSONError? {
        do {
            _ = try TaggedJSON.decode(Array(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func writesEveryLeafType() throws {
        let value = PropertyListValue.dictionary([
            "s": .string("a\"b\\c\n\u{1}é😀"), "i": .integer(-1), "u": .wideInteger(Int128(UInt64.max)),
            "r": .real(0.1), "n": .real(.nan), "inf": .real(-.infinity), "z": .real(-0.0), "b": .bool(true),
            "d": .date(0.5), "x": .data([0, 1, 2, 255]), "k": .uid(7), "0": .null,
            "set": .set([.integer(1)]), "a": .array([]),
        ])
        let expected =
            #"{"0":{"type":"null","value":""},"a":[],"b":{"type":"bool","value":"true"},"#
            + #""d":{"type":"date","value":"2001-01-01T00:00:00.5Z"},"i":{"type":"integer","value":"-1"},"#
            + #""inf":{"type":"real","value":"-inf"},"k":{"type":"uid","value":"7"},"#
            + #""n":{"type":"real","value":"nan"},"r":{"type":"real","value":"0.1"},"#
            + #""s":{"type":"string","value":"a\"b\\c\n\u0001é😀"},"set":{"type":"set","value":[{"type":"integer","value":"1"}]},"#
            + #""u":{"type":"integer","value":"18446744073709551615"},"x":{"type":"data","value":"AAEC/w=="},"#
            + #""z":{"type":"real","value":"-0.0"}}"#
        #expect(text(value) == expected)
        #expect(try TaggedJSON.decode(Array(expected.utf8)) == value)
    }

    /// Docs/tagged-json.md ("Integers: −2^63 to 2^64−1"): both ends are read, one past either end is refused.
    @Test func integersRunFromMinus2To63To2To64Minus1() throws {
        func leaf(_ text: String) -> String { #"{"type":"integer","value":"\#(text)"}"# }
        #expect(try TaggedJSON.decode(Array(leaf("-9223372036854775808").utf8)) == .integer(Int64.min))
        #expect(try TaggedJSON.decode(Array(leaf("18446744073709551615").utf8)) == .wideInteger(Int128(UInt64.max)))
        for outside in ["-9223372036854775809", "18446744073709551616", "-170141183460469231731687303715884105728"] {
            #expect(
                error(leaf(outside))?.description == "$.value: integer must be decimal in -2^63...2^64-1", "\(outside)")
        }
    }

    @Test func writesAnIntegerTheSameWhicheverCaseHoldsIt() throws {
        #expect(text(.wideInteger(-5)) == text(.integer(-5)))
        #expect(text(.wideInteger(-5)) == #"{"type":"integer","value":"-5"}"#)
        guard case .integer(-5) = try TaggedJSON.decode(Array(text(.wideInteger(-5)).utf8)) else {
            Issue.record("-5 is not read back inline")
            return
        }
        let top = #"{"type":"integer","value":"18446744073709551615"}"#
        guard case .wideInteger(let wide) = try TaggedJSON.decode(Array(top.utf8)), wide == Int128(UInt64.max) else {
            Issue.record("2^64-1 is not read back as a wide integer")
            return
        }
    }

    @Test(arguments: [
        (-1.0, "2000-12-31T23:59:59Z"), (-0.25, "2000-12-31T23:59:59.75Z"), (0.0, "2001-01-01T00:00:00Z"),
        (86_400.1, "2001-01-02T00:00:00.1Z"), (-978_307_200.0, "1970-01-01T00:00:00Z"),
        (PropertyListValue.earliestDate, "0001-01-01T00:00:00Z"),
        (PropertyListValue.endOfDates - 0.5, "9999-12-31T23:59:59.5Z"),
        (1e-300, "2001-01-01T00:00:00." + String(repeating: "0", count: 299) + "1Z"),
    ])
    func spellsDatesWithTheirFraction(seconds: Double, iso: String) {
        #expect(ISODate.text(seconds) == iso)
        #expect(ISODate.parse(iso)?.bitPattern == seconds.bitPattern)
    }

    @Test(arguments: [
        (#"{"a":[{"type":"integer","value":"x"}]}"#, "$.a[0].value"),
        (#"{"a":{"type":"wat","value":""}}"#, "$.a.type"),
        (#"{"a b":"x"}"#, #"$["a b"]"#),
        (#"[{"type":"data","value":"AAE"}]"#, "$[0].value"),
        (#"[{"type":"date","value":"2001-02-29T00:00:00Z"}]"#, "$[0].value"),
        (#"[{"type":"integer","value":"18446744073709551616"}]"#, "$[0].value"),
        (#"[{"type":"string","value":"a","extra":1}]"#, "$[0]"),
        (#"{"a":1,"a":2}"#, "$.a"),
        (#"[1,]"#, "$[1]"),
    ])
    func namesTheJSONPathOfTheBadValue(json: String, path: String) {
        #expect(error(json)?.path == path)
    }

    /// Paths through nested containers, members after a container, a `type` after its `value`, and errors
    /// between elements and members (no step for them): the texts the reader gave before it read into a tape.
    @Test(arguments: [
        (
            #"{"a":[{"b":[{"type":"set","value":[{"type":"bool","value":"x"}]}]}]}"#,
            #"$.a[0].b[0].value[0].value: bool must be "true" or "false""#
        ),
        (#"{"a":{"x":[]},"b":{"value":"q","type":"integer"}}"#, "$.b.value: integer must be decimal in -2^63...2^64-1"),
        (#"[[],{"k":{}},[{"type":"null","value":"x"}]]"#, "$[2][0].value: null's value is the empty string"),
        (#"{"x":[[],[[{"type":"uid","value":"-1"}]]]}"#, "$.x[1][0][0].value: uid must be decimal in 0...2^64-1"),
        (#"[{"type":"set","value":{}}]"#, "$[0].value: a set's value is a JSON array"),
        (#"{"a":[1 2]}"#, "$.a: expected ',' or ']' (byte 8)"),
        (#"{"a":{"b":1,}}"#, "$.a: expected a string key (byte 12)"),
        (#"{"a":[[],"bad"#, "$.a[1]: JSON ends inside a string (byte 13)"),
        (#"{"k":[],"k\u0301":[],"k":[]}"#, "$.k: duplicate key (byte 24)"),
        (#"{"a":[{"K":1,"\u212a":2}]}"#, "$.a[0][\"\u{212A}\"]: duplicate key (byte 21)"),
    ])
    func describesTheErrorAsBefore(json: String, description: String) {
        #expect(error(json)?.description == description)
    }
}

/// One date range both ways: whatever tagged JSON accepts, the strict decoder accepts once encoded.
@Suite struct DateRangeTests {
    @Test(arguments: [
        "9999-12-31T23:59:59.99999Z", "9999-12-31T23:59:59.9999999Z", "9999-12-31T23:59:59.99998Z",
        "9999-12-31T23:59:59Z", "9999-12-31T23:59:59.5Z", "0001-01-01T00:00:00Z", "0001-01-01T00:00:00.000001Z",
        "2001-01-01T00:00:00Z",
    ])
    func encodeAcceptsOnlyWhatDecodeAccepts(text: String) throws {
        let json = Array("{\"type\":\"date\",\"value\":\"\(text)\"}".utf8)
        let value: PropertyListValue
        do {
            value = try TaggedJSON.decode(json)
        } catch {
            // Refused on the way in: it must be a date that no bplist the decoder accepts can hold.
            #expect(text.hasPrefix("9999-12-31T23:59:59.9999"), "refused \(text): \(error)")
            return
        }
        let bytes = BPlistEncoder.encode(value)
        #expect(throws: Never.self, "\(text) encodes to bytes decode rejects") { try BPlistDecoder.decode(bytes) }
    }

    @Test func aFractionThatRoundsToYear10000IsRefused() {
        let error = #expect(throws: TaggedJSONError.self) {
            try TaggedJSON.decode(Array(#"{"type":"date","value":"9999-12-31T23:59:59.99999Z"}"#.utf8))
        }
        #expect(error?.path == "$.value", "\(String(describing: error))")
        #expect(error?.message.contains("9999-12-31T23:59:59.99999Z") == true, "\(String(describing: error))")
    }
}

/// One depth limit both ways: what tagged JSON accepts, the strict decoder accepts once encoded.
/// FuzzTaggedJSON found 517 nested arrays accepted and encoded to a bplist `xds decode` refused.
@Suite struct TaggedJSONDepthTests {
    private func nested(_ depth: Int, open: String = "[", close: String = "]") -> [UInt8] {
        Array((String(repeating: open, count: depth) + String(repeating: close, count: depth)).utf8)
    }

    @Test func asDeepAsAStrictDecoderReadsIsAccepted() throws {
        let value = try TaggedJSON.decode(nested(TaggedJSON.maximumDepth))
        #expect(throws: Never.self) { try BPlistDecoder.decode(BPlistEncoder.encode(value)) }
    }

    @Test func oneLevelDeeperIsRefusedWithThePath() {
        #expect(TaggedJSON.maximumDepth == 512)
        do {
            _ = try TaggedJSON.decode(nested(513))
            Issue.record("513 nested arrays were accepted")
        } catch {
            #expect(error.path == "$" + String(repeating: "[0]", count: 512))
            #expect(error.message.contains("deeper than 512"))
        }
    }

    @Test func dictionariesAndSetsCountAsLevels() {
        // 512 dictionaries around an empty one.
        let dictionaries = Array(
            (String(repeating: #"{"k":"#, count: 512) + "{}" + String(repeating: "}", count: 512)).utf8)
        let deepDictionaries = #expect(throws: TaggedJSONError.self) { try TaggedJSON.decode(dictionaries) }
        #expect(deepDictionaries?.path == "$" + String(repeating: ".k", count: 512))
        #expect(deepDictionaries?.message.contains("deeper than 512") == true)
        let dictionariesAtTheLimit = Array(
            (String(repeating: #"{"k":"#, count: 511) + "{}" + String(repeating: "}", count: 511)).utf8)
        #expect(throws: Never.self) { try TaggedJSON.decode(dictionariesAtTheLimit) }
        let sets = Array(
            (String(repeating: #"{"type":"set","value":["#, count: 513) + String(repeating: "]}", count: 513)).utf8)
        let deepSets = #expect(throws: TaggedJSONError.self) { try TaggedJSON.decode(sets) }
        #expect(deepSets?.path == "$" + String(repeating: ".value[0]", count: 512))
        // Two JSON levels a set (the object and its value array): the JSON reader's own limit comes first.
        #expect(deepSets?.message.hasPrefix("nesting deeper than 1024 (byte ") == true, "\(deepSets?.message ?? "")")
        let setsAtTheLimit = Array(
            (String(repeating: #"{"type":"set","value":["#, count: 512) + String(repeating: "]}", count: 512)).utf8)
        #expect(throws: Never.self) { try TaggedJSON.decode(setsAtTheLimit) }
    }
}
