// Tests/ConformanceRunnerTests/ReportPathsTests.swift - Reports carry no machine-specific absolute paths

import ConformanceModel
import ConformanceRunner
import Foundation
import Testing

@Suite struct ReportPathsTests {
    @Test func checkoutTemporaryAndProgramPathsAreRewritten() {
        var paths = ReportPaths(workDirectory: "/tmp/xds-conformance.Ab12Cd")
        paths.checkout = "/work/checkout"
        #expect(
            paths.command(
                "/usr/bin/env SWIFT_BACKTRACE=enable=no /work/checkout/.build/release/xds adapter-libplist")
                == "/usr/bin/env SWIFT_BACKTRACE=enable=no .build/release/xds adapter-libplist")
        #expect(
            paths.command("/root/.pyenv/versions/3.11.7/bin/python3 -S /work/checkout/Sources/Adapters/a.py")
                == "python3 -S Sources/Adapters/a.py")
        #expect(
            paths.text("cannot open /tmp/xds-conformance.Ab12Cd/f-1 in /tmp/xds-call.Zz9Yy8/x")
                == "cannot open $TMPDIR/xds-conformance/f-1 in $TMPDIR/xds-call/x")
        let provenance = Provenance(
            suiteVersion: "1", vectorDigest: "d", os: "o", kernel: "k", filesystem: "f", date: "d",
            command: "xds conformance --vectors /work/checkout/Vectors")
        let report = paths.apply(to: ConformanceReport(provenance: provenance, runs: []))
        #expect(report.provenance.command == "xds conformance --vectors Vectors")
    }
}
