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
    /// The adapter command, for adapters: the words run (relative paths and the program resolved; `ReportPaths`
    /// rewrites paths inside the run's directory relative to it again).
    public var command: String?
    /// `--cmd` as the user typed it, for adapters; absent in reports made before it was recorded.
    public var typedCommand: String?
    /// The directory `xds conformance` ran in, which `typedCommand`'s relative paths name files in; for adapters,
    /// absent in reports made before it was recorded.
    public var directory: String?
    /// The adapter calls it supports (Docs/conformance.md names).
    public var capabilities: [String]
    /// One line on how the adapter maps the library's API (which call; what is a rejection, what a crash).
    public var note: String?

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
    /// The manifest id, with `@scale=N` appended for icon cases, `#encode` and `#canonical` for encoder checks and
    /// `#write` for attribute writes.
    public var caseID: String
    public var vectorID: String
    public var area: VectorArea
    public var group: VectorGroup
    /// The case's level (`ConformanceCase.level`): the vector's, except that a `#canonical` case is at most
    /// recommended.
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
    /// icon-loading: the PNG the implementation produced, base64 (the HTML report shows it).
    public var picture: String?
    /// icon-loading: the source image the icon must be made from, base64.
    public var sourcePicture: String?
    /// The vector's hazard (`VectorMetadata.hazard`), for `required` vectors; absent in older reports.
    public var hazard: Hazard?
    /// For a `crash`: how it ended; absent in older reports (`effectiveCrashKind` then reads it from the rest).
    public var crashKind: CrashKind?

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
    /// The per-requirement view (Docs/spec.md's clauses, their vectors, each run's verdict); absent in
    /// reports made before it existed.
    public var requirements: [RequirementResult]?
    /// Optional built-in peers asked for but not installed here (`make peers`), each with why.
    public var notInstalled: [NotInstalledImplementation]?

    public init(provenance: Provenance, runs: [ImplementationRun], requirements: [RequirementResult]? = nil) {
        self.provenance = provenance
        self.runs = runs
        self.requirements = requirements
    }
}

/// An optional built-in peer that was asked for but cannot run here: listed, never a failure.
public struct NotInstalledImplementation: Codable, Hashable, Sendable {
    public var name: String
    public var reason: String

    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }
}
