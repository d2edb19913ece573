// Tests/XDSEndToEndTests/DocumentedQuickStartTests.swift - README.md and Docs/conformance.md followed literally,
// as a new implementer would: the example adapter from the docs, the quick-start commands from the docs

import ChildProcess
import ConformanceModel
import Foundation
import Reporting
import TestSupport
import Testing

/// The documentation is the test's only script: it writes the example adapter found under "A complete example
/// adapter" in Docs/conformance.md into a fresh directory, runs every command of each block marked
/// `<!-- new-user-test -->` there with a relative adapter path (`xds` found on PATH, `VECTORS` naming the
/// checkout's vectors, as the docs say), and holds each command to the `# exit N` its line states, and the first
/// run to the pass counts the docs state. When the docs change the test follows them; when they lie it fails.
@Suite struct DocumentedQuickStartTests {
    static let root = BuiltProducts.packageRoot.path

    /// A command line of a marked block and the exit status its comment documents.
    struct DocumentedCommand {
        var line: String
        var status: Int32
    }

    @Test(arguments: ["Docs/conformance.md", "README.md"])
    func theQuickStartWorksAsDocumented(_ file: String) throws {
        let markdown = try Self.read(file)
        let blocks = Self.markedBlocks(markdown)
        try #require(!blocks.isEmpty, "\(file) has no block marked <!-- new-user-test -->")
        let directory = try ShellInDirectory.makeDirectory("xds-new-user")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (name, adapter) = try Self.exampleAdapter()
        try Data(adapter.utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
        for block in blocks {
            let commands = Self.commands(block)
            try #require(!commands.isEmpty, "a marked block of \(file) holds no command")
            for command in commands {
                #expect(command.line.contains(name), "\(command.line) does not run the example adapter")
                let run = try ShellInDirectory.run(
                    command.line, in: directory, environment: ["VECTORS": Self.root + "/Vectors"])
                let tail = String(run.stderrText.suffix(3000))
                #expect(
                    run.status == command.status,
                    "\(file): `\(command.line)` exited \(run.status), documented \(command.status)\n\(tail)")
            }
        }
        guard file == "Docs/conformance.md" else { return }
        // The counts the quick start states, against the report its first command wrote (`--out out`).
        let stated = try #require(Self.statedPassCount(markdown), "Docs/conformance.md states no pass count")
        let report = try ConformanceJSON.decode(
            Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/out/conformance.json"))))
        let decode = try #require(report.runs.first { $0.implementation.kind == "adapter" }).results.filter {
            $0.call == .decode
        }
        #expect(decode.count == stated.total, "decode cases run")
        #expect(decode.filter { $0.outcome == .pass }.count == stated.passed, "decode cases passed")
        // The files the quick start says `out/` holds.
        for file in [
            "conformance.md", "conformance.html", "conformance-adapter.md", "conformance-plist.html", "matrix.png",
            "junit-adapter.xml",
        ] {
            #expect(FileManager.default.fileExists(atPath: directory + "/out/" + file), "out/\(file)")
        }
    }

    /// The extraction itself: markers, comments and statuses read as a person reads them.
    @Test func theDocumentedCommandsAreReadAsWritten() {
        let markdown = """
            text
            <!-- new-user-test -->
            ```sh
            # a comment line
            xds conformance --cmd "python3 my_adapter.py" --out out   # exit 1: deviations
            xds conformance --cmd "python3 my_adapter.py"              # exit 0
            ```
            ```sh
            not marked
            ```
            """
        let blocks = Self.markedBlocks(markdown)
        #expect(blocks.count == 1)
        let commands = blocks.first.map(Self.commands) ?? []
        #expect(
            commands.map(\.line) == [
                #"xds conformance --cmd "python3 my_adapter.py" --out out"#,
                #"xds conformance --cmd "python3 my_adapter.py""#,
            ])
        #expect(commands.map(\.status) == [1, 0])
        let stated = Self.statedPassCount("passes **12** of the **34** `decode` cases")
        #expect(stated?.passed == 12 && stated?.total == 34)
    }

    static func read(_ file: String) throws -> String {
        try String(contentsOfFile: root + "/" + file, encoding: .utf8)
    }

    /// The example adapter: the file name "Save as `NAME`" gives, and the first `python` block after the heading
    /// "A complete example adapter" of Docs/conformance.md.
    static func exampleAdapter() throws -> (name: String, text: String) {
        let markdown = try read("Docs/conformance.md")
        let section = try #require(
            markdown.range(of: "\n## A complete example adapter\n").map { String(markdown[$0.upperBound...]) },
            "Docs/conformance.md has no section \"A complete example adapter\"")
        let name = try #require(
            section.range(of: #"Save as `[^`]+`"#, options: .regularExpression).map {
                String(section[$0].dropFirst("Save as `".count).dropLast())
            }, "the example adapter's section names no file")
        let text = try #require(fencedBlocks(section, language: "python").first, "no python block in the section")
        return (name, text)
    }

    /// The fenced blocks that follow a line `<!-- new-user-test -->` (blank lines between allowed).
    static func markedBlocks(_ markdown: String) -> [String] {
        var blocks: [String] = []
        var marked = false
        var inside = false
        var current: [Substring] = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if inside {
                if line.hasPrefix("```") {
                    inside = false
                    if marked { blocks.append(current.joined(separator: "\n")) }
                    marked = false
                    current = []
                } else {
                    current.append(line)
                }
            } else if line.hasPrefix("```") {
                inside = true
            } else if line.trimmingCharacters(in: .whitespaces) == "<!-- new-user-test -->" {
                marked = true
            } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                marked = false
            }
        }
        return blocks
    }

    /// The fenced blocks of `language` in `markdown`.
    static func fencedBlocks(_ markdown: String, language: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if var lines = current {
                if line.hasPrefix("```") {
                    blocks.append(lines.joined(separator: "\n") + "\n")
                    current = nil
                } else {
                    lines.append(line)
                    current = lines
                }
            } else if line == "```" + language {
                current = []
            }
        }
        return blocks
    }

    /// The commands of a shell block: comment lines left out; each command's trailing `# exit N…` comment is its
    /// documented status (a command without one is documented as exiting 0, the comment removed before running).
    static func commands(_ block: String) -> [DocumentedCommand] {
        block.split(separator: "\n").compactMap { line -> DocumentedCommand? in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty, !text.hasPrefix("#") else { return nil }
            guard let comment = text.range(of: #"\s+#\s*exit\s+[0-9]+"#, options: .regularExpression) else {
                return DocumentedCommand(line: text, status: 0)
            }
            let digits = text[comment].split(separator: " ").last.map(String.init) ?? ""
            return DocumentedCommand(
                line: String(text[..<comment.lowerBound]), status: Int32(digits.filter(\.isNumber)) ?? -1)
        }
    }

    /// "passes **P** of the **T** `decode` cases": (P, T).
    static func statedPassCount(_ markdown: String) -> (passed: Int, total: Int)? {
        guard
            let range = markdown.range(
                of: #"passes \*\*[0-9]+\*\* of the \*\*[0-9]+\*\* `decode` cases"#, options: .regularExpression)
        else { return nil }
        let numbers = markdown[range].split(separator: "*").compactMap { Int($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }
}
