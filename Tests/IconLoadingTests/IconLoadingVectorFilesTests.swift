// Tests/IconLoadingTests/IconLoadingVectorFilesTests.swift - The icon-loading vectors as files: listed, consistent,
// and what the files say is what the runner judges

import ConformanceModel
import Foundation
import IconImages
import IconLoading
import IconLoadingArea
import Testing

/// The committed `Vectors/`, loaded as `xds conformance --vectors Vectors` loads it.
enum CommittedIconLoadingVectors {
    static var root: String { TestSite.packageRoot.appendingPathComponent("Vectors").path }

    static func directory() throws -> VectorDirectory { try VectorDirectory.load(directory: root) }

    static func all() throws -> [IconLoadingVector] { try IconLoadingVector.all(in: directory().vectors) }
}

@Suite struct IconLoadingVectorFilesTests {
    @Test func everyFileUnderIconLoadingIsListedAndEveryListedFileLoads() throws {
        let directory = try CommittedIconLoadingVectors.directory()  // throws on a listed file that is missing
        let entries = directory.manifest.vectors.filter { $0.area == .iconLoading }
        #expect(entries.count >= 40)
        let listed = Set(entries.flatMap(\.paths))
        let root = URL(fileURLWithPath: CommittedIconLoadingVectors.root)
        var present: Set<String> = []
        let walker = FileManager.default.enumerator(
            at: root.appendingPathComponent("icon-loading"), includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard !url.hasDirectoryPath else { continue }
            present.insert(String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)))
        }
        #expect(!present.isEmpty)
        #expect(present.subtracting(listed).sorted() == [], "files under Vectors/icon-loading no entry lists")
        #expect(listed.subtracting(present).sorted() == [], "listed files that are missing")
        for entry in entries {
            #expect(entry.input == entry.id + ".site.json" && entry.expected == entry.id + ".json", "\(entry.id)")
            #expect(entry.files?.isEmpty == false || entry.group == .invalid, "\(entry.id) serves no file")
        }
    }

    @Test func everySiteIsWrittenAtEachScaleAndTheStatedScaleIsTheName() throws {
        let vectors = try CommittedIconLoadingVectors.all()
        var scalesBySite: [String: Set<Int>] = [:]
        for vector in vectors {
            let suffix = "-scale-\(vector.scale)"
            #expect(vector.id.hasSuffix(suffix), "\(vector.id) at scale \(vector.scale)")
            scalesBySite[String(vector.id.dropLast(suffix.count)), default: []].insert(vector.scale)
        }
        #expect(scalesBySite.count >= 20)
        #expect(scalesBySite.values.allSatisfy { $0 == [1, 2, 3] })
    }

    /// The generator states the image properties with its own oracle; the judge's own derivation from the source
    /// image must give the same values, or the files and `xds icon`'s tests would judge differently.
    @Test func statedImagePropertiesAreTheJudgesDerivation() throws {
        var icons = 0
        for vector in try CommittedIconLoadingVectors.all() {
            guard let image = vector.expectation.image else { continue }
            icons += 1
            let source = try ImageDecoder.decode(try #require(vector.sourceBytes))
            #expect(
                IconLoadingJudge.maskExpectation(image) == MaskExpectation.derived(source: source, scale: vector.scale),
                "\(vector.id)")
            #expect(image.size == 29 * vector.scale)
        }
        #expect(icons >= 30)
    }

    @Test func malformedVectorsAreRefusedWithTheirReason() throws {
        var vector = try #require(
            try CommittedIconLoadingVectors.directory().vectors.first {
                $0.metadata.id.hasSuffix("exact-sizes-scale-1")
            })
        vector.files = [:]
        let noFiles = #expect(throws: IconLoadingVectorError.self) { try IconLoadingVector(vector) }
        #expect(noFiles?.id == vector.metadata.id)
        #expect(
            noFiles?.detail.hasSuffix("which the manifest entry does not list") == true,
            "\(noFiles?.detail ?? "no error")")
        var misspelt = try #require(
            try CommittedIconLoadingVectors.directory().vectors.first {
                $0.metadata.id.hasSuffix("exact-sizes-scale-1")
            })
        misspelt.input = Array(
            String(decoding: misspelt.input, as: UTF8.self).replacingOccurrences(
                of: "\"contentType\"", with: "\"contenType\""
            ).utf8)
        let misspeltError = #expect(throws: IconLoadingVectorError.self) { try IconLoadingVector(misspelt) }
        #expect(misspeltError?.detail.contains("is not an icon-loading site") == true)
        #expect(misspeltError?.detail.contains("contentType") == true, "\(misspeltError?.detail ?? "no error")")
    }
}
