// Tests/ConformanceTests/ShellSplitTests.swift - `--cmd` strings split like a shell would

import Conformance
import Testing

@Suite struct ShellSplitTests {
    @Test func splitsQuotesAndEscapes() throws {
        #expect(try shellSplit("python3  adapter.py") == ["python3", "adapter.py"])
        #expect(try shellSplit(#"run 'a b' "c \"d\"" e\ f ''"#) == ["run", "a b", #"c "d""#, "e f", ""])
        #expect(throws: ShellSplitError.self) { try shellSplit("'open") }
        #expect(throws: ShellSplitError.self) { try shellSplit("\"open") }
    }

    @Test func quotingRoundTrips() throws {
        let words = ["plain", "with space", "it's", ""]
        #expect(try shellSplit(words.map(shellQuote).joined(separator: " ")) == words)
    }
}
