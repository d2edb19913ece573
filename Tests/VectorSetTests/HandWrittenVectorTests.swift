// Tests/VectorSetTests/HandWrittenVectorTests.swift - Hand-written vectors are files the generator keeps as they are

import ConformanceModel
import Foundation
import Testing
import VectorGenerators

/// `Vectors/` holds two kinds of entry: generated ones (`made` starts with `GeneratedVectorSet.generatedMark`), which
/// `make vectors` rewrites, and hand-written ones (regressions: CVEs, crashes, fuzz, differential and mutation
/// findings), whose files are the one copy of their bytes. Each test regenerates a copy of the committed set.
@Suite struct HandWrittenVectorTests {
    /// A scratch copy of the committed `Vectors/` with `Docs/spec.md` beside it (the hazards come from it).
    struct Copy {
        let root: URL
        var vectors: URL { root.appendingPathComponent("Vectors") }
        var manifestURL: URL { vectors.appendingPathComponent("manifest.json") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("xds-handwritten-\(UUID().uuidString)")
            let docs = root.appendingPathComponent("Docs")
            try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: VectorFiles.root, to: vectors)
            try FileManager.default.copyItem(
                at: VectorFiles.root.deletingLastPathComponent().appendingPathComponent("Docs/spec.md"),
                to: docs.appendingPathComponent("spec.md"))
        }

        func remove() { try? FileManager.default.removeItem(at: root) }

        func manifest() throws -> Manifest {
            try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: manifestURL))
        }

        func write(_ manifest: Manifest) throws {
            try Data(GeneratedVectorSet.render(manifest)).write(to: manifestURL)
        }

        func write(_ bytes: [UInt8], to path: String) throws {
            let url = vectors.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }

        func tree() throws -> [String: Data] { try VectorSetWriteTests.tree(vectors) }
    }

    /// A hand-written entry for `plist/<group>/<name>` (no expected file). `recommended`, so it has no `hazard` (the
    /// generator gives a `required` entry the hazard of its requirement in Docs/spec.md, the one field it refreshes).
    static func entry(_ group: VectorGroup, _ name: String, made: String = "hand-written: by the test")
        -> VectorMetadata
    {
        let id = "plist/\(group.rawValue)/\(name)"
        return VectorMetadata(
            id: id, area: .plist, group: group, input: id + ".bplist", expected: nil, description: "by the test",
            spec: "bplist.header.magic", level: .recommended, tags: [.header], since: suiteVersion, error: .header,
            made: made)
    }

    @Test func theHandWrittenFamiliesAreInTheManifest() throws {
        let handWritten = try VectorFiles.manifest().vectors.filter { !GeneratedVectorSet.isGenerated($0) }
        // The regressions: CVEs and crashes (32), fuzz findings (28 plist, 1 icons), differential (10), mutation (2).
        #expect(handWritten.count >= 73)
        for entry in handWritten {
            #expect(!entry.made.isEmpty, "\(entry.id): made says who or what made it")
        }
        let generatedIDs = Set(GeneratedVectorSet.generated().map(\.metadata.id))
        #expect(generatedIDs.isDisjoint(with: handWritten.map(\.id)))
        for tag in [VectorTag.cve, .crash, .fuzz, .differential, .mutation] {
            #expect(handWritten.contains { $0.tags.contains(tag) }, "no hand-written vector tagged \(tag)")
        }
    }

    /// Every file but the manifest is named by an entry, and every input and expected file by exactly one; only the
    /// further files of icon-loading vectors (their images) are shared.
    @Test func everyFileIsNamedByExactlyOneEntryAndEveryNamedFileExists() throws {
        let manifest = try VectorFiles.manifest()
        var own: [String: [String]] = [:]
        var shared: Set<String> = []
        for entry in manifest.vectors {
            for path in [entry.input] + (entry.expected.map { [$0] } ?? []) { own[path, default: []].append(entry.id) }
            shared.formUnion(entry.files ?? [])
        }
        for (path, ids) in own.sorted(by: { $0.key < $1.key }) where ids.count > 1 {
            Issue.record("\(path) is named by \(ids.count) entries: \(ids.joined(separator: ", "))")
        }
        #expect(shared.isDisjoint(with: own.keys), "a vector's own file is another's further file")
        let named = Set(own.keys).union(shared)
        let present = VectorFiles.allFiles().subtracting(["manifest.json"])
        #expect(present.subtracting(named).sorted() == [], "files no manifest entry names")
        #expect(named.subtracting(present).sorted() == [], "manifest entries whose files are missing")
    }

    /// `make vectors` over the committed set changes nothing: the generated families come out byte for byte, and
    /// the hand-written entries and files are left as they are.
    @Test func regeneratingReproducesTheCommittedSet() throws {
        let copy = try Copy()
        defer { copy.remove() }
        let before = try copy.tree()
        let committed = try copy.manifest()
        let counts = try GeneratedVectorSet.write(to: copy.vectors)
        let after = try copy.tree()
        #expect(Set(after.keys) == Set(before.keys), "files added or removed")
        for (path, bytes) in after.sorted(by: { $0.key < $1.key }) where before[path] != bytes {
            Issue.record("\(path) differs after regenerating: run `make vectors`, or fix the family")
        }
        let handWritten = committed.vectors.filter { !GeneratedVectorSet.isGenerated($0) }
        #expect(counts.handWritten == handWritten.count && counts.generated == GeneratedVectorSet.generated().count)
        let regenerated = try copy.manifest()
        for entry in handWritten {
            #expect(regenerated.vectors.filter { $0.id == entry.id } == [entry], "\(entry.id) changed")
        }
    }

    /// A new hand-written vector (here outside `regressions/`, where unlisted files would be removed) survives a
    /// regeneration byte for byte; a generated entry no family makes any more goes, with its file.
    @Test func aHandWrittenEntryIsPreservedAndAStaleGeneratedOneRemoved() throws {
        let copy = try Copy()
        defer { copy.remove() }
        var manifest = try copy.manifest()
        let mine = Self.entry(.invalid, "hand-written-by-the-test")
        let stale = Self.entry(.invalid, "no-family-makes-it", made: GeneratedVectorSet.generatedMark + " Gone")
        manifest.vectors += [mine, stale]
        try copy.write(manifest)
        try copy.write(Array("bplist0".utf8), to: mine.input)
        try copy.write(Array("bplist1".utf8), to: stale.input)
        let before = try copy.tree()

        try GeneratedVectorSet.write(to: copy.vectors)
        var after = try copy.tree()
        let written = try copy.manifest()
        #expect(written.vectors.filter { $0.id == mine.id } == [mine], "the hand-written entry is kept as it was")
        #expect(after[mine.input] == Data("bplist0".utf8), "its file is kept as it was")
        #expect(!written.vectors.contains { $0.id == stale.id }, "a stale generated entry is dropped")
        #expect(after[stale.input] == nil, "and its file removed")
        // Everything else is as before: the manifest is the committed one with the hand-written entry.
        manifest.vectors.removeAll { $0.id == stale.id }
        manifest.vectors.sort { $0.id < $1.id }
        #expect(written == manifest)
        after["manifest.json"] = nil
        var expected = before
        expected["manifest.json"] = nil
        expected[stale.input] = nil
        #expect(after == expected)

        // A second run changes nothing.
        let once = try copy.tree()
        try GeneratedVectorSet.write(to: copy.vectors)
        #expect(try copy.tree() == once)
    }

    /// A hand-written entry whose id or file is a generated vector's stops the generator before it writes anything.
    @Test(arguments: ["id", "file"])
    func theGeneratorRefusesACollision(kind: String) throws {
        let copy = try Copy()
        defer { copy.remove() }
        var manifest = try copy.manifest()
        let victim = try #require(manifest.vectors.first { $0.id == "plist/valid/offset-size-1" })
        var clash = Self.entry(.valid, kind == "id" ? "offset-size-1" : "clashing-input")
        if kind == "file" { clash.input = victim.input }
        manifest.vectors.removeAll { $0.id == clash.id }
        manifest.vectors.append(clash)
        try copy.write(manifest)
        try copy.write(Array("bplist0".utf8), to: clash.input)
        let before = try copy.tree()

        let error = #expect(throws: GeneratedVectorSetError.self) { try GeneratedVectorSet.write(to: copy.vectors) }
        #expect(error?.detail.contains("collide") == true, "\(String(describing: error))")
        #expect(error?.detail.contains(kind == "id" ? "id \(clash.id)" : "file \(victim.input)") == true)
        #expect(try copy.tree() == before, "nothing is written")
    }

    /// An unreadable manifest would lose every hand-written entry (and its files): the generator stops instead.
    @Test func anUnreadableManifestStopsTheGenerator() throws {
        let copy = try Copy()
        defer { copy.remove() }
        try Data("{\"suiteVersion\":".utf8).write(to: copy.manifestURL)
        let before = try copy.tree()
        #expect(throws: GeneratedVectorSetError.self) { try GeneratedVectorSet.write(to: copy.vectors) }
        #expect(try copy.tree() == before, "nothing is written")
    }

    /// The rule that tells the two kinds apart is the mark, and only the mark.
    @Test func isGeneratedIsTheMark() {
        #expect(GeneratedVectorSet.isGenerated(Self.entry(.valid, "a", made: "generator: PlistValidFamily")))
        #expect(!GeneratedVectorSet.isGenerated(Self.entry(.valid, "a", made: "hand-written: fuzz finding")))
        #expect(!GeneratedVectorSet.isGenerated(Self.entry(.valid, "a", made: "xds differential: cluster d-1")))
        #expect(GeneratedVectorSet.generated().allSatisfy { GeneratedVectorSet.isGenerated($0.metadata) })
    }
}
