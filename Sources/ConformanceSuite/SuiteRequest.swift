// Sources/ConformanceSuite/SuiteRequest.swift - What a conformance run is asked to do, checked by its caller

import BuiltInPeers
import ChildProcess
import ConformanceModel

/// The inputs of one conformance run: the vectors, the implementations, the known-failure lists and the limits.
/// Where the reports go and how the summary is printed are the caller's.
public struct SuiteRequest: Sendable {
    /// The vector set's directory.
    public var vectors: String
    /// The built-in implementations, in run order.
    public var builtIns: [BuiltIn]
    /// The adapter command's words, or nil for built-ins only.
    public var adapter: [String]?
    /// The adapter's name in reports.
    public var adapterName: String
    public var filter: CaseFilter
    /// `--known-failures`: the list for the adapter, or for the single built-in.
    public var knownFailures: String?
    /// The built-ins' lists, `DIR/<impl>.txt`; nil for the lists shipped with the tool.
    public var knownFailuresDirectory: String?
    /// Writes every deviation as a list to this path (`{impl}` replaced by the implementation's name).
    public var writeKnownFailures: String?
    public var limits: ProcessLimits
    public var jobs: Int
    /// Answer through `CMD serve` where an implementation declares it.
    public var serve: Bool
    /// The reference's version, as the built-in reference reports it.
    public var referenceVersion: String
    /// The command line, for the report's provenance.
    public var arguments: [String]

    public init(
        vectors: String, builtIns: [BuiltIn], adapter: [String]?, adapterName: String, filter: CaseFilter,
        knownFailures: String?, knownFailuresDirectory: String?, writeKnownFailures: String?, limits: ProcessLimits,
        jobs: Int, serve: Bool, referenceVersion: String, arguments: [String]
    ) {
        self.vectors = vectors
        self.builtIns = builtIns
        self.adapter = adapter
        self.adapterName = adapterName
        self.filter = filter
        self.knownFailures = knownFailures
        self.knownFailuresDirectory = knownFailuresDirectory
        self.writeKnownFailures = writeKnownFailures
        self.limits = limits
        self.jobs = jobs
        self.serve = serve
        self.referenceVersion = referenceVersion
        self.arguments = arguments
    }
}
