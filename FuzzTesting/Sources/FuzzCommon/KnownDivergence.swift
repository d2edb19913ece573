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
    /// Sets (0xC) are parsed as arrays.
    case setReadAsArray = "libplist-set-read-as-array"
    /// libplist's parser rejects the bplist null object (0x00) that the reference accepts.
    case nullRejected = "libplist-null-rejected"

    /// The divergence that explains libplist accepting what the reference rejects with `category`.
    /// - Returns: `nil` when nothing documented explains it (a finding).
    public static func libplistAccepts(referenceRejection category: BPlistError.Category) -> KnownDivergence? {
        nil
    }

    /// The regression vector's file name (without `.bplist`) under Vectors/plist/regressions/.
    public var vector: String { rawValue }
}
