// Tests/BuiltInPeersTests/ExceptionPolicyTests.swift - The built-in plistlib adapter follows the one exception policy

import BuiltInPeers
import ChildProcess
import ConformanceModel
import ConformanceRunner
import Foundation
import TestSupport
import Testing

/// Docs/conformance.md, "Exceptions, stack overflow, out of memory": a rejection is only the library's documented
/// refusal; a recursion guard or an undocumented exception is a crash (exit 70) marked by a `policy:` line.
@Suite struct ExceptionPolicyTests {
    private let locations = BuiltInLocations(
        xds: BuiltProducts.path(of: "xds"), foundationAdapter: BuiltProducts.path(of: "xds-adapter-foundation"),
        python: "python3",
        plistlibAdapter: BuiltProducts.packageRoot.path + "/Sources/BuiltInPeers/plistlib/xds_adapter_plistlib.py")

    private func call(_ request: AdapterRequest) throws -> CallResult {
        try BuiltIn.plistlib.make(locations, limits: ProcessLimits(timeout: 60), referenceVersion: "test").get()
            .perform(request)
    }

    private func vector(_ path: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: BuiltProducts.packageRoot.path + "/Vectors/" + path)))
    }

    /// plistlib's documented InvalidFileException: a rejection, with no policy line (nothing rests on the policy).
    @Test func theDocumentedExceptionIsARejection() throws {
        let result = try call(.decode(vector("plist/invalid/one-byte.bplist")))
        #expect(result.verdict == .rejected)
        #expect(!String(decoding: result.stderr, as: UTF8.self).contains("policy: "))
    }

    /// CPython's RecursionError inside plistlib on 10,000 nested arrays: a crash, exit 70, marked.
    @Test func theRecursionGuardIsACrash() throws {
        let result = try call(.decode(vector("plist/regressions/nesting-10000.bplist")))
        #expect(result.termination == .exited(70))
        #expect(result.verdict == .crashed)
        let diagnostics = String(decoding: result.stderr, as: UTF8.self)
        #expect(diagnostics.hasPrefix("policy: recursion-limit\n"), "\(diagnostics)")
    }
}
