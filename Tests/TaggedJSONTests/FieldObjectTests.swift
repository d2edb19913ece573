// Tests/TaggedJSONTests/FieldObjectTests.swift - The field object: sorted, compact, strings only; the one reader

import Foundation
import TaggedJSON
import Testing

@Suite struct FieldObjectTests {
    static let four =
        #"{"identifier":"com.example.app","name":"App","path":"a/b.md","appInfoURL":"https://example.com/a.json"}"#

    /// What the reader throws for `text`, or nil when it reads it.
    private func error(_ text: String, requiring: [String] = FieldObject.keys) -> FieldObjectError? {
        do {
            _ = try FieldObject.read(Array(text.utf8), requiring: requiring)
            return nil
        } catch {
            return error
        }
    }

    @Test func rendersSortedCompactAndUnescapedSlashes() throws {
        let fields = ["path": "a/b.md", "name": "Quote \" and \\ é\n", "appInfoURL": "https://x.example/a"]
        let text = String(decoding: FieldObject.render(fields), as: UTF8.self)
        #expect(text == #"{"appInfoURL":"https://x.example/a","name":"Quote \" and \\ é\n","path":"a/b.md"}"#)
        #expect(try FieldObject.read(FieldObject.render(fields), requiring: []) == fields)
        // Foundation reads what we write.
        let foundation = try? JSONSerialization.jsonObject(with: Data(FieldObject.render(fields))) as? [String: String]
        #expect(foundation == fields)
    }

    @Test func readsTheFourKeysInAnyOrderWithAnySpacing() throws {
        let fields = try FieldObject.read(Array(Self.four.utf8))
        #expect(
            fields == [
                "identifier": "com.example.app", "name": "App", "path": "a/b.md",
                "appInfoURL": "https://example.com/a.json",
            ])
        let spaced =
            " {\n\t\"path\" : \"a/b.md\", \"appInfoURL\":\"https://example.com/a.json\",\"name\":\"A\\u00e9\","
            + "\"identifier\":\"\"} "
        #expect(
            try FieldObject.read(Array(spaced.utf8))
                == ["identifier": "", "name": "Aé", "path": "a/b.md", "appInfoURL": "https://example.com/a.json"])
    }

    @Test func readsAnyRequiredSubset() throws {
        #expect(try FieldObject.read(Array("{}".utf8), requiring: []) == [:])
        #expect(try FieldObject.read(Array(#"{"name":"a"}"#.utf8), requiring: ["name"]) == ["name": "a"])
    }

    @Test func anExtraKeyIsNamedWithItsOffset() {
        let text = #"{"identifier":"i","name":"n","version":"2","path":"p","appInfoURL":"https://e.com/"}"#
        #expect(error(text) == .unknownKey("version", offset: 29))
        #expect(
            error(text)?.description
                == #"the field object has key "version" (byte 29), which is not one of identifier, name, path, appInfoURL"#
        )
        // Keys match exactly: a case variant is an extra key, also where nothing is required.
        #expect(error(#"{"appInfoUrl":"https://e.com/"}"#, requiring: []) == .unknownKey("appInfoUrl", offset: 1))
        // A hostile key stays on one line.
        #expect(error("{\"a\\nb\":\"x\"}", requiring: [])?.description.contains(#""a\nb""#) == true)
    }

    @Test func aRepeatedKeyIsNamedWithTheSecondOffset() {
        let text = #"{"identifier":"i","name":"first","name":"second","path":"p","appInfoURL":"https://e.com/"}"#
        #expect(error(text) == .repeatedKey("name", offset: 33))
        #expect(error(text)?.description == #"the field object gives key "name" twice (again at byte 33)"#)
        // Also with equal values, and when nothing is required.
        #expect(error(#"{"name":"a", "name":"a"}"#, requiring: []) == .repeatedKey("name", offset: 13))
        // The JSON reader's canonical equivalence does not make an extra key a repeat: "name" spelled with an
        // escape is the same key.
        #expect(error(#"{"name":"a","n\u0061me":"b"}"#, requiring: []) == .repeatedKey("name", offset: 12))
    }

    @Test func aMissingKeyIsNamedInTheConventionsOrder() {
        #expect(error(#"{"name":"n","path":"p","appInfoURL":"https://e.com/"}"#) == .missingKey("identifier"))
        #expect(error(#"{"identifier":"i","name":"n","appInfoURL":"https://e.com/"}"#) == .missingKey("path"))
        #expect(error(#"{"path":"p"}"#) == .missingKey("identifier"))
        #expect(error("{}") == .missingKey("identifier"))
        #expect(error(#"{"identifier":"i"}"#, requiring: ["identifier", "name"]) == .missingKey("name"))
        #expect(
            error(#"{"identifier":"i","name":"n","path":"p"}"#)?.description
                == #"the field object has no "appInfoURL" key"#)
    }

    @Test func aValueOfAnotherTypeIsNamedWithItsOffset() {
        #expect(error(#"{"name":1}"#, requiring: []) == .notAString("name", "a number", offset: 8))
        #expect(error(#"{"name": null}"#, requiring: []) == .notAString("name", "null", offset: 9))
        #expect(error(#"{"path":["a"]}"#, requiring: []) == .notAString("path", "an array", offset: 8))
        #expect(error(#"{"path":{}}"#, requiring: []) == .notAString("path", "an object", offset: 8))
        #expect(error(#"{"path":true}"#, requiring: []) == .notAString("path", "a boolean", offset: 8))
        #expect(
            error(#"{"path":true}"#, requiring: [])?.description == #"field "path" is a boolean (byte 8), not a string"#
        )
    }

    /// JSON's number grammar (RFC 8259 §6): an exponent of one digit, with or without a sign, is a number (and so
    /// not a string); an exponent without digits is malformed JSON at the byte where the digits should be.
    @Test func numbersWithExponentsAreNumbersAndAnExponentWithoutDigitsIsMalformed() {
        for number in ["1e5", "1E5", "1e+5", "-0.5e-3", "2E05"] {
            #expect(error(#"{"name":"# + number + "}", requiring: []) == .notAString("name", "a number", offset: 8))
        }
        for (number, offset) in [("1e", 10), ("1ex5", 10), ("1e+", 11), ("1.e5", 10)] {
            let found = error(#"{"name":"# + number + "}", requiring: [])
            guard case .malformedJSON(let message, offset) = found, message.hasPrefix("invalid number") else {
                Issue.record("\(number): \(String(describing: found))")
                continue
            }
        }
    }

    @Test func theFirstFaultInDocumentOrderWinsThenMissingKeys() {
        // An extra key before a repeated one, a repeat before a wrong type, every fault of the text before a
        // missing key.
        #expect(error(#"{"x":"1","name":"a","name":"b"}"#) == .unknownKey("x", offset: 1))
        #expect(error(#"{"name":"a","name":1}"#) == .repeatedKey("name", offset: 12))
        #expect(error(#"{"name":1,"x":"1"}"#) == .notAString("name", "a number", offset: 8))
        #expect(error(#"{"x":"1"}"#) == .unknownKey("x", offset: 1))
    }

    @Test func onlyOneStrictJSONObjectIsAFieldObject() {
        #expect(error(#"["name"]"#, requiring: []) == .notAnObject("an array"))
        #expect(error(#""name""#, requiring: []) == .notAnObject("a string"))
        #expect(
            error(#"{"name": "a",}"#, requiring: []) == .malformedJSON("expected a string key (byte 13)", offset: 13))
        #expect(
            error("{\"name\": \"a\"} x", requiring: [])
                == .malformedJSON("text after the JSON value (byte 14)", offset: 14))
        #expect(error("", requiring: []) == .malformedJSON("JSON ends where a value was expected (byte 0)", offset: 0))
        // Bytes that are not UTF-8 are refused, never replaced with U+FFFD.
        let notUTF8: [UInt8] = Array(#"{"name":"b"#.utf8) + [0xFF] + Array(#""}"#.utf8)
        #expect(throws: FieldObjectError.malformedJSON("string is not valid UTF-8 (byte 12)", offset: 12)) {
            try FieldObject.read(notUTF8, requiring: [])
        }
    }
}
