// Sources/VectorGenerators/IconsRegressionCases.swift - icons/regressions: appInfo.json fuzz findings (Docs/fuzzing.md)

import ConformanceModel

/// The regression vectors of the appInfo.json fuzz targets' findings (`FuzzIconSelection`, `FuzzAppInfoParser`):
/// each minimised finding's appInfo.json body (the option byte stripped), kept as hex so that `make vectors`
/// reproduces it, with the value Foundation's `JSONSerialization` reads from it (nil: none). `IconsOracle` computes
/// the outcomes for both profiles at scales 1, 2 and 3 from that value, as for every icons vector, and
/// `ReferenceAgreementTests` holds the `Icons` module to them; `RegressionReplay` replays the bytes through the
/// icon-selection oracle at every scale and profile.
enum IconsRegressionCases {
    static let made =
        "generator: IconsRegressionCases (fuzz finding, minimised, option byte stripped; bytes kept as hex; "
        + "outcomes from IconsOracle)"

    /// One finding: its body as hex, what Foundation reads from it, and what it caught (one line).
    static func finding(
        _ name: String, hex: String, reads root: JSONValue?, _ description: String, spec: String,
        level: VectorLevel = .required, tags: [VectorTag]
    ) -> GeneratedVector {
        IconsFamily.vector(
            .regressions, name, root, bytes: FuzzRegressionFamily.hex(hex), description, spec: spec, level: level,
            tags: [.fuzz] + tags, made: made)
    }

    static func vectors() -> [GeneratedVector] {
        [
            // FuzzIconSelection, 2026-12-01, option byte 06 (scale 3, recommended). Foundation reads UTF-32LE (a NUL
            // among the first four bytes) and drops the partial last unit (`2c 5d`): the root is `[]`, so the
            // original raises and the recommended profile gives no icon.
            finding(
                "oracle-utf32-text-not-a-trailing-comma", hex: "5b000000 5d000000 2c5d", reads: .array([]),
                "UTF-32LE \"[]\" then the stray bytes \",]\": Foundation reads [] (dropping the partial unit); "
                    + "the icon oracle's UTF-8 byte scan called bytes 8-9 a trailing comma",
                spec: "icons.document", tags: [.rootType, .raises, .malformed])
        ]
    }
}
