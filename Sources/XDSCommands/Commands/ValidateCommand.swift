// Sources/XDSCommands/Commands/ValidateCommand.swift - `xds validate`: findings a script can read

import AttributeFiles
import DocumentSource
import TaggedJSON

/// `xds validate`: checks an attribute against the convention.
enum ValidateCommand: Command {
    static let name = "validate"
    static let abstract = "Checks an attribute against the convention"
    static let help = """
        OVERVIEW: Checks an attribute against the convention.

        Reports decoder errors (category and byte offset), schema findings
        (root not a dictionary, non-string values, unknown, missing and
        duplicate keys), convention findings (appInfoURL not absolute https,
        path absolute or with '..', XML or other non-binary plists) and
        portability (size against ext4 with 1 KiB and 4 KiB blocks, btrfs with
        16 KiB nodes, xfs, tmpfs; the macOS 127-byte name limit). Each finding
        names the requirement of Docs/spec.md it enforces (section and id).

        USAGE: xds validate <path> [--json] [--no-follow]
               xds validate --bytes <file> [--json]

        ARGUMENTS:
          <path>            The file whose x-document-source attribute to check.

        OPTIONS:
          --bytes <file>    Check raw attribute bytes from a file ('-': stdin).
          --json            Print the report as JSON (stable finding codes).
          --no-follow       Read a symlink's own attribute.
          -h, --help        Show help information.

        EXIT STATUS:
          0   no finding at error level (warnings may be printed)
          1   at least one finding at error level
          2   usage error, no attribute to check, or an I/O error
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        let spec = ArgumentSpec(valueOptions: ["--bytes"], flags: ["--json", "--no-follow"], positionals: 0...1)
        let parsed: Arguments
        switch parseOrExit(arguments, spec: spec) {
        case .success(let value): parsed = value
        case .failure(let exit): return exit.status == .usage ? .validateUsageOrIO : exit.status
        }
        let source: String
        let bytes: [UInt8]
        switch (parsed.value("--bytes"), parsed.positionals.first) {
        case let (file?, nil):
            source = file == "-" ? "<stdin>" : file
            do {
                bytes = try Console.readInput(file, limit: 1 << 20)
            } catch {
                return failure("\(error)")
            }
        case let (nil, path?):
            source = path
            do {
                guard let found = try AttributeFile.readBytes(at: path, followSymlinks: !parsed.has("--no-follow"))
                else { return failure("\(AttributeFileError.noAttribute(path: path))") }
                bytes = found
            } catch {
                return failure("\(error)")
            }
        default:
            return failure("give either a path or --bytes <file>", usage: true)
        }
        let report = DocumentSourceValidator.validate(bytes)
        if parsed.has("--json") {
            Console.printOut(json(report, source: source))
        } else {
            for finding in report.findings {
                Console.printOut(
                    "\(source): \(finding.level.rawValue): [\(finding.code)] \(finding.message) "
                        + "(\(finding.clause.citation))")
            }
            if report.findings.isEmpty { Console.printOut("\(source): ok (\(report.size) bytes)") }
        }
        return report.hasErrors ? .rejected : .success
    }

    private static func failure(_ message: String, usage: Bool = false) -> ExitStatus {
        Console.printError("xds validate: error: \(message)")
        if usage { Console.printError("  See 'xds validate --help' for more information.") }
        return .validateUsageOrIO
    }

    /// The report as JSON, keys in a fixed order.
    static func json(_ report: ValidationReport, source: String) -> String {
        let s = JSONStringLiteral.quoted
        let findings = report.findings.map { finding in
            var fields = [
                "\"code\":\(s(finding.code))", "\"level\":\(s(finding.level.rawValue))",
                "\"group\":\(s(finding.group.rawValue))", "\"message\":\(s(finding.message))",
            ]
            if let offset = finding.offset { fields.append("\"offset\":\(offset)") }
            if let key = finding.key { fields.append("\"key\":\(s(key))") }
            fields.append("\"clause\":\(s(finding.clause.id))")
            fields.append("\"section\":\(s(finding.clause.section))")
            return "{" + fields.joined(separator: ",") + "}"
        }
        let portability = report.portability.map { entry in
            "{\"id\":\(s(entry.target.id)),\"label\":\(s(entry.target.label)),\"limit\":\(entry.target.limit),"
                + "\"fits\":\(entry.fits)}"
        }
        let errors = report.findings.filter { $0.level == .error }.count
        let attribute = report.attribute.map(AttributeJSON.object) ?? "null"
        return "{\"source\":\(s(source)),\"size\":\(report.size),\"format\":\(s(report.format.displayName)),"
            + "\"valid\":\(errors == 0),\"errors\":\(errors),\"warnings\":\(report.findings.count - errors),"
            + "\"attribute\":\(attribute),\"findings\":[\(findings.joined(separator: ","))],"
            + "\"portability\":[\(portability.joined(separator: ","))]}"
    }
}
