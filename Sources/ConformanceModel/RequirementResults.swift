// Sources/ConformanceModel/RequirementResults.swift - The per-requirement view: each Docs/spec.md clause, its vectors, each result

/// What one implementation's cases say about one requirement.
public enum RequirementVerdict: String, Codable, CaseIterable, Hashable, Sendable {
    /// A required-level case deviates, or any case crashes: the implementation breaks the requirement.
    case breaks
    /// Only recommended-level cases deviate.
    case missesRecommendation = "misses-recommendation"
    /// No required- or recommended-level case deviates and nothing crashes (implementation-defined
    /// vectors may still differ from the reference's reading; they are listed, never held against it).
    case meets
    /// No case of the requirement applies to the implementation (it lacks the call), or none exists.
    case notApplicable = "n/a"

    /// A glyph, so that reports never rely on colour alone.
    public var glyph: String {
        switch self {
        case .breaks: return "✗"
        case .missesRecommendation: return "△"
        case .meets: return "✓"
        case .notApplicable: return "–"
        }
    }

    /// For people: `breaks`, `misses the recommendation`, `meets`, `not applicable`.
    public var phrase: String {
        switch self {
        case .breaks: return "breaks"
        case .missesRecommendation: return "misses the recommendation"
        case .meets: return "meets"
        case .notApplicable: return "not applicable"
        }
    }
}

/// One case that deviates from a requirement's vector.
public struct RequirementDeviation: Codable, Hashable, Sendable {
    public var caseID: String
    public var level: VectorLevel
    public var outcome: Outcome
    /// Whether the implementation's known-failure list names it.
    public var known: Bool
    /// The deviation's class (`VectorResult.severity`); absent in older reports.
    public var severity: Severity?

    public init(caseID: String, level: VectorLevel, outcome: Outcome, known: Bool, severity: Severity? = nil) {
        self.caseID = caseID
        self.level = level
        self.outcome = outcome
        self.known = known
        self.severity = severity
    }
}

/// One implementation against one requirement.
public struct RequirementImplementationResult: Codable, Hashable, Sendable {
    /// The implementation's `name`.
    public var implementation: String
    public var verdict: RequirementVerdict
    /// Cases judged (not `n/a`).
    public var cases: Int
    /// Judged cases that did not deviate.
    public var passed: Int
    /// Every deviating case, worst first.
    public var deviations: [RequirementDeviation]

    public init(
        implementation: String, verdict: RequirementVerdict, cases: Int, passed: Int,
        deviations: [RequirementDeviation]
    ) {
        self.implementation = implementation
        self.verdict = verdict
        self.cases = cases
        self.passed = passed
        self.deviations = deviations
    }
}

/// One requirement of Docs/spec.md with its vectors and every implementation's result.
public struct RequirementResult: Codable, Hashable, Sendable {
    /// The requirement id (the vectors' `spec`).
    public var id: String
    /// Its section in Docs/spec.md (nil when the report was made without the document, or the document
    /// lacks the id).
    public var section: String?
    /// Its one-line summary in Docs/spec.md.
    public var summary: String?
    /// `MUST`, `SHOULD` or `MAY`: the strongest key word of the requirement.
    public var strength: String?
    /// Why no vector tests it, when the document says so.
    public var untested: String?
    /// Its `Hazard:` line; absent in older reports and for requirements without `required` vectors.
    public var hazard: Hazard?
    /// Whether every case judges it (`Scope: every vector`, e.g. `security.no-crash`: any crash breaks it).
    public var coversEveryVector: Bool?
    /// The ids of the vectors whose `spec` is this requirement, in manifest order.
    public var vectors: [String]
    /// One entry per implementation, in report order.
    public var results: [RequirementImplementationResult]

    public init(
        id: String, section: String?, summary: String?, strength: String?, untested: String?, vectors: [String],
        results: [RequirementImplementationResult]
    ) {
        self.id = id
        self.section = section
        self.summary = summary
        self.strength = strength
        self.untested = untested
        self.vectors = vectors
        self.results = results
    }

    /// `§2.4 attribute.fields.string-only (MUST): Values of other types are ignored.`, or the bare id.
    public var citation: String {
        var text = section.map { "§\($0) \(id)" } ?? id
        if let strength { text += " (\(strength))" }
        if let summary { text += ": \(summary)" }
        return text
    }

    /// The result of the implementation named `name`.
    public func result(for name: String) -> RequirementImplementationResult? {
        results.first { $0.implementation == name }
    }
}

/// Builds the per-requirement view of a report.
public enum RequirementResults {
    /// Every requirement of `document` (in its order), then every `spec` id of `vectors` it does not
    /// define (sorted), each with its vectors and each run's verdict. Without a document, the ids of the
    /// vectors alone, with no section or summary.
    public static func build(
        runs: [ImplementationRun], vectors: [VectorMetadata], document: SpecificationDocument?
    ) -> [RequirementResult] {
        var vectorsBySpec: [String: [String]] = [:]
        var specByVector: [String: String] = [:]
        for vector in vectors where vector.area != .fs {
            vectorsBySpec[vector.spec, default: []].append(vector.id)
            specByVector[vector.id] = vector.spec
        }
        let documented = document?.requirements ?? []
        let documentedIDs = Set(documented.map(\.id))
        let undocumented = vectorsBySpec.keys.filter { !documentedIDs.contains($0) }.sorted()
        var resultsBySpec: [String: [[VectorResult]]] = [:]
        var everyResult = Array(repeating: [VectorResult](), count: runs.count)
        for (index, run) in runs.enumerated() {
            for result in run.results where result.area != .fs {
                everyResult[index].append(result)
                guard let spec = specByVector[result.vectorID] else { continue }
                var perRun = resultsBySpec[spec] ?? Array(repeating: [], count: runs.count)
                perRun[index].append(result)
                resultsBySpec[spec] = perRun
            }
        }
        func entry(_ id: String, _ requirement: Requirement?) -> RequirementResult {
            let everyVector = requirement?.coversEveryVector ?? false
            let perRun = everyVector ? everyResult : resultsBySpec[id] ?? Array(repeating: [], count: runs.count)
            var entry = RequirementResult(
                id: id, section: requirement?.section, summary: requirement?.summary,
                strength: requirement?.strength.rawValue, untested: requirement?.untestedReason,
                vectors: vectorsBySpec[id] ?? [],
                results: zip(runs, perRun).map {
                    judge($0.1, implementation: $0.0.implementation.name, crashesOnly: everyVector)
                })
            entry.hazard = requirement?.hazard
            entry.coversEveryVector = everyVector ? true : nil
            return entry
        }
        return documented.map { entry($0.id, $0) } + undocumented.map { entry($0, nil) }
    }

    /// The verdict of one implementation over one requirement's cases; with `crashesOnly` (a requirement of
    /// every vector, `security.no-crash`) only crashes deviate.
    public static func judge(
        _ results: [VectorResult], implementation: String, crashesOnly: Bool = false
    ) -> RequirementImplementationResult {
        let judged = results.filter { $0.outcome != .notApplicable }
        let deviations = judged.filter { crashesOnly ? $0.outcome == .crash : $0.outcome.isDeviation }
            .sorted { ($0.outcome, $0.caseID) < ($1.outcome, $1.caseID) }
            .map {
                RequirementDeviation(
                    caseID: $0.caseID, level: $0.level, outcome: $0.outcome, known: $0.knownFailure != nil,
                    severity: $0.severity)
            }
        let verdict: RequirementVerdict
        if judged.isEmpty {
            verdict = .notApplicable
        } else if deviations.contains(where: { $0.level == .required || $0.outcome == .crash }) {
            verdict = .breaks
        } else if deviations.contains(where: { $0.level == .recommended }) {
            verdict = .missesRecommendation
        } else {
            verdict = .meets
        }
        return RequirementImplementationResult(
            implementation: implementation, verdict: verdict, cases: judged.count,
            passed: judged.count - deviations.count, deviations: deviations)
    }
}
