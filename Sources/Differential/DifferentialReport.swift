// Sources/Differential/DifferentialReport.swift - Reports/differential.json: the clusters of disagreements

import ConformanceModel

/// What `xds differential` found: provenance, the run's size, and one cluster per signature of disagreement.
public struct DifferentialReport: Codable, Hashable, Sendable {
    /// The tool's version, when and where it ran, the command line.
    public var suiteVersion: String
    public var os: String
    public var kernel: String
    public var date: String
    public var command: String
    /// The corpus directories (or files) as named on the command line.
    public var corpora: [String]
    /// The implementations run, in selection order.
    public var implementations: [DifferentialImplementation]
    /// Built-in peers asked for but not installed: left out, never a failure.
    public var notInstalled: [NotInstalledImplementation]?
    /// Files read, duplicates included.
    public var files: Int
    /// Distinct inputs (by SHA-256) run.
    public var inputs: Int
    /// Inputs on which every implementation with a `decode` call gave the same answer.
    public var agreed: Int
    /// Calls made (inputs × implementations with the call).
    public var calls: Int
    /// Calls run at once, and the run's wall-clock seconds.
    public var jobs: Int
    public var seconds: Double
    /// One per signature, the largest first.
    public var clusters: [Cluster]

    public init(
        suiteVersion: String, os: String, kernel: String, date: String, command: String, corpora: [String],
        implementations: [DifferentialImplementation], notInstalled: [NotInstalledImplementation]?, files: Int,
        inputs: Int, agreed: Int, calls: Int, jobs: Int, seconds: Double, clusters: [Cluster]
    ) {
        self.suiteVersion = suiteVersion
        self.os = os
        self.kernel = kernel
        self.date = date
        self.command = command
        self.corpora = corpora
        self.implementations = implementations
        self.notInstalled = notInstalled
        self.files = files
        self.inputs = inputs
        self.agreed = agreed
        self.calls = calls
        self.jobs = jobs
        self.seconds = seconds
        self.clusters = clusters
    }
}

/// An implementation as the report names it.
public struct DifferentialImplementation: Codable, Hashable, Sendable {
    public var name: String
    public var title: String
    public var version: String
    public var kind: String

    public init(name: String, title: String, version: String, kind: String) {
        self.name = name
        self.title = title
        self.version = version
        self.kind = kind
    }
}

/// All inputs with one signature, and the smallest of them.
public struct Cluster: Codable, Hashable, Sendable {
    /// `d-` and the first 12 hex digits of the SHA-256 of `signature`: stable while the same implementations
    /// split the same way.
    public var id: String
    /// The signature's text (`Signature.text`).
    public var signature: String
    public var sides: [Side]
    /// The decoder rule the reference cites (its rejection category), when it rejects.
    public var rule: String?
    /// How many distinct inputs have this signature.
    public var size: Int
    /// The smallest of them (fewest bytes, then lowest hash).
    public var representative: Representative
    /// Each implementation's answer for the representative, in selection order.
    public var answers: [ImplementationAnswer]

    public init(
        id: String, signature: String, sides: [Side], rule: String?, size: Int, representative: Representative,
        answers: [ImplementationAnswer]
    ) {
        self.id = id
        self.signature = signature
        self.sides = sides
        self.rule = rule
        self.size = size
        self.representative = representative
        self.answers = answers
    }
}

/// A cluster's smallest input.
public struct Representative: Codable, Hashable, Sendable {
    public var sha256: String
    /// Its size in bytes.
    public var size: Int
    /// The files holding it (the first few), as found under the corpora.
    public var paths: [String]
    /// Its bytes as lower-case hex, when at most `hexLimit` bytes; else the first `hexLimit`.
    public var hex: String

    /// Bytes shown in full in the report.
    public static let hexLimit = 1024

    public init(sha256: String, size: Int, paths: [String], hex: String) {
        self.sha256 = sha256
        self.size = size
        self.paths = paths
        self.hex = hex
    }
}

/// One implementation's answer for a representative.
public struct ImplementationAnswer: Codable, Hashable, Sendable {
    public var implementation: String
    /// The side's label: `accept`, `accept (value 2)`, `reject`, `crash (signal)`, `n/a`.
    public var answer: String
    /// The output's start, or how the call ended and the last line of standard error; escaped.
    public var detail: String

    public init(implementation: String, answer: String, detail: String) {
        self.implementation = implementation
        self.answer = answer
        self.detail = detail
    }
}
