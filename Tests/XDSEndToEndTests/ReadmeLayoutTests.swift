// Tests/XDSEndToEndTests/ReadmeLayoutTests.swift - README's Layout table against Package.swift and the imports;
// every path README and Docs/ mention exists

import Foundation
import TestSupport
import Testing

@Suite struct ReadmeLayoutTests {
    static let root = BuiltProducts.packageRoot.path

    /// A target of Package.swift, read from the file: its kind, name, dependencies and source directory.
    struct Target {
        var kind: String
        var name: String
        var dependencies: Set<String>
        var path: String
    }

    /// The targets, by reading Package.swift's `.target(`, `.executableTarget(`, `.systemLibrary(` and
    /// `.testTarget(` calls: each call's text runs to the next one.
    static func targets() throws -> [Target] {
        let text = try String(contentsOfFile: root + "/Package.swift", encoding: .utf8)
        let body = String(text[try #require(text.range(of: "targets: [")).upperBound...])
        let start = try Regex(#"\n        \.(target|executableTarget|systemLibrary|testTarget)\(\s*name: "([^"]+)""#)
        let matches = body.matches(of: start)
        var targets: [Target] = []
        for (index, match) in matches.enumerated() {
            let end = index + 1 < matches.count ? matches[index + 1].range.lowerBound : body.endIndex
            let call = String(body[match.range.upperBound..<end])
            let kind = String(match.output[1].substring ?? "")
            let name = String(match.output[2].substring ?? "")
            var dependencies: Set<String> = []
            if let list = call.range(of: "dependencies: [") {
                var depth = 1
                var index = list.upperBound
                while index < call.endIndex, depth > 0 {
                    if call[index] == "[" { depth += 1 }
                    if call[index] == "]" { depth -= 1 }
                    index = call.index(after: index)
                }
                let inside = String(call[list.upperBound..<index])
                // `.target(name: "CAttr", condition: …)` names a dependency; `platforms: [.linux]` does not.
                for quoted in inside.matches(of: try Regex(#""([A-Za-z0-9_-]+)""#)) {
                    dependencies.insert(String(quoted.output[1].substring ?? ""))
                }
            }
            let path = call.firstMatch(of: try Regex(#"path: "([^"]+)""#)).map { String($0.output[1].substring ?? "") }
            let directory = path ?? (kind == "testTarget" ? "Tests/" : "Sources/") + name
            targets.append(Target(kind: kind, name: name, dependencies: dependencies, path: directory))
        }
        return targets
    }

    /// The Layout table's rows: module (and the system libraries in `(+ …)`), may-import names.
    static func layoutRows() throws -> [(modules: [String], mayImport: String)] {
        let text = try String(contentsOfFile: root + "/README.md", encoding: .utf8)
        let section = try #require(text.components(separatedBy: "\n## Layout\n").dropFirst().first)
        var rows: [(modules: [String], mayImport: String)] = []
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 5 else { continue }
            rows.append((names(in: cells[1]), cells[3]))
        }
        return rows
    }

    /// The backticked module names in a cell (a path such as `FuzzTesting/Sources/` is not one).
    static func names(in cell: String) -> [String] {
        cell.matches(of: /`([^`]+)`/).map { String($0.output.1) }.filter { !$0.contains("/") }
    }

    @Test func theLayoutTableNamesEveryTargetAndItsDependencies() throws {
        let targets = try Self.targets()
        #expect(targets.count > 40, "Package.swift read: \(targets.count) targets")
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        // The table covers the modules under Sources/ and FuzzTesting/, not the tests and what they share.
        let described = targets.filter { $0.kind != "testTarget" && !$0.path.hasPrefix("Tests/") }
        let rows = try Self.layoutRows()
        let listed = Set(rows.flatMap(\.modules))
        for target in described where !listed.contains(target.name) {
            Issue.record("README Layout has no row for \(target.name)")
        }
        for name in listed where byName[name] == nil {
            Issue.record("README Layout names \(name), which Package.swift does not declare")
        }
        let libraries = Set(described.filter { $0.kind != "executableTarget" }.map(\.name))
        for row in rows {
            guard let module = row.modules.first, let target = byName[module] else { continue }
            if row.mayImport.hasPrefix("every library above except") {
                // XDSCommands: its dependencies are libraries, none of those it names as excluded.
                let excluded = Set(Self.names(in: row.mayImport))
                for name in target.dependencies where !libraries.contains(name) || excluded.contains(name) {
                    Issue.record("\(module) depends on \(name), which its Layout row excludes")
                }
                continue
            }
            let mayImport = Set(Self.names(in: row.mayImport).filter { byName[$0] != nil })
            #expect(
                target.dependencies == mayImport,
                "\(module): Package.swift declares \(target.dependencies.sorted()), README says \(mayImport.sorted())")
        }
    }

    /// Every `import` of a package module in a module's sources (`Sources/`, `FuzzTesting/Sources/`) is a declared
    /// dependency, as README's Layout says (SwiftPM would let a module import what its dependencies depend on).
    @Test func everyImportIsADeclaredDependency() throws {
        let targets = try Self.targets()
        let names = Set(targets.map(\.name))
        for target in targets where target.kind != "systemLibrary" && !target.path.hasPrefix("Tests/") {
            guard let files = FileManager.default.enumerator(atPath: Self.root + "/" + target.path) else {
                Issue.record("\(target.name): no directory \(target.path)")
                continue
            }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: Self.root + "/" + target.path + "/" + file, encoding: .utf8)
                for match in text.matches(of: /(?m)^\s*(?:@testable\s+|@_spi\([A-Za-z]+\)\s+)?import\s+([A-Za-z0-9_]+)/)
                {
                    let module = String(match.output.1)
                    if names.contains(module), module != target.name, !target.dependencies.contains(module) {
                        Issue.record("\(target.path)/\(file) imports \(module), not a dependency of \(target.name)")
                    }
                }
            }
        }
    }

    /// Every repository path that README.md and Docs/*.md name (in backticks or as a link) exists.
    @Test func everyPathTheDocumentsMentionExists() throws {
        let documents =
            ["README.md"]
            + (try FileManager.default.contentsOfDirectory(atPath: Self.root + "/Docs")).filter { $0.hasSuffix(".md") }
            .map { "Docs/" + $0 }
        let prefixes = ["Sources/", "Tests/", "Docs/", "Vectors/", "FuzzTesting/", "Distribution/", ".github/", ".ci/"]
        var checked = 0
        for document in documents {
            let text = try String(contentsOfFile: Self.root + "/" + document, encoding: .utf8)
            var candidates = text.matches(of: /`([^`\s]+)`/).map { String($0.output.1) }
            candidates += text.matches(of: /\]\(([^)\s#]+)/).map { String($0.output.1) }
            for candidate in candidates {
                var path = candidate
                if text.contains("no `\(candidate)`") { continue }  // named to say it does not exist
                guard prefixes.contains(where: path.hasPrefix) else { continue }
                // Patterns and placeholders name no one file; build outputs and artifacts exist after a make
                // target; a workflow file is one a user copies into their own repository.
                if path.contains(where: { "<>*{}…$[]".contains($0) }) || path.contains(".build")
                    || path.contains("/artifacts/") || path.hasPrefix(".github/workflows/")
                {
                    continue
                }
                if let colon = path.firstIndex(of: ":") { path = String(path[..<colon]) }
                checked += 1
                // A test suite is named without its `.swift`.
                let exists = [path, path + ".swift"].contains {
                    FileManager.default.fileExists(atPath: Self.root + "/" + $0)
                }
                if !exists {
                    Issue.record("\(document) mentions \(candidate), which does not exist")
                }
            }
        }
        #expect(checked > 50, "paths checked: \(checked)")
    }

    /// Every test suite or test target that README.md and Docs/*.md name in backticks (`…Tests`) is one: a
    /// `struct` or `class` of that name under Tests/, or a test target's folder. (Docs/spec.md once named one
    /// wrongly as gone.)
    @Test func everyTestSuiteTheDocumentsNameExists() throws {
        let documents =
            ["README.md"]
            + (try FileManager.default.contentsOfDirectory(atPath: Self.root + "/Docs")).filter { $0.hasSuffix(".md") }
            .map { "Docs/" + $0 }
        var declared: Set<String> = []
        let tests = Self.root + "/Tests"
        let files = try #require(FileManager.default.enumerator(atPath: tests)).compactMap { $0 as? String }
        for file in files {
            if !file.contains("/") { declared.insert(file) }  // a test target's folder
            guard file.hasSuffix(".swift") else { continue }
            let text = try String(contentsOfFile: tests + "/" + file, encoding: .utf8)
            for match in text.matches(of: /(?:struct|class) ([A-Za-z]+Tests)\b/) {
                declared.insert(String(match.output.1))
            }
        }
        var checked = 0
        for document in documents {
            let text = try String(contentsOfFile: Self.root + "/" + document, encoding: .utf8)
            for match in text.matches(of: /`([A-Z][A-Za-z]*Tests)`/) {
                checked += 1
                let name = String(match.output.1)
                if !declared.contains(name) {
                    Issue.record("\(document) names the test suite \(name), which does not exist")
                }
            }
        }
        #expect(checked > 10, "suite names checked: \(checked)")
    }
}
