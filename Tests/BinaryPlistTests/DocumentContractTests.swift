// Tests/BinaryPlistTests/DocumentContractTests.swift - The positional accessors stop a call that breaks their contract

import Testing

@testable import BinaryPlist

/// `element(_:of:)` and `entry(_:of:)` read a container's children by position: a call on the other kind of
/// container, or past its count, must stop the process (a precondition), not read another node's children.
/// Each case runs in a child process (an exit test).
@Suite struct DocumentContractTests {
    /// [1, {"k": 2}, [3, 4, 5, 6]] as bytes: the root array, and the dictionary at its position 1. The array after
    /// the dictionary keeps a read past either container's count inside the element lists: without the
    /// precondition it would read another container's words, not trap on the end of the storage (a mutant of the
    /// precondition survived the 2026-12-08 sample while the dictionary was the last container).
    static let file = BPlistEncoder.encode(
        .array([.integer(1), .dictionary(["k": .integer(2)]), .array([3, 4, 5, 6].map { .integer($0) })]))

    /// A call that breaks the contract, on the root array or on the dictionary inside it.
    enum Misuse: String, Codable, Sendable, CaseIterable {
        case elementOfADictionary, elementPastTheCount, entryOfAnArray, entryPastTheCount

        func call(_ document: BPlistDocument) {
            let dictionary = document.element(1, of: document.root)
            switch self {
            case .elementOfADictionary: _ = document.element(0, of: dictionary)
            case .elementPastTheCount: _ = document.element(3, of: document.root)
            case .entryOfAnArray: _ = document.entry(0, of: document.root)
            case .entryPastTheCount: _ = document.entry(1, of: dictionary)
            }
        }
    }

    @Test(arguments: Misuse.allCases)
    func aCallOutsideTheContractStops(_ misuse: Misuse) async {
        await #expect(processExitsWith: .failure) { [misuse] in
            misuse.call(try BPlistDocument(DocumentContractTests.file))
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
