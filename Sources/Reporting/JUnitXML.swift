// Sources/Reporting/JUnitXML.swift - JUnit XML for one implementation, for CI systems

import ConformanceModel
import ReportFormatting

/// Renders one implementation's results as JUnit XML (one `<testsuite>` per area).
///
/// Deviations are `<failure>`, crashes `<error>`, `n/a` and known failures `<skipped>`;
/// implementation-defined outcomes pass and say which way they went in `<system-out>`.
public enum JUnitXML {
    /// The whole document.
    public static func render(_ run: ImplementationRun, provenance: Provenance) -> String {
        let name = "x-document-source conformance: \(run.implementation.name)"
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(Escaping.xml(name))\" tests=\"\(run.results.count)\">\n"
        for area in VectorArea.allCases {
            let results = run.results.filter { $0.area == area }
            // An area the implementation has no call for at all is left out rather than all skipped.
            guard !results.isEmpty, results.contains(where: { $0.outcome != .notApplicable }) else { continue }
            out += suite(area, results, run: run, provenance: provenance)
        }
        return out + "</testsuites>\n"
    }

    static func suite(_ area: VectorArea, _ results: [VectorResult], run: ImplementationRun, provenance: Provenance)
        -> String
    {
        let failures = results.filter { $0.outcome.isDeviation && $0.outcome != .crash && $0.knownFailure == nil }
        let errors = results.filter { $0.outcome == .crash && $0.knownFailure == nil }
        let skipped = results.filter { $0.outcome == .notApplicable || $0.knownFailure != nil }
        var out = "<testsuite name=\"\(Escaping.xml(run.implementation.name)).\(area.rawValue)\""
        out += " tests=\"\(results.count)\" failures=\"\(failures.count)\" errors=\"\(errors.count)\""
        out += " skipped=\"\(skipped.count)\" timestamp=\"\(Escaping.xml(provenance.date))\">\n"
        out += "<properties>\n"
        for (key, value) in [
            ("implementation.version", run.implementation.version), ("suite.version", provenance.suiteVersion),
            ("vectors.digest", provenance.vectorDigest), ("command", provenance.command),
        ] {
            out += "<property name=\"\(key)\" value=\"\(Escaping.xml(value))\"/>\n"
        }
        out += "</properties>\n"
        for result in results { out += testcase(result) }
        return out + "</testsuite>\n"
    }

    static func testcase(_ result: VectorResult) -> String {
        var out = "<testcase classname=\"\(result.area.rawValue).\(result.group.rawValue)\""
        out += " name=\"\(Escaping.xml(result.caseID))\">\n"
        let detail = "expected: \(result.expected)\nactual: \(result.actual)\nstderr: \(result.diagnostics)"
        if let reason = result.knownFailure {
            out += "<skipped message=\"\(Escaping.xml("known failure (\(result.outcome.rawValue)): \(reason)"))\"/>\n"
        } else if result.outcome == .notApplicable {
            out += "<skipped message=\"n/a\"/>\n"
        } else if result.outcome == .crash {
            var message = "crash"
            if let status = result.exitStatus { message += ", exit status \(status)" }
            if let signal = result.signal { message += ", signal \(signal)" }
            out += "<error message=\"\(Escaping.xml(message))\" type=\"crash\">\(Escaping.xml(detail))</error>\n"
        } else if result.outcome.isDeviation {
            out += "<failure message=\"\(result.outcome.rawValue)\" type=\"\(result.outcome.rawValue)\">"
            out += "\(Escaping.xml(detail))</failure>\n"
        } else if result.outcome != .pass {
            out += "<system-out>\(result.outcome.rawValue)</system-out>\n"
        }
        return out + "</testcase>\n"
    }
}
