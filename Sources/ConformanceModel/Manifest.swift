// Sources/ConformanceModel/Manifest.swift - Vectors/manifest.json: every vector's metadata (Docs/vectors.md)

import Foundation

/// The suite's version: the one source for `xds --version`, the release's name (`make dist`), every report's
/// provenance, the manifest and its digest. What a bump means: Docs/ci.md, "Versions".
public let suiteVersion = "0.1.0"

/// What a vector exercises.
public enum VectorArea: String, Codable, CaseIterable, Hashable, Sendable {
    /// bplist bytes → tagged JSON (decode), and tagged JSON → bplist (encode).
    case plist
    /// bplist bytes as found in the xattr → the fields a conforming reader keeps.
    case attribute
    /// appInfo.json + scale + appInfoURL → chosen absolute URL or none.
    case icons
    /// Plans run on real filesystems.
    case fs
    /// `load-icon` against the fixture HTTPS server: a site (`<id>.site.json` and the files it serves) and a
    /// scale → an icon with stated image properties, or none; the requests allowed (IconLoadingArea).
    case iconLoading = "icon-loading"
}

/// How a vector is meant to be judged.
public enum VectorGroup: String, Codable, CaseIterable, Hashable, Sendable {
    case valid
    case invalid
    case implementationDefined = "implementation-defined"
    /// Fuzz findings and published bugs; judged like valid/invalid by their `expected`/`error`.
    case regressions
}

/// How strongly the suite requires the expected outcome.
public enum VectorLevel: String, Codable, CaseIterable, Hashable, Sendable {
    case required
    case recommended
    case implementationDefined = "implementation-defined"
}

/// The closed list of error categories an invalid vector can name (Docs/vectors.md, plus `duplicate-key`).
public enum VectorErrorCategory: String, Codable, CaseIterable, Hashable, Sendable {
    case header, trailer, marker, length, cycle, depth, encoding, limit, schema
    case offsetTable = "offset-table"
    case objectRef = "object-ref"
    case keyType = "key-type"
    case duplicateKey = "duplicate-key"
    /// icon-loading only, the kinds of "no icon" (`xds icon` exits 1, 2, 3 and 4): nothing to choose, a safety
    /// rule refuses (http, userinfo, a cap, a giant header), the server fails (status, redirect loop), the
    /// image does not decode.
    case noIcon = "no-icon"
    case refused, network, undecodable
}

/// The closed list of tags. Add here (and only here) when a new kind of vector needs one.
public enum VectorTag: String, Codable, CaseIterable, Hashable, Sendable {
    /// Encoder output must equal the input bytes exactly.
    case canonical
    case header, trailer, offsetTable = "offset-table", objectRef = "object-ref", count, marker
    case integer, real, date, data, string, ascii, utf16, uid, array, set, dictionary, null, fill, bool
    case sharedObject = "shared-object", outOfOrder = "out-of-order", gap
    case cycle, depth, fanOut = "fan-out", truncation, limit
    case duplicateKey = "duplicate-key", nonStringKey = "non-string-key"
    /// A published CVE or a crash found in another decoder.
    case cve, crash
    /// Found by our fuzzers.
    case fuzz
    /// Found by `xds differential`: implementations disagree on the input (Docs/conformance.md).
    case differential
    /// Kills a mutant of the reference that the suite let through (`make mutation`, Docs/mutation.md).
    case mutation
    /// Attribute area.
    case missingKey = "missing-key", wrongType = "wrong-type", extraKey = "extra-key", rootType = "root-type"
    case xml, unicode, path, size, url
    /// Icons area.
    case exactMatch = "exact-match", larger, noneLarger = "none-larger", quirk, coercion, nonSquare = "non-square"
    case resolution, malformed, raises
    /// The legacy outcome (or the appInfoURL itself) is plain `http`: the original's loop computes it, but on iOS
    /// App Transport Security stops `NSURLSession` from loading it, so the deployed app shows no icon.
    case atsBlocked = "ats-blocked"
    /// Icon-loading area.
    case mask, redirect, http, credentials, status, headers, slow, cache
    case imageFormat = "image-format"
}

/// One vector's metadata. Paths are relative to `Vectors/`.
public struct VectorMetadata: Codable, Hashable, Sendable {
    /// Stable identity, never renamed: `<area>/<group>/<name>`.
    public var id: String
    public var area: VectorArea
    public var group: VectorGroup
    /// The input file, byte-exact (`.bplist` for plist/attribute, `.fields.json` for attribute write-input
    /// vectors, `.appinfo` for icons, `.site.json` for icon-loading, `.plan` for fs).
    public var input: String
    /// The expected result (`<name>.json`); absent for invalid and most implementation-defined vectors.
    public var expected: String?
    public var description: String
    /// Which rule, e.g. `bplist.trailer.offset-size`.
    public var spec: String
    public var level: VectorLevel
    public var tags: [VectorTag]
    /// The suite version that introduced the vector.
    public var since: String
    /// For invalid vectors: the one fault's category.
    public var error: VectorErrorCategory?
    /// How the bytes were made: `generator: <Family>` or a sentence for hand-made vectors.
    public var made: String
    /// Further files the vector needs besides `input` and `expected`, relative to `Vectors/` like them
    /// (icon-loading: the bodies its site serves and the source image). Absent for the other areas.
    public var files: [String]?
    /// For `required` vectors: the hazard of the requirement `spec` names, copied from its `Hazard:` line in
    /// Docs/spec.md by the generator (the spec is the one source). Absent for other levels.
    public var hazard: Hazard?

    public init(
        id: String, area: VectorArea, group: VectorGroup, input: String, expected: String?,
        description: String, spec: String, level: VectorLevel, tags: [VectorTag], since: String,
        error: VectorErrorCategory?, made: String, files: [String]? = nil, hazard: Hazard? = nil
    ) {
        self.id = id
        self.area = area
        self.group = group
        self.input = input
        self.expected = expected
        self.description = description
        self.spec = spec
        self.level = level
        self.tags = tags
        self.since = since
        self.error = error
        self.made = made
        self.files = files
        self.hazard = hazard
    }
}

extension VectorMetadata {
    /// The input suffix of a write-input vector: an attribute vector whose input is `write-attribute`'s standard
    /// input (a field object, byte-exact) instead of an attribute value (Docs/vectors.md, "Write-input vectors").
    public static let writeInputSuffix = ".fields.json"

    /// Whether this is a write-input vector: area `attribute`, input `<id>.fields.json`. It yields one case,
    /// `<id>#write`, and no `read-attribute` case.
    public var isWriteInput: Bool { area == .attribute && input.hasSuffix(Self.writeInputSuffix) }

    /// Every file the entry names: input, expected and further files (relative to `Vectors/`).
    public var paths: [String] { [input] + (expected.map { [$0] } ?? []) + (files ?? []) }
}

/// `Vectors/manifest.json`.
public struct Manifest: Codable, Hashable, Sendable {
    public var suiteVersion: String
    public var vectors: [VectorMetadata]

    public init(suiteVersion: String, vectors: [VectorMetadata]) {
        self.suiteVersion = suiteVersion
        self.vectors = vectors
    }
}
