// FuzzTesting/Sources/FuzzCommon/KnownDivergence.swift - The finite list of reference vs libplist 2.2 differences

import BinaryPlist

/// Every way the reference decoder and libplist 2.2 may legitimately disagree.
///
/// Anything the differential target sees outside this list is a finding. Each case names the
/// regression vector that shows it (Vectors/plist/regressions/<vector>.bplist); Docs/fuzzing.md
/// explains them. Never remove a case while its vector exists; add one only with its vector.
public enum KnownDivergence: String, CaseIterable, Hashable, Sendable {
    /// libplist 2.2 keeps 64 bits of a 16-byte integer (and reads 8-byte values signed).
    case integerBeyond64Bits = "libplist-integer-beyond-64-bits"
    /// `plist_get_date_val` truncates to whole microseconds and to int32 seconds.
    case datePrecision = "libplist-date-precision"
    /// Strings and keys are C strings: an embedded NUL ends them.
    case stringEndsAtNUL = "libplist-string-ends-at-nul"
    /// Two keys of one dictionary that are equal once cut at their first NUL ("\0" + "01" and "") are one
    /// key to libplist, which keeps the first in file order: its dictionary has fewer entries.
    case keysCollideAfterNUL = "libplist-keys-collide-after-nul"
    /// Sets (0xC) are parsed as arrays.
    case setReadAsArray = "libplist-set-read-as-array"
    /// libplist's parser rejects the bplist null object (0x00) that the reference accepts.
    case nullRejected = "libplist-null-rejected"
    /// libplist accepts a 16-byte integer whose high 8 bytes are not zero (the strict reference: `limit`).
    case sixteenByteIntegerAccepted = "libplist-sixteen-byte-integer-accepted"
    /// libplist accepts a repeated dictionary key, keeping the first value (the strict reference:
    /// `duplicate-key`).
    case duplicateKeyAccepted = "libplist-duplicate-key-accepted"
    /// libplist accepts an offset-table entry pointing into the header, the table or the trailer and
    /// decodes whatever bytes are there (the strict reference: `offset-table`).
    case objectOffsetOutsideObjectArea = "libplist-object-offset-outside-object-area"
    /// libplist accepts an offset table that starts at byte 8, right after the header, leaving no room
    /// for objects; the objects are then read from the header or the table (the strict reference, like
    /// CoreFoundation, requires the table to start at 9 or later: `trailer`).
    case offsetTableRightAfterHeader = "libplist-offset-table-right-after-header"
    /// libplist accepts unused bytes between the offset table and the trailer (the strict reference:
    /// `trailer`); with the gap closed, the reference reads the same value.
    case gapBeforeTrailer = "libplist-gap-before-trailer"
    /// libplist accepts an ASCII string (marker 0x5n) holding bytes 0x80-0xFF (the strict reference:
    /// `encoding`); the bridge shows them as U+FFFD.
    case asciiStringHighByte = "libplist-ascii-string-high-byte"
    /// libplist accepts a UTF-16 string (marker 0x6n) with an unpaired surrogate (the strict
    /// reference: `encoding`).
    case utf16UnpairedSurrogate = "libplist-utf16-unpaired-surrogate"
    /// libplist (like CoreFoundation) rejects a UID above 2^32-1, which the reference accepts.
    case uidAbove32Bits = "libplist-uid-above-32-bits"
    /// libplist accepts a date that is not a finite instant in years 1-9999 (NaN, ±inf, huge; the
    /// strict reference: `limit`).
    case dateOutOfRangeAccepted = "libplist-date-out-of-range-accepted"
    /// libplist accepts a UID wider than 8 bytes (the strict reference: `limit`).
    case wideUIDAccepted = "libplist-wide-uid-accepted"
    /// libplist accepts a long-form count (marker 0xnF) written as an 8- or 16-byte integer that does
    /// not fit 63 bits (the strict reference: `length`), or as an integer wider than 16 bytes (marker
    /// 0x15-0x1F; the strict reference: `marker`), using its low 8 bytes.
    case wideCountAccepted = "libplist-wide-count-accepted"
    /// With object references wider than 8 bytes, libplist uses their low 8 bytes (the strict
    /// reference reads the whole reference: `object-ref`).
    case wideObjectRefTruncated = "libplist-wide-object-ref-truncated"
    /// With offsets wider than 8 bytes, libplist uses their low 8 bytes (the strict reference reads
    /// the whole offset: `offset-table`).
    case wideOffsetTruncated = "libplist-wide-offset-truncated"
    /// libplist accepts offsets or references too narrow to address the offset table or every object
    /// (the strict reference, like CoreFoundation: `trailer`).
    case narrowWidthsAccepted = "libplist-narrow-widths-accepted"
    /// libplist rejects a document holding an empty UTF-16 string (marker 0x60), which the
    /// reference reads as "".
    case emptyUTF16StringRejected = "libplist-empty-utf16-string-rejected"

    /// The relaxations of the strict reference that libplist 2.2 also makes, each a divergence.
    static var relaxations: [(divergence: KnownDivergence, rule: WritableKeyPath<DecodingRules, Bool>)] {
        [
            (.sixteenByteIntegerAccepted, \.truncatesSixteenByteIntegers),
            (.duplicateKeyAccepted, \.keepsFirstDuplicateKey),
        ]
    }

    /// The reference's reading of `bytes` under the fewest relaxations that make it accept.
    /// - Returns: the value and the divergences the relaxations stand for, or `nil` if none helps.
    static func relaxedReading(_ bytes: [UInt8]) -> (value: PropertyListValue, used: Set<KnownDivergence>)? {
        let relaxations = Self.relaxations
        for subset in relaxationSubsets {
            var rules = DecodingRules.strict
            for index in subset { rules[keyPath: relaxations[index].rule] = true }
            if let value = try? BPlistDecoder.decode(bytes, rules: rules) {
                return (value, Set(subset.map { relaxations[$0].divergence }))
            }
        }
        return nil
    }

    /// The subsets of `relaxations` (as index lists) in the order `relaxedReading` tries them: by size,
    /// then by bit mask. Made once: the oracle tries them for every input libplist alone accepts.
    private static let relaxationSubsets: [[Int]] = (1...relaxations.count).flatMap {
        subsets(of: relaxations.count, size: $0)
    }

    private static func subsets(of count: Int, size: Int) -> [[Int]] {
        (0..<(1 << count)).filter { $0.nonzeroBitCount == size }
            .map { mask in (0..<count).filter { mask & (1 << $0) != 0 } }
    }

    /// The regression vector's file name (without `.bplist`) under Vectors/plist/regressions/.
    public var vector: String { rawValue }
}
