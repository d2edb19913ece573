// Sources/Conformance/Conformance.swift - Vectors and runner (placeholder, see issue 5)

/// The suite's version, recorded in every report and manifest.
public let suiteVersion = "0.1.0"
