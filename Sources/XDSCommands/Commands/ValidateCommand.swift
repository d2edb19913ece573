// Sources/XDSCommands/Commands/ValidateCommand.swift - `xds validate`: findings a script can read

import AttributeFiles
import DocumentSource
import ReportFormatting
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
          1   at least one finding at error level, or no attribute to check
          64  usage error
          74  the file or --bytes input unreadable, standard output not
              written
        """

    static let spec = ArgumentSpec(pathOptions: ["--bytes"], flags: ["--json", "--no-follow"], positionals: 0...1)

    static func run(_ arguments: [CommandLineArgument]) throws(CommandError) -> ExitStatus {
        guard let parsed = try parse(arguments, spec: spec) else { return .success }
        let source: String
        let bytes: [UInt8]
        switch (parsed.path("--bytes"), parsed.positionalArguments.first?.path) {
        case let (file?, nil):
            source = file == "-" ? "<stdin>" : file.description
            bytes = try readInput(file, limit: 1 << 20)
        case let (nil, path?):
            source = path.description
            let found: [UInt8]?
            do {
                found = try AttributeFile.readBytes(at: path, followSymlinks: !parsed.has("--no-follow"))
            } catch {
                throw CommandError(.inputOutput, "\(error)")
            }
            guard let found else {
                throw CommandError(.rejected, "\(AttributeFileError.noAttribute(path: path.description))")
            }
            bytes = found
        default:
            throw usage("give either a path or --bytes <file>")
        }
        let report = DocumentSourceValidator.validate(bytes)
        if parsed.has("--json") {
            // JSON holds text only: a path that is not UTF-8 is given in its escaped form.
            let jsonSource = TerminalText.holdsUndecodableBytes(source) ? TerminalText.escaped(source) : source
            try printOut(json(report, source: jsonSource))
        } else {
            // Each line escaped: a finding quotes the attribute's values, which may hold anything.
            for finding in report.findings {
                try printLine(
                    "\(source): \(finding.level.rawValue): [\(finding.code)] \(finding.message) "
                        + "(\(finding.clause.citation))")
            }
            if report.findings.isEmpty { try printLine("\(source): ok (\(report.size) bytes)") }
        }
        return report.hasErrors ? .rejected : .success
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
