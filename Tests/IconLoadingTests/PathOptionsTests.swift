// Tests/IconLoadingTests/PathOptionsTests.swift - Every path option of every command, with a name that is not UTF-8

import AttributeFiles
import DocumentSource
import Foundation
import IconImages
import Testing
import XDSCommands

/// Each command's path options come from the spec its parser uses (`Command.spec.pathOptions`); every one
/// is run here with a name that is not UTF-8 (`p\xFF…`) beside its look-alike (the name its display
/// string spells), and must use exactly its own file or refuse the name (exit 64), never the look-alike.
/// An option added without a case below fails `everyDeclaredPathOptionHasACase`.
@Suite(.serialized) struct PathOptionsTests {
    /// How a case ended: the command used the file, or refused the name as a usage error.
    enum Expectation { case usesTheFile, refusesTheName }

    struct Case: Sendable, CustomStringConvertible {
        var command: String
        var option: String
        var expectation: Expectation
        var description: String { "\(command) \(option)" }
    }

    static let cases: [Case] =
        [
            Case(command: "validate", option: "--bytes", expectation: .usesTheFile),
            Case(command: "icon", option: "-o", expectation: .usesTheFile),
            Case(command: "icon", option: "--output", expectation: .usesTheFile),
            Case(command: "icon", option: "--cache-dir", expectation: .usesTheFile),
            Case(command: "icon", option: "--ca-file", expectation: .usesTheFile),
            Case(command: "load-icon", option: "--ca-file", expectation: .usesTheFile),
        ] + ["--in", "--out", "--vectors"].map { Case(command: "report", option: $0, expectation: .refusesTheName) }
        + ["--out"].map { Case(command: "fs-matrix", option: $0, expectation: .refusesTheName) }
        + ["--out", "--candidates"].map { Case(command: "differential", option: $0, expectation: .refusesTheName) }
        + [
            "--vectors", "--out", "--known-failures", "--known-failures-dir", "--write-known-failures", "--junit",
            "--html", "--markdown",
        ].map { Case(command: "conformance", option: $0, expectation: .refusesTheName) }

    @Test func everyDeclaredPathOptionHasACase() {
        let declared = Set(XDS.commands.flatMap { command in command.spec.pathOptions.map { "\(command.name) \($0)" } })
        #expect(declared == Set(Self.cases.map(\.description)))
    }

    /// A folder holding `p\xFF<suffix>` and the look-alike `<display string of it>`.
    struct Names {
        let folder: String
        let exact: [UInt8]
        let lookAlike: [UInt8]

        init(suffix: String) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("xds-paths-\(UUID())").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            exact = Array((folder + "/p").utf8) + [0xFF] + Array(suffix.utf8)
            lookAlike = Array(BytePath(bytes: exact).description.utf8)
        }

        var exactPath: BytePath { BytePath(bytes: exact) }
        var lookAlikeString: String { String(decoding: lookAlike, as: UTF8.self) }

        func write(_ bytes: [UInt8], exactly: Bool) {
            let path = exactly ? exact : lookAlike
            let descriptor = BytePath(bytes: path).withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o600) }
            _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }

        func read(exactly: Bool) -> [UInt8]? {
            let path = BytePath(bytes: exactly ? exact : lookAlike)
            let descriptor = path.withCString { open($0, O_RDONLY) }
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var result: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count <= 0 { return result }
                result += chunk[0..<count]
            }
        }

        func cleanUp() { try? FileManager.default.removeItem(atPath: folder) }
    }

    func run(_ command: String, _ arguments: [CommandLineArgument]) -> Int32 {
        XDS.main(arguments: ["xds", CommandLineArgument(command)] + arguments).rawValue
    }

    @Test(arguments: cases)
    func thePathIsUsedByteExactlyOrRefused(_ testCase: Case) throws {
        let names = try Names(suffix: ".x")
        defer { names.cleanUp() }
        let decoy: [UInt8] = Array("decoy: not what the command should touch\n".utf8)
        let exact = CommandLineArgument(bytes: names.exact)
        switch (testCase.command, testCase.option) {
        case ("validate", _):
            // The exact file holds garbage (findings, exit 1); the look-alike a clean attribute (exit 0).
            names.write([0x00, 0x01], exactly: true)
            names.write(
                DocumentSourceAttribute(
                    identifier: "com.example.app", name: "Example", path: "a.txt",
                    appInfoURL: "https://example.com/appInfo.json"
                ).encoded(), exactly: false)
            #expect(run("validate", ["--bytes", exact]) == 1)
        case ("icon", "-o"), ("icon", "--output"):
            let site = try TestSite.standard()
            names.write(decoy, exactly: false)
            let status = run(
                "icon",
                [
                    "--allow-private-hosts", "--no-cache", "--ca-file", CommandLineArgument(site.caFile),
                    "--app-info-url", CommandLineArgument(site.appInfoURL), "--scale", "1",
                    CommandLineArgument(testCase.option), exact,
                ])
            #expect(status == 0)
            #expect((try? ImageDecoder.decode(names.read(exactly: true) ?? []))?.width == 29)
            #expect(names.read(exactly: false) == decoy)
        case ("icon", "--cache-dir"):
            let site = try TestSite.standard()
            try FileManager.default.createDirectory(
                atPath: names.lookAlikeString, withIntermediateDirectories: false,
                attributes: [.posixPermissions: 0o700])
            let status = run(
                "icon",
                [
                    "--allow-private-hosts", "--ca-file", CommandLineArgument(site.caFile), "--app-info-url",
                    CommandLineArgument(site.appInfoURL), "--scale", "1", "-o",
                    CommandLineArgument(names.folder + "/o.png"),
                    "--cache-dir", exact,
                ])
            #expect(status == 0)
            let entries = try FileManager.default.contentsOfDirectory(atPath: names.lookAlikeString)
            #expect(entries.isEmpty, "the look-alike directory was written: \(entries)")
            let exactDirectory = names.exactPath.withCString { opendir($0) }
            #expect(exactDirectory != nil, "the cache directory was not created under its exact name")
            if let exactDirectory { closedir(exactDirectory) }
        case ("icon", "--ca-file"), ("load-icon", "--ca-file"):
            // The exact file is the server's CA; the look-alike holds no certificate. With the exact CA the
            // TLS handshake succeeds and appInfo.json is requested (then: no icon at scale 2, exit 1).
            let site = try TestSite.smallOnly()
            names.write(Array(try Data(contentsOf: URL(fileURLWithPath: site.caFile))), exactly: true)
            names.write(decoy, exactly: false)
            var arguments: [CommandLineArgument] = [
                "--app-info-url", CommandLineArgument(site.appInfoURL), "--scale", "2", "--ca-file", exact,
            ]
            if testCase.command == "icon" {
                arguments += [
                    "--allow-private-hosts", "--no-cache", "-o", CommandLineArgument(names.folder + "/o.png"),
                ]
            }
            #expect(run(testCase.command, arguments) == 1)
            #expect(site.paths() == ["https /app/appInfo.json"])
        default:
            names.write(decoy, exactly: false)
            #expect(testCase.expectation == .refusesTheName)
            // `differential` needs a corpus before it reads its options: an empty folder, so only the name is wrong.
            let corpus: [CommandLineArgument] =
                testCase.command == "differential" ? [CommandLineArgument(names.folder + "/corpus")] : []
            if !corpus.isEmpty {
                try FileManager.default.createDirectory(
                    atPath: names.folder + "/corpus", withIntermediateDirectories: false)
            }
            #expect(run(testCase.command, corpus + [CommandLineArgument(testCase.option), exact]) == 64)
            #expect(names.read(exactly: false) == decoy)
            #expect(names.read(exactly: true) == nil)
        }
    }
}
