// Tests/LibplistBridgeTests/LibplistReferenceTests.swift - libplist and the reference codec read each other's bytes

import BinaryPlist
import LibplistBridge
import Testing

@Suite struct LibplistReferenceTests {
    @Test(arguments: LibplistTests.roundTrips)
    func referenceDecodesWhatLibplistWrites(value: PropertyListValue) throws {
        #expect(try BPlistDecoder.decode(try Libplist.encode(value)) == value)
    }

    @Test(arguments: LibplistTests.roundTrips)
    func libplistDecodesWhatTheReferenceWrites(value: PropertyListValue) throws {
        #expect(try Libplist.decode(BPlistEncoder.encode(value)) == value)
    }

    @Test func bothReadTheCatalogueAttributeAlike() throws {
        #expect(try BPlistDecoder.decode(LibplistTests.attribute) == (try Libplist.decode(LibplistTests.attribute)))
    }

    @Test func theReferenceReadsLibplistsUnsignedMistakeAsNegativeToo() throws {
        // libplist 2.2 writes 2^64-1 as the 8-byte integer 0xFF…FF; bplist00 says that is -1.
        let bytes = try Libplist.encode(.wideInteger(Int128(UInt64.max)))
        #expect(try BPlistDecoder.decode(bytes) == .integer(-1))
    }

    @Test func libplistTruncatesTheReferences16ByteIntegers() throws {
        let bytes = BPlistEncoder.encode(
            .array([.wideInteger(Int128(UInt64.max)), .wideInteger(Int128(UInt64.max) + 5)]))
        #expect(try Libplist.decode(bytes) == .array([.integer(-1), .integer(4)]))
    }
}
