// Sources/ConformanceModel/ConformanceReport.swift - The JSON source of every conformance report (Docs/reports.md)

/// Where and how a report was made.
public struct Provenance: Codable, Hashable, Sendable {
    public var suiteVersion: String
    /// SHA-256 over the manifest and every vector file, hex.
    public var vectorDigest: String
    public var os: String
    public var kernel: String
    /// The filesystem the runner's temporary files lived on (attribute area).
    public var filesystem: String
    /// ISO 8601 UTC.
    public var date: String
    /// The exact command line that produced the report.
    public var command: String

    public init(
        suiteVersion: String, vectorDigest: String, os: String, kernel: String, filesystem: String,
        date: String, command: String
    ) {
        self.suiteVersion = suiteVersion
        self.vectorDigest = vectorDigest
        self.os = os
        self.kernel = kernel
        self.filesystem = filesystem
        self.date = date
        self.command = command
    }
}

/// An implementation under test.
public struct ImplementationInfo: Codable, Hashable, Sendable {
    /// Short stable name, e.g. `reference`, `libplist`, `foundation-serialization`, `plistlib`.
    public var name: String
    /// Human title for report columns, e.g. `Foundation PropertyListSerialization`.
    public var title: String
    public var version: String
    /// `built-in` or `adapter`.
    public var kind: String
    /// The adapter command, for adapters.
    public var command: String?
    /// The adapter calls it supports (Docs/conformance.md names).
    public var capabilities: [String]

    public init(
        name: String, title: String, version: String, kind: String, command: String?, capabilities: [String]
    ) {
        self.name = name
        self.title = title
        self.version = version
        self.kind = kind
        self.command = command
        self.capabilities = capabilities
    }
}

/// One implementation meeting one vector (for icons: one vector at one scale).
public struct VectorResult: Codable, Hashable, Sendable {
    /// The manifest id, with `@scale=N` appended for icon cases and `#encode` for encoder checks.
    public var caseID: String
    public var vectorID: String
    public var area: VectorArea
    public var group: VectorGroup
    public var level: VectorLevel
    public var outcome: Outcome
    /// What was expected, one line.
    public var expected: String
    /// What the implementation produced: stdout, non-UTF-8 bytes escaped as `\xNN`, capped.
    public var actual: String
    /// Standard error, escaped and capped.
    public var diagnostics: String
    public var exitStatus: Int32?
    public var signal: Int32?
    /// Set when the vector is on the implementation's known-failure list: the list's reason.
    public var knownFailure: String?

    public init(
        caseID: String, vectorID: String, area: VectorArea, group: VectorGroup, level: VectorLevel,
        outcome: Outcome, expected: String, actual: String, diagnostics: String, exitStatus: Int32?,
        signal: Int32?, knownFailure: String?
    ) {
        self.caseID = caseID
        self.vectorID = vectorID
        self.area = area
        self.group = group
        self.level = level
        self.outcome = outcome
        self.expected = expected
        self.actual = actual
        self.diagnostics = diagnostics
        self.exitStatus = exitStatus
        self.signal = signal
        self.knownFailure = knownFailure
    }
}

/// Every result of one implementation.
public struct ImplementationRun: Codable, Hashable, Sendable {
    public var implementation: ImplementationInfo
    public var results: [VectorResult]

    public init(implementation: ImplementationInfo, results: [VectorResult]) {
        self.implementation = implementation
        self.results = results
    }
}

/// `Reports/conformance.json`.
public struct ConformanceReport: Codable, Hashable, Sendable {
    public var provenance: Provenance
    public var runs: [ImplementationRun]

    public init(provenance: Provenance, runs: [ImplementationRun]) {
        self.provenance = provenance
        self.runs = runs
    }
}
