// Sources/ConformanceModel/SpecificationDocument.swift - Parses Docs/spec.md's requirement convention

/// Docs/spec.md, parsed by its documented convention (its §1.2):
///
/// - sections are headings `## N. Title`, `### N.M Title` (and `## Appendix X. Title`);
/// - a requirement paragraph starts with a line `**[id] Summary.**` and runs to the next blank line
///   or heading;
/// - in it, a line starting `Vectors:` cites vector ids in backticks, one starting `Untested:` says
///   why no vector tests it, one starting `Source:` names a source, one starting `Hazard:` names the
///   requirement's hazard class (`Hazard`), and `Scope: every vector` makes every case judge it;
/// - key words (BCP 14) count only in capitals and outside backtick code spans and fenced blocks.
public struct SpecificationDocument: Hashable, Sendable {
    /// The `Version:` line's value, e.g. `0.1.0`.
    public var version: String?
    /// Every requirement, in document order.
    public var requirements: [Requirement]
    /// Key words used outside requirement paragraphs (the conventions section uses them on purpose).
    public var strayKeywords: [StrayKeyword]
    /// Every section heading: number and title, in order.
    public var sections: [(number: String, title: String)] {
        sectionList.map { ($0.number, $0.title) }
    }

    private var sectionList: [SectionHeading]

    private struct SectionHeading: Hashable, Sendable {
        var number: String
        var title: String
    }

    /// The requirement with `id`, if the document defines it.
    public func requirement(_ id: String) -> Requirement? {
        requirements.first { $0.id == id }
    }

    /// The title of the section numbered `number`.
    public func sectionTitle(_ number: String) -> String? {
        sectionList.first { $0.number == number }?.title
    }

    /// Parses the document's text. Never fails: what does not follow the convention is simply not a
    /// requirement (the specification tests then report the missing ids).
    public static func parse(_ text: String) -> SpecificationDocument {
        var parser = Parser()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() {
            parser.consume(line, number: index + 1)
        }
        parser.finishParagraph()
        return SpecificationDocument(
            version: parser.version, requirements: parser.requirements, strayKeywords: parser.strays,
            sectionList: parser.sections)
    }

    private struct Parser {
        var version: String?
        var requirements: [Requirement] = []
        var strays: [StrayKeyword] = []
        var sections: [SectionHeading] = []
        var section = SectionHeading(number: "", title: "")
        var inFence = false
        var paragraph: [String] = []
        var paragraphLine = 0

        mutating func consume(_ line: String, number: Int) {
            if line.hasPrefix("```") {
                finishParagraph()
                inFence.toggle()
                return
            }
            if inFence { return }
            if let heading = Self.heading(line) {
                finishParagraph()
                section = heading
                sections.append(heading)
                return
            }
            if version == nil, line.hasPrefix("Version:") {
                version = String(line.dropFirst("Version:".count)).trimmingSpaces()
            }
            if line.trimmingSpaces().isEmpty {
                finishParagraph()
                return
            }
            if !paragraph.isEmpty {
                paragraph.append(line)
            } else if line.hasPrefix("**[") {
                paragraph = [line]
                paragraphLine = number
            } else {
                for word in KeyWords.find(in: line) {
                    strays.append(StrayKeyword(word: word, section: section.number, line: number))
                }
            }
        }

        mutating func finishParagraph() {
            defer { paragraph = [] }
            guard let first = paragraph.first, let requirement = makeRequirement(first) else { return }
            requirements.append(requirement)
        }

        private func makeRequirement(_ first: String) -> Requirement? {
            // **[id] Summary.**
            let afterOpen = first.dropFirst(3)
            guard let close = afterOpen.firstIndex(of: "]") else { return nil }
            let id = String(afterOpen[..<close])
            let rest = afterOpen[afterOpen.index(after: close)...]
            guard let end = rest.indices.first(where: { rest[$0...].hasPrefix("**") }) else { return nil }
            let summary = String(rest[..<end]).trimmingSpaces()
            var words: [String] = []
            var cited: [String] = []
            var untested: [String] = []
            var inUntested = false
            var hazard: Hazard?
            var everyVector = false
            for line in paragraph {
                words += KeyWords.find(in: line)
                if line.hasPrefix("Vectors:") {
                    inUntested = false
                    cited += Self.codeSpans(line)
                } else if line.hasPrefix("Untested:") {
                    inUntested = true
                    untested.append(String(line.dropFirst("Untested:".count)).trimmingSpaces())
                } else if line.hasPrefix("Source:") {
                    inUntested = false
                } else if line.hasPrefix("Hazard:") {
                    inUntested = false
                    hazard = Hazard(rawValue: String(line.dropFirst("Hazard:".count)).trimmingSpaces())
                } else if line.hasPrefix("Scope:") {
                    inUntested = false
                    everyVector = String(line.dropFirst("Scope:".count)).trimmingSpaces().hasPrefix("every vector")
                } else if inUntested {
                    untested.append(line.trimmingSpaces())
                }
            }
            let strengths = words.compactMap(KeyWords.strength)
            let reason = untested.joined(separator: " ").trimmingSpaces()
            return Requirement(
                id: id, summary: summary, section: section.number, sectionTitle: section.title,
                strength: strengths.max() ?? .may, isNormative: !strengths.isEmpty, citedVectors: cited,
                untestedReason: reason.isEmpty ? nil : reason, hazard: hazard, coversEveryVector: everyVector,
                text: paragraph.joined(separator: "\n"),
                line: paragraphLine)
        }

        /// `## 4. Title`, `### 4.6 Title`, `## Appendix A. Title`.
        static func heading(_ line: String) -> SectionHeading? {
            guard line.hasPrefix("## ") || line.hasPrefix("### ") else { return nil }
            var rest = Substring(line.drop { $0 == "#" }).drop { $0 == " " }
            if rest.hasPrefix("Appendix ") { rest = rest.dropFirst("Appendix ".count) }
            let token = rest.prefix { $0 != " " }
            var number = String(token)
            if number.hasSuffix(".") { number.removeLast() }
            guard let first = number.first, first.isNumber || first.isUppercase,
                number.allSatisfy({ $0.isNumber || $0 == "." || $0.isUppercase })
            else { return nil }
            return SectionHeading(number: number, title: String(rest.dropFirst(token.count)).trimmingSpaces())
        }

        /// The contents of every `backtick` span on a line.
        static func codeSpans(_ line: String) -> [String] {
            line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
    }
}

/// BCP 14 key words, in capitals, outside code spans.
enum KeyWords {
    static let all: Set<String> = [
        "MUST", "SHALL", "REQUIRED", "SHOULD", "RECOMMENDED", "MAY", "OPTIONAL",
    ]

    static func strength(_ word: String) -> RequirementStrength? {
        switch word {
        case "MUST", "SHALL", "REQUIRED": return .must
        case "SHOULD", "RECOMMENDED": return .should
        case "MAY", "OPTIONAL": return .may
        default: return nil
        }
    }

    /// The key words on `line`, skipping backtick spans and words inside double quotes ("MUST").
    static func find(in line: String) -> [String] {
        var found: [String] = []
        var inCode = false
        var word = ""
        var previous: Character = " "
        var wordStartPrevious: Character = " "
        func flush(next: Character) {
            if all.contains(word), wordStartPrevious != "\"" || next != "\"" { found.append(word) }
            word = ""
        }
        for character in line {
            if character == "`" {
                flush(next: character)
                inCode.toggle()
            } else if !inCode && character.isLetter && character.isUppercase && character.isASCII {
                if word.isEmpty { wordStartPrevious = previous }
                word.append(character)
            } else if !word.isEmpty {
                if character.isLetter || character.isNumber {
                    word = ""
                } else {
                    flush(next: character)
                }
            }
            previous = character
        }
        if !word.isEmpty { flush(next: " ") }
        return found
    }
}
