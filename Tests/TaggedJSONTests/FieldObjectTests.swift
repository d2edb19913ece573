// Tests/TaggedJSONTests/FieldObjectTests.swift - The field object: sorted, compact, strings only

import Foundation
import TaggedJSON
import Testing

@Suite struct FieldObjectTests {
    @Test func rendersSortedCompactAndUnescapedSlashes() {
        let fields = ["path": "a/b.md", "name": "Quote \" and \\ é\n", "appInfoURL": "https://x.example/a"]
        let text = String(decoding: FieldObject.render(fields), as: UTF8.self)
        #expect(text == #"{"appInfoURL":"https://x.example/a","name":"Quote \" and \\ é\n","path":"a/b.md"}"#)
        #expect(FieldObject.parse(FieldObject.render(fields)) == fields)
        // Foundation reads what we write.
        let foundation = try? JSONSerialization.jsonObject(with: Data(FieldObject.render(fields))) as? [String: String]
        #expect(foundation == fields)
    }

    @Test func parsesOnlyStrictObjectsOfStrings() {
        #expect(FieldObject.parse(Array(#"{}"#.utf8)) == [:])
        #expect(FieldObject.parse(Array(#" {"name": "a\u00e9"} "#.utf8)) == ["name": "aé"])
        #expect(FieldObject.parse(Array(#"{"name": 1}"#.utf8)) == nil)
        #expect(FieldObject.parse(Array(#"{"name": "a", "name": "b"}"#.utf8)) == nil)
        #expect(FieldObject.parse(Array(#"["name"]"#.utf8)) == nil)
        #expect(FieldObject.parse(Array(#"{"name": "a",}"#.utf8)) == nil)
        #expect(FieldObject.parse(Array("{\"name\": \"a\"} x".utf8)) == nil)
    }
}
