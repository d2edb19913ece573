// Sources/VectorGenerators/RecommendedLevels.swift - Vectors whose expected outcome is only recommended, and why

import ConformanceModel

/// The vectors graded at `recommended` although their family writes them at `required`: CoreFoundation (the
/// original's reader, the de-facto definition of bplist) or, for icons, the original's own loop does otherwise and
/// nothing unsafe follows, or, for `write-attribute` input, the attribute written either way is one every reader
/// reads, so a deviation breaks neither interoperability nor safety (Docs/spec.md §1.3).
/// `required` stays for memory safety, bounded resources and what breaks interoperability.
///
/// The table also gives the reason for the hand-written vectors it names (files under `Vectors/`, not generated):
/// those carry their `recommended` level in `Vectors/manifest.json` itself, which `RecommendedLevelsTests` checks.
enum RecommendedLevels {
    /// Vector id → why rejecting (or accepting) it is only recommended.
    static let reasons: [String: String] = {
        var reasons: [String: String] = [:]
        let latin1 = "CoreFoundation reads bytes at or above 0x80 in an ASCII string as Latin-1"
        for id in [
            "plist/invalid/ascii-byte-80", "plist/invalid/ascii-byte-e9", "plist/invalid/ascii-byte-ff",
            "plist/invalid/ascii-holds-utf8", "plist/invalid/ascii-key-byte-e9",
            "plist/regressions/libplist-ascii-string-high-byte",
        ] {
            reasons[id] = latin1
        }
        let surrogates = "CoreFoundation keeps an unpaired surrogate in the string"
        for id in [
            "plist/invalid/utf16-high-surrogate-at-end", "plist/invalid/utf16-lone-high-surrogate",
            "plist/invalid/utf16-lone-low-surrogate", "plist/invalid/utf16-reversed-pair",
            "plist/invalid/utf16-two-high-surrogates", "plist/regressions/libplist-utf16-unpaired-surrogate",
        ] {
            reasons[id] = surrogates
        }
        reasons["plist/regressions/libplist-empty-utf16-string-rejected"] =
            "CoreFoundation rejects an empty UTF-16 string, and its writer never writes one (the empty string is 0x50)"
        let depth =
            "the exact depth bound is CoreFoundation's choice (it accepts 513 levels on macOS and Linux, its iOS "
            + "build has a bound of 128); an attribute needs depth 1, so only a bound at all protects readers"
        for id in [
            "plist/valid/nesting-512", "plist/invalid/nesting-513", "plist/invalid/dict-nesting-513",
            "plist/invalid/nesting-600-mixed",
        ] {
            reasons[id] = depth
        }
        let otherFormats = "CoreFoundation reads the input as an XML or OpenStep property list"
        for id in [
            "plist/invalid/xml-document", "plist/invalid/one-byte", "plist/invalid/seven-bytes",
            "plist/regressions/cve-2017-5545-five-bytes", "plist/regressions/corelibs-foundation-header-only",
        ] {
            reasons[id] = otherFormats
        }
        let coercion = "the original coerces the size with -integerValue and loads an https icon: nothing unsafe"
        for name in [
            "width-height-real-58-9", "width-height-real-87-5", "width-height-string-58", "width-height-string-58px",
            "width-height-string-decimal", "width-height-string-leading-space", "width-height-string-plus-sign",
            "width-real-height-int", "width-string-height-int",
        ] {
            reasons["icons/valid/" + name] = coercion
        }
        let choice = "the original's comparisons choose another https icon or none: nothing unsafe"
        reasons["icons/valid/non-square-exact-needs-both"] = choice
        reasons["icons/valid/non-square-height-vs-found-width-keeps"] = choice
        reasons["icons/valid/src-dot-dot-past-root"] =
            "the original keeps \"..\" above the root in an https URL of the same host: nothing unsafe"
        reasons["icons/valid/src-empty-string"] =
            "the original fetches the appInfo.json itself as the image, which fails to decode: no icon"
        reasons["icons/valid/src-non-ascii"] = "the original's NSURL gives nil: no icon"
        // write-attribute input (Docs/spec.md attribute.write.input and attribute.write.keys): a writer that accepts
        // these still writes an attribute every reader reads; only refusing is clearer.
        reasons["attribute/invalid/write-input-extra-key"] =
            "a writer that ignores the extra key writes the four fields, which every reader reads"
        reasons["attribute/invalid/write-input-repeated-key"] =
            "a writer that keeps one of the values writes four strings, which every reader reads"
        for key in ["path", "appinfourl"] {
            reasons["attribute/invalid/write-input-missing-" + key] =
                "the convention only recommends writing path and appInfoURL; every reader accepts an attribute without"
        }
        return reasons
    }()

    /// `vectors` with the listed ones lowered to `recommended`.
    static func applied(to vectors: [GeneratedVector]) -> [GeneratedVector] {
        vectors.map { vector in
            guard reasons[vector.metadata.id] != nil, vector.metadata.level == .required else { return vector }
            var lowered = vector
            lowered.metadata.level = .recommended
            return lowered
        }
    }
}
