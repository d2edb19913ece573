// Sources/FilesystemHarness/MatrixReport.swift - The model of Reports/filesystems.json

/// Where and with what the matrix ran.
public struct MatrixProvenance: Codable, Hashable, Sendable {
    public var xdsVersion: String
    public var command: String
    public var date: String
    public var kernel: String
    public var os: String
    /// Tool name → its `--version` line.
    public var tools: [String: String]
}

/// One filesystem: how it was made and what `fs-probe` measured on it.
public struct MatrixFilesystemResult: Codable, Hashable, Sendable {
    public var label: String
    public var description: String
    public var options: String
    public var probe: ProbeResult?
    /// Why it could not be mounted or probed, when it could not.
    public var failure: String?
}

/// What one tool did to the attribute.
public struct SurvivalCell: Codable, Hashable, Sendable {
    public var operation: String
    public var source: String
    public var destination: String
    public var valueSize: Int
    public var exitStatus: Int32
    /// The tool's standard error, trimmed and cut to 300 characters.
    public var message: String
    /// `kept` (byte-identical), `lost`, `changed`, or `no-file` (nothing at the expected place).
    public var result: String
    /// Whether the original file is still there afterwards (false after `mv`, rename, link + unlink):
    /// a loss with the source gone cannot be undone.
    public var sourceRemains: Bool

    public var kept: Bool { result == "kept" }
    /// Lost while the tool exited 0 without a word.
    public var silentLoss: Bool { !kept && exitStatus == 0 && message.isEmpty }

    /// ✓ kept; ✗ silent (exit 0, no message); ✗ warned (exit 0 with a message); ✗ exit N; a loss
    /// whose source is gone as well says so.
    public var mark: String {
        if kept { return "✓" }
        let gone = sourceRemains ? "" : ", source gone"
        if silentLoss { return "✗ silent" + gone }
        return (exitStatus == 0 ? "✗ warned" : "✗ exit \(exitStatus)") + gone
    }
}

/// One writer/reader pair on one filesystem.
public struct RoundTripCell: Codable, Hashable, Sendable {
    /// `bytes` (raw attribute values) or `fields` (the adapter protocol's JSON fields).
    public var level: String
    public var filesystem: String
    public var writer: String
    public var reader: String
    public var valueSize: Int
    public var preserved: Bool
    /// What went wrong, empty when `preserved`.
    public var detail: String
}

/// An implementation the matrix could not use for round trips, and why.
public struct UnavailableImplementation: Codable, Hashable, Sendable {
    public var name: String
    public var reason: String
}

/// Reports/filesystems.json.
public struct FilesystemMatrixReport: Codable, Hashable, Sendable {
    public var provenance: MatrixProvenance
    public var filesystems: [MatrixFilesystemResult]
    public var roundTrips: [RoundTripCell]
    public var unavailableImplementations: [UnavailableImplementation]
    public var survival: [SurvivalCell]
    public var ontoSmaller: [SurvivalCell]
}
