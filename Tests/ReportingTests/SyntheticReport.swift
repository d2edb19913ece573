// Tests/ReportingTests/SyntheticReport.swift - A small report with every outcome, hostile text and three columns

import ConformanceModel
import Reporting

enum SyntheticReport {
    static let hostile = "<script>alert('x')</script> & \\xff\\xfe | `tick` \u{1}"

    static func result(
        _ caseID: String, _ area: VectorArea, _ group: VectorGroup, _ outcome: Outcome, actual: String = "{}",
        diagnostics: String = "", exit: Int32? = 0, signal: Int32? = nil, known: String? = nil
    ) -> VectorResult {
        VectorResult(
            caseID: caseID, vectorID: caseID.split(separator: "@").first.map(String.init) ?? caseID, area: area,
            group: group, level: group == .implementationDefined ? .implementationDefined : .required,
            outcome: outcome, expected: "expected for \(caseID)", actual: actual, diagnostics: diagnostics,
            exitStatus: exit, signal: signal, knownFailure: known)
    }

    static let implementations = [
        ImplementationInfo(
            name: "reference", title: "Reference (xds)", version: "0.1.0", kind: "built-in", command: nil,
            capabilities: ["decode", "encode"]),
        ImplementationInfo(
            name: "libplist", title: "libplist 2.2 C API", version: "2.2.0-6+b2", kind: "built-in", command: nil,
            capabilities: ["decode"]),
        ImplementationInfo(
            name: "evil<&>", title: "Adapter <b>&amp;</b>", version: "1 & 2", kind: "adapter",
            command: "./adapter --flag \"x\"", capabilities: ["decode"]),
    ]

    static let report: ConformanceReport = {
        let reference = [
            result("plist/valid/a", .plist, .valid, .pass),
            result("plist/valid/b", .plist, .valid, .pass),
            result("plist/invalid/c", .plist, .invalid, .pass, exit: 1),
            result("plist/implementation-defined/d", .plist, .implementationDefined, .implementationDefinedAccepted),
            result("icons/valid/e@scale=2", .icons, .valid, .pass),
        ]
        let libplist = [
            result("plist/valid/a", .plist, .valid, .pass),
            result("plist/valid/b", .plist, .valid, .shouldHaveAccepted, actual: "", diagnostics: hostile, exit: 1),
            result("plist/invalid/c", .plist, .invalid, .shouldHaveRejected, actual: hostile),
            result(
                "plist/implementation-defined/d", .plist, .implementationDefined, .implementationDefinedRejected,
                exit: 1),
            result("icons/valid/e@scale=2", .icons, .valid, .notApplicable, exit: nil),
        ]
        let evil = [
            result("plist/valid/a", .plist, .valid, .pass),
            result("plist/valid/b", .plist, .valid, .wrongValue, actual: "{\"a\":1}", known: "tracked in #1 <b>"),
            result("plist/invalid/c", .plist, .invalid, .crash, actual: "", exit: nil, signal: 11),
            result("plist/implementation-defined/d", .plist, .implementationDefined, .implementationDefinedAccepted),
            result("icons/valid/e@scale=2", .icons, .valid, .pass),
        ]
        return ConformanceReport(
            provenance: Provenance(
                suiteVersion: "0.1.0", vectorDigest: "ab12", os: "Debian 12", kernel: "6.1.0", filesystem: "tmpfs",
                date: "2026-11-30T04:00:00Z", command: "xds conformance --vectors Vectors <&>"),
            runs: zip(implementations, [reference, libplist, evil]).map {
                ImplementationRun(implementation: $0.0, results: $0.1)
            })
    }()
}

extension SyntheticReport {
    /// The main page and every per-area details page, one after another (for checks that span them).
    static func allHTML(_ report: ConformanceReport, vectors: VectorLibrary? = nil) -> String {
        ConformanceHTML.render(report, vectors: vectors)
            + ConformanceHTML.detailPages(report, vectors: vectors).map(\.1).joined()
    }
}
