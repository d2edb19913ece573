// Tests/BuiltInPeersTests/WriteInputVectorTests.swift - The write-input vectors against the Swift writers

import BuiltInPeers
import ChildProcess
import ConformanceModel
import ConformanceRunner
import Foundation
import TestSupport
import Testing

/// The write-input vectors (`attribute/*/write-input-*`, Docs/vectors.md) run through the one field-object reader
/// of every Swift writer: the in-process reference, `xds write-attribute` as an adapter, and the original's
/// `writeToURL:` (`xds-adapter-foundation original`).
@Suite struct WriteInputVectorTests {
    private let locations = BuiltInLocations(
        xds: BuiltProducts.path(of: "xds"), foundationAdapter: BuiltProducts.path(of: "xds-adapter-foundation"),
        python: "python3",
        plistlibAdapter: BuiltProducts.packageRoot.path + "/Sources/BuiltInPeers/plistlib/xds_adapter_plistlib.py")

    private static func cases() throws -> [ConformanceCase] {
        let vectors = try VectorDirectory.load(directory: BuiltProducts.packageRoot.path + "/Vectors").vectors
        return ConformanceCase.all(vectors.filter(\.metadata.isWriteInput))
    }

    private func run(_ implementations: [any Implementation]) throws -> [[String: VectorResult]] {
        let work = try #require(RunEnvironment.makeWorkDirectory())
        defer { try? FileManager.default.removeItem(atPath: work) }
        let runs = Runner(judge: Judge(workDirectory: work), jobs: 2).run(try Self.cases(), on: implementations)
        return runs.map { run in Dictionary(uniqueKeysWithValues: run.results.map { ($0.caseID, $0) }) }
    }

    @Test func theVectorsAreWriteCasesOnly() throws {
        let ids = try Self.cases().map(\.id).sorted()
        #expect(
            ids == [
                "attribute/invalid/write-input-appinfourl-bad-percent#write",
                "attribute/invalid/write-input-appinfourl-empty-host#write",
                "attribute/invalid/write-input-appinfourl-http#write",
                "attribute/invalid/write-input-appinfourl-http-loopback#write",
                "attribute/invalid/write-input-appinfourl-port-not-a-number#write",
                "attribute/invalid/write-input-appinfourl-port-out-of-range#write",
                "attribute/invalid/write-input-appinfourl-relative#write",
                "attribute/invalid/write-input-appinfourl-space#write",
                "attribute/invalid/write-input-appinfourl-space-after-escape#write",
                "attribute/invalid/write-input-appinfourl-userinfo#write",
                "attribute/invalid/write-input-extra-key#write",
                "attribute/invalid/write-input-missing-appinfourl#write",
                "attribute/invalid/write-input-missing-identifier#write",
                "attribute/invalid/write-input-missing-name#write",
                "attribute/invalid/write-input-missing-path#write", "attribute/invalid/write-input-repeated-key#write",
                "attribute/valid/write-input-appinfourl-every-uri-character#write",
                "attribute/valid/write-input-appinfourl-ipv6-host#write",
                "attribute/valid/write-input-appinfourl-port-65535#write",
                "attribute/valid/write-input-appinfourl-port-and-escape#write",
                "attribute/valid/write-input-four-keys#write",
            ])
        #expect(try Self.cases().allSatisfy { $0.kind == .writeAttribute })
    }

    @Test func theReferenceAndXDSAsAnAdapterPassEveryOneAndNameTheKey() throws {
        let limits = ProcessLimits(timeout: 30)
        let xds = locations.xds
        let adapter = ProcessImplementation(
            info: ImplementationInfo(
                name: "xds", title: "xds", version: "test", kind: "adapter", command: xds,
                capabilities: [AdapterCall.writeAttribute.rawValue]),
            command: [xds], limits: limits)
        let runs = try run([ReferenceImplementation(version: "test"), adapter])
        for (id, result) in runs[0] {
            #expect(result.outcome == .pass, "reference \(id): \(result.diagnostics)")
            #expect(runs[1][id]?.outcome == .pass, "xds \(id): \(runs[1][id]?.diagnostics ?? "")")
        }
        // The refusal names the problem, the same words in process and as a command.
        let named = [
            "extra-key": #"key "version" (byte "#, "repeated-key": #"gives key "name" twice"#,
            "missing-identifier": #"no "identifier" key"#, "missing-name": #"no "name" key"#,
            "missing-path": #"no "path" key"#, "missing-appinfourl": #"no "appInfoURL" key"#,
            "appinfourl-http": "http is not https", "appinfourl-http-loopback": "http is not https",
            "appinfourl-relative": "not an absolute URL (no scheme)",
            "appinfourl-empty-host": "empty host", "appinfourl-space": "character ' ' (U+0020) at offset 30",
            "appinfourl-bad-percent": "'%' not followed by two hex digits at offset 27",
            "appinfourl-userinfo": "userinfo (user@host) is refused", "appinfourl-port-not-a-number": "port 'https'",
            "appinfourl-port-out-of-range": "port 65536 is out of range",
        ]
        for (name, words) in named {
            let id = "attribute/invalid/write-input-\(name)#write"
            for run in runs {
                #expect(run[id]?.diagnostics.contains(words) == true, "\(id): \(run[id]?.diagnostics ?? "")")
            }
        }
    }

    @Test func theOriginalRefusesExtraAndRepeatedKeysAndRaisesOnAMissingOne() throws {
        let original = try BuiltIn.original.make(
            locations, limits: ProcessLimits(timeout: 30), referenceVersion: "test"
        ).get()
        defer { original.stopServing() }
        let outcomes = try run([original])[0].mapValues { $0.outcome }
        #expect(outcomes["attribute/valid/write-input-four-keys#write"] == .pass)
        #expect(outcomes["attribute/invalid/write-input-extra-key#write"] == .pass)
        #expect(outcomes["attribute/invalid/write-input-repeated-key#write"] == .pass)
        for key in ["identifier", "name", "path", "appinfourl"] {
            #expect(outcomes["attribute/invalid/write-input-missing-\(key)#write"] == .crash, "\(key)")
        }
    }
}
