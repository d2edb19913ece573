// Sources/ConformanceModel/PolicyVerdicts.swift - Which verdicts rest on the exception/recursion policy

extension VectorResult {
    /// Whether the adapter marked this verdict as resting on the policy of Docs/conformance.md ("Exceptions,
    /// stack overflow, out of memory"): a line of its standard error (ended by LF, CR LF or CR) starts with
    /// `policy: `. Mid-line text is not a marker.
    public var restsOnPolicy: Bool {
        diagnostics.split(whereSeparator: \.isNewline).contains { $0.hasPrefix("policy: ") }
    }
}

extension ImplementationRun {
    /// How many of this run's verdicts rest on the policy.
    public var policyVerdictCount: Int { results.filter(\.restsOnPolicy).count }
}
