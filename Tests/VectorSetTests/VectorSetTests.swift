// Tests/VectorSetTests/VectorSetTests.swift - The manifest against the files, metadata, quotas, reproducibility

import ConformanceModel
import Foundation
import TestSupport
import Testing
import VectorGenerators

@Suite struct VectorSetTests {
    @Test func everyFileIsListedAndEveryListedFileExists() throws {
        let manifest = try VectorFiles.manifest()
        var listed: Set<String> = ["manifest.json"]
        for vector in manifest.vectors { listed.formUnion(vector.paths) }
        let present = VectorFiles.allFiles()
        #expect(present.subtracting(listed).sorted() == [], "files not in the manifest")
        #expect(listed.subtracting(present).sorted() == [], "manifest entries without a file")
    }

    @Test func idsAreUniqueAndEqualTheirPaths() throws {
        let manifest = try VectorFiles.manifest()
        #expect(Set(manifest.vectors.map(\.id)).count == manifest.vectors.count)
        let kebab = /[a-z0-9]+(-[a-z0-9]+)*/
        for vector in manifest.vectors {
            let parts = vector.id.split(separator: "/").map(String.init)
            #expect(parts.count == 3, "\(vector.id)")
            guard parts.count == 3 else { continue }
            #expect(parts[0] == vector.area.rawValue && parts[1] == vector.group.rawValue, "\(vector.id)")
            #expect(parts[2].wholeMatch(of: kebab) != nil, "\(vector.id) is not kebab-case")
            #expect(vector.input.hasPrefix(vector.id + "."), "\(vector.id): input \(vector.input)")
            if let expected = vector.expected { #expect(expected == vector.id + ".json", "\(vector.id)") }
        }
    }

    @Test func metadataIsComplete() throws {
        for vector in try VectorFiles.manifest().vectors where vector.area != .fs {
            let id = vector.id
            #expect(!vector.description.isEmpty && !vector.spec.isEmpty && !vector.made.isEmpty, "\(id)")
            #expect(!vector.tags.isEmpty && vector.since == suiteVersion, "\(id)")
            #expect((vector.group == .invalid) == (vector.error != nil) || vector.group == .regressions, "\(id)")
            if vector.group == .valid { #expect(vector.expected != nil, "\(id): valid without expected") }
            if vector.group == .implementationDefined { #expect(vector.level == .implementationDefined, "\(id)") }
            if vector.group == .regressions {
                #expect(
                    (vector.expected != nil) != (vector.error != nil) || vector.level == .implementationDefined,
                    "\(id): a regression has exactly one of expected and error")
            }
            if vector.area != .plist { #expect(vector.expected != nil, "\(id): \(vector.area) vectors carry outcomes") }
            if vector.area == .plist && vector.group == .invalid {
                #expect(vector.error != .schema, "\(id): schema is not a bplist category")
            }
        }
    }

    /// Icon vectors are exempt: the same appInfo.json is judged against different appInfoURLs.
    @Test func identicalInputsHaveOneVerdict() throws {
        var seen: [String: VectorMetadata] = [:]
        for vector in try VectorFiles.manifest().vectors where vector.area == .plist || vector.area == .attribute {
            let key =
                "\(vector.area.rawValue):"
                + (try VectorFiles.bytes(vector.input)).map { String($0) }.joined(separator: ",")
            guard let first = seen[key] else {
                seen[key] = vector
                continue
            }
            #expect(first.error == vector.error && first.level == vector.level, "\(first.id) and \(vector.id)")
            let expected = try [first, vector].map { try $0.expected.map(VectorFiles.bytes) }
            #expect(expected[0] == expected[1], "\(first.id) and \(vector.id) expect different results")
        }
    }

    @Test func generatorReproducesTheCommittedFiles() throws {
        let committed = try VectorFiles.manifest()
        let found = VectorFiles.allFiles()
        let specification = SpecificationFile.beside(vectorsDirectory: VectorFiles.root.path)
        #expect(specification != nil, "Docs/spec.md gives the manifest its hazards")
        let (files, manifest) = try GeneratedVectorSet.plan(
            existing: committed, found: found, specification: specification)
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
            let onDisk = try? VectorFiles.bytes(path)
            #expect(onDisk == bytes, "\(path) differs from the generator's output: run `make vectors`")
        }
        #expect(manifest == committed)
        // Fuzz findings dropped in without curated metadata are listed, but only as implementation-defined.
        for entry in manifest.vectors where entry.made.hasPrefix("hand-added file") {
            #expect(entry.level == .implementationDefined && entry.tags == [.fuzz], "\(entry.id)")
        }
    }

    /// Two runs of `generate-vectors` in two processes (each with its own hash seed, so dictionary order and
    /// anything else that varies from run to run shows) write the same files, byte for byte.
    @Test func generatorIsDeterministicAcrossProcesses() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("xds-generate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        async let first = Self.generate(into: root.appendingPathComponent("first"))
        async let second = Self.generate(into: root.appendingPathComponent("second"))
        let trees = try await [first, second]
        #expect(trees[0].count > 100)
        #expect(trees[0].keys.sorted() == trees[1].keys.sorted())
        for (path, bytes) in trees[0] where trees[1][path] != bytes { Issue.record("\(path) differs between runs") }
    }

    /// Runs `generate-vectors` into an empty `folder`; every file it wrote, by relative path.
    private static func generate(into folder: URL) throws -> [String: Data] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let result = try BuiltProducts.run("generate-vectors", [folder.path])
        try #require(result.status == 0, "\(result.stderrText)")
        var tree: [String: Data] = [:]
        for path in GeneratedVectorSet.filesFound(under: folder) {
            tree[path] = try Data(contentsOf: folder.appendingPathComponent(path))
        }
        return tree
    }

    @Test func quotasAreMet() throws {
        let vectors = try VectorFiles.manifest().vectors
        func count(_ area: VectorArea, _ group: VectorGroup? = nil) -> Int {
            vectors.filter { $0.area == area && (group == nil || $0.group == group) }.count
        }
        #expect(count(.plist, .valid) >= 60)
        #expect(count(.plist, .invalid) >= 100)
        // The non-finite and far-away dates are graded (bplist.limit.value), no longer implementation-defined.
        #expect(count(.plist, .implementationDefined) >= 29)
        #expect(count(.attribute) >= 40)
        #expect(count(.icons) >= 60)
        #expect(count(.iconLoading) >= 40)
        let plistCategories = Set(vectors.filter { $0.area == .plist }.compactMap(\.error))
        let iconLoadingCategories: Set<VectorErrorCategory> = [.noIcon, .refused, .network, .undecodable]
        #expect(plistCategories == Set(VectorErrorCategory.allCases).subtracting(iconLoadingCategories + [.schema]))
        let iconLoading = vectors.filter { $0.area == .iconLoading && $0.group == .invalid }
        #expect(Set(iconLoading.compactMap(\.error)) == iconLoadingCategories)
        let cves = vectors.filter { $0.tags.contains(.cve) }.map(\.id).joined(separator: " ")
        for cve in [
            "5545", "5834", "5835", "5836", "6435", "6436", "6437", "6438", "6439", "6440", "7982", "2022-48564",
        ] {
            #expect(cves.contains(cve), "no regression vector for CVE …\(cve)")
        }
        for width in ["1", "2", "3", "4", "5", "6", "7", "8", "16"] {
            #expect(vectors.contains { $0.id == "plist/valid/offset-size-\(width)" })
            #expect(vectors.contains { $0.id == "plist/valid/ref-size-\(width)" })
        }
    }
}
