// Tests/BinaryPlistTests/DocumentContractTests.swift - The positional accessors stop a call that breaks their contract

import Testing

@testable import BinaryPlist

/// `element(_:of:)` and `entry(_:of:)` read a container's children by position: a call on the other kind of
/// container, or past its count, must stop the process (a precondition), not read another node's children.
/// Each case runs in a child process (an exit test).
@Suite struct DocumentContractTests {
    /// [1, {"k": 2}] as bytes: the root array, and the dictionary at its position 1.
    static let file = BPlistEncoder.encode(.array([.integer(1), .dictionary(["k": .integer(2)])]))

    @Test func elementOfADictionaryStops() async {
        await #expect(processExitsWith: .failure) {
            let document = try BPlistDocument(DocumentContractTests.file)
            let dictionary = document.element(1, of: document.root)
            _ = document.element(0, of: dictionary)
        }
    }

    @Test func elementPastTheCountStops() async {
        await #expect(processExitsWith: .failure) {
            let document = try BPlistDocument(DocumentContractTests.file)
            _ = document.element(2, of: document.root)
        }
    }

    @Test func entryOfAnArrayStops() async {
        await #expect(processExitsWith: .failure) {
            let document = try BPlistDocument(DocumentContractTests.file)
            _ = document.entry(0, of: document.root)
        }
    }

    @Test func entryPastTheCountStops() async {
        await #expect(processExitsWith: .failure) {
            let document = try BPlistDocument(DocumentContractTests.file)
            let dictionary = document.element(1, of: document.root)
            _ = document.entry(1, of: dictionary)
        }
    }

    /// The same calls within their contract, so that the cases above stop for the reason they name.
    @Test func theSameCallsWithinTheContractAnswer() throws {
        let document = try BPlistDocument(Self.file)
        let dictionary = document.element(1, of: document.root)
        #expect(document.integer(document.element(0, of: document.root)) == 1)
        let (key, value) = document.entry(0, of: dictionary)
        #expect(document.string(key) == "k")
        #expect(document.integer(value) == 2)
    }
}
