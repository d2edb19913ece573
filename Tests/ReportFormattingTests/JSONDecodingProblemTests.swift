// Tests/ReportFormattingTests/JSONDecodingProblemTests.swift - A refused JSON file, said in the tool's words

import Foundation
import ReportFormatting
import Testing

@Suite struct JSONDecodingProblemTests {
    private struct Entry: Decodable {
        var id: String
        var count: Int
        var tags: [String]?
        var small: UInt8?
    }

    private struct Document: Decodable {
        var entries: [Entry]
    }

    private func problem(_ json: String) -> String {
        do {
            _ = try JSONDecoder().decode(Document.self, from: Data(json.utf8))
            return "decoded"
        } catch {
            return JSONDecodingProblem.text(error)
        }
    }

    @Test func eachKindOfProblemNamesItsPlace() {
        #expect(
            problem(#"{"entries": [{"id": "a", "count": 1}, {"id": "b"}]}"#)
                == "the key 'count' is missing in entries[1]")
        #expect(problem(#"{}"#) == "the key 'entries' is missing")
        #expect(problem(#"{"entries": [{"id": 7, "count": 1}]}"#) == "entries[0].id: expected a string")
        #expect(problem(#"{"entries": [{"id": "a", "count": "x"}]}"#) == "entries[0].count: expected an integer")
        #expect(problem(#"{"entries": {"id": "a"}}"#) == "entries: expected an array")
        #expect(
            problem(#"{"entries": [{"id": "a", "count": 1, "small": "x"}]}"#)
                == "entries[0].small: expected an integer")
        #expect(
            problem(#"{"entries": [{"id": null, "count": 1}]}"#)
                == "entries[0].id: null where a string is expected")
    }

    @Test func malformedJSONIsNotValidJSONWithoutTheLibrarysSentence() {
        let text = problem(#"{"entries": [}"#)
        #expect(text.hasPrefix("not valid JSON"), "\(text)")
        #expect(!text.contains("DecodingError") && !text.contains("corrupted"))
    }

    @Test func anErrorThatIsNotADecodingErrorIsNotReadable() {
        struct Other: Error {}
        #expect(JSONDecodingProblem.text(Other()) == "not readable as JSON")
    }
}
