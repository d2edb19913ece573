// Tests/FuzzCommonTests/LibplistScreenRuleTests.swift - One test per libplist behaviour the differential oracle screens

import BinaryPlist
import Foundation
import Testing

@testable import FuzzCommon

/// Each rule of Docs/fuzzing.md "What the oracle screens" against real libplist 2.2, plus the proof that
/// the rule does not hide a real difference (a value libplist could not have shown is still a finding).
@Suite struct LibplistScreenRuleTests {
    /// An ASCII string object (marker 0x5n).
    static func ascii(_ text: [UInt8]) -> [UInt8] { [0x50 | UInt8(text.count)] + text }
    /// A UTF-16 string object (marker 0x6n) of big-endian units.
    static func utf16(_ units: [UInt16]) -> [UInt8] {
        [0x60 | UInt8(units.count)] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }
    /// A one-byte integer object.
    static func int(_ value: UInt8) -> [UInt8] { [0x10, value] }

    /// A document of `objects` (object 0 is the top), with 1-byte offsets and references.
    static func document(_ objects: [[UInt8]]) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        bytes += offsets.map { UInt8($0) }
        bytes += [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, UInt8(offsets.count)]
        bytes += [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(table)]
        return bytes
    }

    /// A document whose top object is a dictionary of `entries` (key and value objects, in file order).
    static func dictionary(_ entries: [(key: [UInt8], value: [UInt8])]) -> [UInt8] {
        let count = entries.count
        let top = [0xD0 | UInt8(count)] + (1...count).map { UInt8($0) } + (1...count).map { UInt8(count + $0) }
        return document([top] + entries.map(\.key) + entries.map(\.value))
    }

    @Test func asciiKeyIsCutAtItsNUL() throws {
        let bytes = Self.dictionary([(Self.ascii([0x61, 0x00, 0x62]), Self.int(1))])
        #expect(try PlistDifferentialCheck.compare(bytes) == .known([.stringEndsAtNUL]))
    }

    @Test func utf16KeyWithNULIsNeverGivenToLibplist() throws {
        let bytes = Self.dictionary([(Self.utf16([0x61, 0x00]), Self.int(1))])
        #expect(try PlistDifferentialCheck.compare(bytes) == .skipped(.nulInUTF16Key))
    }

    @Test(arguments: [false, true])
    func keyCutToAnotherKeyCollides(cutKeyFirst: Bool) throws {
        // "\0" + "01" and "": one key to libplist, which keeps whichever comes first in the file.
        var entries = [(Self.ascii([0x00, 0x30, 0x31]), Self.int(1)), (Self.ascii([]), Self.int(2))]
        if !cutKeyFirst { entries.reverse() }
        let verdict = try PlistDifferentialCheck.compare(Self.dictionary(entries))
        #expect(verdict == .known([.stringEndsAtNUL, .keysCollideAfterNUL]))
    }

    @Test func twoKeysCutToTheSameKeyCollide() throws {
        let bytes = Self.dictionary([
            (Self.ascii([0x61, 0x00, 0x78]), Self.int(1)), (Self.ascii([0x61, 0x00, 0x79]), Self.int(2)),
        ])
        #expect(try PlistDifferentialCheck.compare(bytes) == .known([.stringEndsAtNUL, .keysCollideAfterNUL]))
    }

    @Test func collisionInANestedDictionaryIsNamed() throws {
        let bytes = Self.document([
            [0xA1, 0x01], [0xD2, 0x02, 0x03, 0x04, 0x05], Self.ascii([0x00, 0x31]), Self.ascii([]), Self.int(1),
            Self.int(2),
        ])
        #expect(try PlistDifferentialCheck.compare(bytes) == .known([.stringEndsAtNUL, .keysCollideAfterNUL]))
    }

    @Test func collisionStillNeedsLibplistsValueToBeOneOfTheCollidingOnes() {
        let ours = PropertyListValue.dictionary(["\u{0}01": .integer(1), "": .integer(2)])
        var used = Set<KnownDivergence>()
        #expect(LibplistView.matches(ours, .dictionary(["": .integer(1)]), &used))
        #expect(LibplistView.matches(ours, .dictionary(["": .integer(2)]), &used))
        #expect(!LibplistView.matches(ours, .dictionary(["": .integer(3)]), &used))
        #expect(!LibplistView.matches(ours, .dictionary(["": .integer(1), "x": .integer(2)]), &used))
    }

    @Test func asciiStringIsCutButUTF16StringKeepsItsNUL() throws {
        var used = Set<KnownDivergence>()
        let ours = PropertyListValue.string("a\u{0}b")
        #expect(LibplistView.matches(ours, .string("a"), &used))
        #expect(used == [.stringEndsAtNUL])
        #expect(LibplistView.matches(ours, .string("a\u{0}b"), &used))
        #expect(!LibplistView.matches(ours, .string("b"), &used))
    }

    @Test func keyWithoutCollisionMustStillMatch() {
        var used = Set<KnownDivergence>()
        let ours = PropertyListValue.dictionary(["a\u{0}b": .integer(1)])
        #expect(LibplistView.matches(ours, .dictionary(["a": .integer(1)]), &used))
        #expect(!LibplistView.matches(ours, .dictionary(["a": .integer(2)]), &used))
        #expect(!LibplistView.matches(ours, .dictionary(["b": .integer(1)]), &used))
    }
}

extension LibplistScreenRuleTests {
    /// 2^(8·width) must exceed the object count itself, as CoreFoundation and the reference count.
    @Test(arguments: [(255, false), (256, true)])
    func referencesAreTooNarrowFromTheCountOn(count: Int, narrow: Bool) {
        var bytes = Array("bplist00".utf8) + [0xA1, 0x01] + [UInt8](repeating: 0x08, count: count - 1)
        let table = bytes.count
        for offset in [8] + (10..<(9 + count)) { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        bytes += [0, 0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0, 0, UInt8(count >> 8), UInt8(count & 0xFF)]
        bytes += [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(table >> 8), UInt8(table & 0xFF)]
        #expect(OracleWorkScreen.hasTooNarrowWidths(bytes) == narrow)
    }
}

extension LibplistScreenRuleTests {
    /// The cut at the first NUL, found through the UTF-8 bytes, is the cut at the first NUL scalar.
    @Test(arguments: ["", "abc", "\u{0}", "a\u{0}b\u{0}c", "é\u{0}x", "\u{1F600}\u{0}", "K\u{212A}", "e\u{301}\u{0}e"])
    func cutAtNULIsTheScalarCut(text: String) {
        let scalars = text.unicodeScalars
        let expected = scalars.firstIndex(of: "\0").map { String(scalars[..<$0]) } ?? text
        #expect(Array(LibplistView.projectString(text).utf8) == Array(expected.utf8))
        #expect(LibplistView.containsNUL(text) == text.unicodeScalars.contains("\0"))
    }

    /// Dictionaries whose keys hold no NUL take the direct comparison; it must judge as the candidate lists do.
    @Test func dictionariesWithoutNULKeysMatchEntryByEntry() {
        var used = Set<KnownDivergence>()
        let ours = PropertyListValue.dictionary(["a": .string("x\u{0}y"), "b": .integer(1)])
        #expect(LibplistView.matches(ours, .dictionary(["a": .string("x"), "b": .integer(1)]), &used))
        #expect(used == [.stringEndsAtNUL])
        #expect(!LibplistView.matches(ours, .dictionary(["a": .string("x"), "b": .integer(2)]), &used))
        #expect(!LibplistView.matches(ours, .dictionary(["a": .string("x"), "c": .integer(1)]), &used))
        #expect(!LibplistView.matches(ours, .dictionary(["a": .string("x")]), &used))
        #expect(!LibplistView.hasKeysCollidingAtNUL(ours))
        #expect(LibplistView.hasKeysCollidingAtNUL(.array([.dictionary(["\u{0}1": .null, "": .null])])))
    }
}
