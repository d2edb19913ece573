// Tests/AttributeFilesTests/AttributeFileTests.swift - The attribute on real tmpfs and ext4, checked by outside tools

import AttributeFiles
import DocumentSource
import FilesystemHarness
import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: MountGate.enabled, MountGate.reason))
struct AttributeFileTests {
    let sample = DocumentSourceAttribute(
        identifier: "com.appliedphasor.working-copy", name: "Working Copy", path: "libgit2/doc/README.md",
        appInfoURL: "https://workingcopyapp.com/appInfo.json")

    @Test(arguments: [FilesystemKind.tmpfs, .ext4()])
    func writeThenReadRoundTrips(kind: FilesystemKind) throws {
        try Mounts.withMountedFilesystem(kind) { fs in
            let file = fs.path("file")
            try makeFile(file)
            let result = try AttributeFile.write(sample, to: file)
            #expect(try AttributeFile.read(at: file) == sample)
            // What is on disk, as getfattr shows it and CPython's plistlib decodes it.
            let stored = try Tool.getfattr(file)
            #expect(stored == result.bytes)
            let decoded = try Plistlib.loads(stored ?? [])
            #expect(decoded == Dictionary(uniqueKeysWithValues: sample.fields.map { ($0.key, $0.value) }))
        }
    }

    @Test(arguments: [FilesystemKind.tmpfs, .ext4()])
    func readsWhatPlistlibAndSetfattrStore(kind: FilesystemKind) throws {
        try Mounts.withMountedFilesystem(kind) { fs in
            let file = fs.path("file")
            try makeFile(file)
            let bytes = try Plistlib.dumps(
                "{'identifier': 'org.example.ünï', 'name': 'Ex 🎉', 'path': 'a/b.txt', "
                    + "'appInfoURL': 'https://example.org/appInfo.json', 'other': 1}")
            try Tool.setfattr(file, bytes)
            let expected = DocumentSourceAttribute(
                identifier: "org.example.ünï", name: "Ex 🎉", path: "a/b.txt",
                appInfoURL: "https://example.org/appInfo.json")
            #expect(try AttributeFile.read(at: file) == expected)
        }
    }

    @Test func wrongTypesAreSkippedAndNonDictionaryIsNoAttribute() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            let file = fs.path("file")
            try makeFile(file)
            try Tool.setfattr(file, try Plistlib.dumps("{'identifier': 1, 'name': 'N', 'path': [1]}"))
            #expect(try AttributeFile.read(at: file) == DocumentSourceAttribute(name: "N"))
            try Tool.setfattr(file, try Plistlib.dumps("['identifier', 'name']"))
            #expect(throws: AttributeFileError.unreadable(path: file, .rootNotDictionary("an array"))) {
                try AttributeFile.read(at: file)
            }
        }
    }

    @Test func missingAttributeAndRemoval() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            let file = fs.path("file")
            try makeFile(file)
            #expect(throws: AttributeFileError.noAttribute(path: file)) { try AttributeFile.read(at: file) }
            try AttributeFile.write(sample, to: file)
            try AttributeFile.remove(at: file)
            #expect(try Tool.getfattr(file) == nil)
            #expect(throws: AttributeFileError.noAttribute(path: file)) { try AttributeFile.remove(at: file) }
        }
    }

    @Test func createOnlyRefusesExistingAndReplaceOnlyRefusesMissing() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            let file = fs.path("file")
            try makeFile(file)
            var options = AttributeFile.WriteOptions()
            options.mode = .replaceOnly
            let missing = #expect(throws: AttributeFileError.self) {
                try AttributeFile.write(sample, to: file, options: options)
            }
            guard case .system(let replaceError)? = missing else { throw CocoaError(.featureUnsupported) }
            #expect(replaceError.errno == .noData)
            options.mode = .createOnly
            try AttributeFile.write(sample, to: file, options: options)
            let before = try Tool.getfattr(file)
            var other = sample
            other.name = "Other"
            let exists = #expect(throws: AttributeFileError.self) {
                try AttributeFile.write(other, to: file, options: options)
            }
            guard case .system(let createError)? = exists else { throw CocoaError(.featureUnsupported) }
            #expect(createError.errno == .fileExists)
            #expect(try Tool.getfattr(file) == before)
        }
    }

    @Test func tooLargeForOneKiBExt4IsRefusedBeforeWriting() throws {
        try Mounts.withMountedFilesystem(.ext4(blockSize: 1024)) { fs in
            let file = fs.path("file")
            try makeFile(file)
            try AttributeFile.write(sample, to: file)
            let before = try Tool.getfattr(file)
            // The largest path whose encoding is exactly the 952-byte limit is written; one more is refused.
            let limit = AttributeSizeLimits.ext4(blockSize: 1024, name: AttributeFile.attributeName)
            var fitting = sample
            fitting.path = String(repeating: "p", count: 200)
            while fitting.encoded().count < limit { fitting.path! += "p" }
            #expect(fitting.encoded().count == limit)
            var tooLarge = fitting
            tooLarge.path! += "p"
            #expect(tooLarge.encoded().count == limit + 1)
            #expect(
                throws: AttributeFileError.tooLarge(
                    path: file, size: limit + 1, limit: limit, filesystem: "ext4 (1024-byte blocks)")
            ) { try AttributeFile.write(tooLarge, to: file) }
            #expect(try Tool.getfattr(file) == before)
            try AttributeFile.write(fitting, to: file)
            #expect(try AttributeFile.read(at: file) == fitting)
        }
    }

    @Test func dryRunChangesNothing() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            let file = fs.path("file")
            try makeFile(file)
            var options = AttributeFile.WriteOptions()
            options.dryRun = true
            let result = try AttributeFile.write(sample, to: file, options: options)
            #expect(result.bytes == sample.encoded())
            #expect(try Tool.getfattr(file) == nil)
        }
    }

    @Test func fieldsAreCheckedBeforeWriting() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            let file = fs.path("file")
            try makeFile(file)
            #expect(throws: AttributeFileError.missingField("name")) {
                try AttributeFile.write(DocumentSourceAttribute(identifier: "a"), to: file)
            }
            let insecure = DocumentSourceAttribute(identifier: "a", name: "b", appInfoURL: "http://x/a.json")
            #expect(throws: AttributeFileError.insecureURL("http://x/a.json", reason: "http is not https")) {
                try AttributeFile.write(insecure, to: file)
            }
            // A URL no URL parser can hold is refused even when insecure URLs are allowed.
            var lenient = AttributeFile.WriteOptions()
            lenient.allowInsecureURL = true
            for bad in ["https://h/<img>", "https://user@h/a", "https://h:99999999/a", "https://h/a b"] {
                let attribute = DocumentSourceAttribute(identifier: "a", name: "b", appInfoURL: bad)
                let strict = #expect(throws: AttributeFileError.self) { try AttributeFile.write(attribute, to: file) }
                guard case .insecureURL(bad, _)? = strict else {
                    Issue.record("\(bad): expected insecureURL, got \(String(describing: strict))")
                    continue
                }
                if bad.contains("<") || bad.contains(" ") {
                    let refused = #expect(throws: AttributeFileError.self) {
                        try AttributeFile.write(attribute, to: file, options: lenient)
                    }
                    guard case .insecureURL(bad, _)? = refused else {
                        Issue.record("\(bad): expected insecureURL, got \(String(describing: refused))")
                        continue
                    }
                }
            }
            #expect(try Tool.getfattr(file) == nil)
            var options = AttributeFile.WriteOptions()
            options.allowInsecureURL = true
            try AttributeFile.write(insecure, to: file, options: options)
            #expect(try AttributeFile.read(at: file) == insecure)
        }
    }
}
