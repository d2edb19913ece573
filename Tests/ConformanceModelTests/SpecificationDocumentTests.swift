// Tests/ConformanceModelTests/SpecificationDocumentTests.swift - Docs/spec.md defines every vector's clause

import ConformanceModel
import Testing

/// Docs/spec.md against the vector set: every `spec` id defined once, every MUST/SHOULD tested or
/// excused, levels and key words agreeing, citations real, versions equal.
@Suite struct SpecificationDocumentTests {
    @Test func everyVectorSpecIdIsDefined() throws {
        let document = try SpecificationFiles.document()
        let defined = Set(document.requirements.map(\.id))
        let used = Set(try SpecificationFiles.manifest().vectors.map(\.spec))
        let missing = used.subtracting(defined).sorted()
        #expect(missing.isEmpty, "vector spec ids not defined in Docs/spec.md: \(missing)")
    }

    @Test func everyRequirementIdIsDefinedOnce() throws {
        let ids = try SpecificationFiles.document().requirements.map(\.id)
        let duplicates = Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(duplicates.isEmpty, "requirement ids defined more than once: \(duplicates)")
        #expect(ids.count >= 54)
    }

    @Test func everyRequirementWithARequiredVectorNamesAKnownHazard() throws {
        let document = try SpecificationFiles.document()
        let vectors = try SpecificationFiles.manifest().vectors
        let required = Set(vectors.filter { $0.level == .required && $0.area != .fs }.map(\.spec))
        let missing = document.requirements.filter { required.contains($0.id) && $0.hazard == nil }.map(\.id)
        #expect(missing.isEmpty, "requirements with required vectors and no (known) Hazard: line: \(missing)")
        for requirement in document.requirements {
            for line in requirement.text.split(separator: "\n") where line.hasPrefix("Hazard:") {
                #expect(requirement.hazard != nil, "\(requirement.id): unknown hazard in '\(line)'")
            }
        }
        for vector in vectors where vector.area != .fs {
            let expected = vector.level == .required ? document.requirement(vector.spec)?.hazard : nil
            #expect(vector.hazard == expected, "\(vector.id): manifest hazard differs from Docs/spec.md")
        }
    }

    @Test func noCrashCoversEveryVector() throws {
        let requirement = try #require(try SpecificationFiles.document().requirement("security.no-crash"))
        #expect(requirement.coversEveryVector)
    }

    @Test func everyMustOrShouldHasAVectorOrAReason() throws {
        let document = try SpecificationFiles.document()
        let tested = Set(try SpecificationFiles.manifest().vectors.map(\.spec))
        let unexcused = document.requirements.filter {
            $0.strength >= .should && !tested.contains($0.id) && !$0.coversEveryVector
                && ($0.untestedReason ?? "").count < 20
        }.map(\.id)
        #expect(unexcused.isEmpty, "MUST/SHOULD requirements with no vector and no Untested: reason: \(unexcused)")
    }

    @Test func keyWordsMatchTheVectorLevels() throws {
        let document = try SpecificationFiles.document()
        let vectors = try SpecificationFiles.manifest().vectors
        var problems: [String] = []
        for requirement in document.requirements {
            let levels = Set(vectors.filter { $0.spec == requirement.id }.map(\.level))
            let words = Set(keyWords(requirement.text))
            if levels.contains(.required), !words.contains("MUST") && !words.contains("REQUIRED") {
                problems.append("\(requirement.id): required vectors but no MUST")
            }
            if levels.contains(.recommended), !words.contains("SHOULD") && !words.contains("RECOMMENDED") {
                problems.append("\(requirement.id): recommended vectors but no SHOULD")
            }
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func citedVectorsExist() throws {
        let document = try SpecificationFiles.document()
        let ids = Set(try SpecificationFiles.manifest().vectors.map(\.id))
        var unknown: [String] = []
        for requirement in document.requirements {
            unknown += requirement.citedVectors.filter { !ids.contains($0) }.map { "\(requirement.id): \($0)" }
        }
        #expect(unknown.isEmpty, "cited vectors that do not exist: \(unknown)")
        #expect(document.requirements.reduce(0) { $0 + $1.citedVectors.count } > 100)
    }

    @Test func everyRequirementIsNormativeAndInANumberedSection() throws {
        let document = try SpecificationFiles.document()
        for requirement in document.requirements {
            #expect(requirement.isNormative, "\(requirement.id) uses no key word")
            #expect(!requirement.summary.isEmpty, "\(requirement.id) has no summary")
            #expect(
                requirement.section.first?.isNumber == true && document.sectionTitle(requirement.section) != nil,
                "\(requirement.id) is not in a numbered section")
        }
    }

    @Test func keyWordsAppearOnlyInRequirementsOutsideTheConventions() throws {
        let strays = try SpecificationFiles.document().strayKeywords.filter {
            $0.section != "1" && !$0.section.hasPrefix("1.")
        }
        #expect(
            strays.isEmpty, "key words outside requirement paragraphs: \(strays.map { "line \($0.line): \($0.word)" })")
    }

    @Test func versionIsTheSuiteVersion() throws {
        let document = try SpecificationFiles.document()
        #expect(document.version == suiteVersion)
        #expect(try SpecificationFiles.manifest().suiteVersion == suiteVersion)
    }

    private func keyWords(_ text: String) -> [String] {
        text.split { !$0.isLetter }.map(String.init).filter { $0.allSatisfy(\.isUppercase) }
    }
}
