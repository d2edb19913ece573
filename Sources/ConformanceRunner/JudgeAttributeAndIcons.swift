// Sources/ConformanceRunner/JudgeAttributeAndIcons.swift - Grading the attribute (via a real xattr) and icon cases

import AttributeFiles
import BinaryPlist
import ChildProcess
import ConformanceModel
import Foundation
import TaggedJSON

#if canImport(Glibc)
    import Glibc
#endif

extension Judge {
    func readAttribute(_ prepared: PreparedCase, on implementation: any Implementation) -> Grade {
        let testCase = prepared.testCase
        let vector = testCase.vector
        let expected = prepared.expected
        let parsed = prepared.attribute
        guard let file = makeTemporaryFile(testCase.id) else {
            return Grade(
                outcome: .crash, expected: expected, result: nil, note: "runner: cannot create a temporary file")
        }
        defer { unlink(file) }
        do {
            try ExtendedAttributes.setValue(vector.input, named: ExtendedAttributes.documentSourceName, at: file)
        } catch {
            // The runner's filesystem cannot hold this value (e.g. over ext4's 4 KiB): nothing to judge here.
            return Grade(
                outcome: .notApplicable, expected: expected, result: nil,
                note: "runner: this filesystem refuses the value (\(error)); run with TMPDIR on tmpfs, xfs or btrfs")
        }
        let result = implementation.perform(.readAttribute(path: file))
        let shouldAccept: Bool? =
            vector.metadata.group == .implementationDefined ? nil : (parsed.map { $0.fields != nil } ?? false)
        return gradeVerdict(vector, shouldAccept: shouldAccept, result: result, expected: expected) {
            guard let wanted = parsed?.fields else { return (false, "the vector's expected JSON does not parse") }
            let fields: [String: String]
            do {
                fields = try FieldObject.read(result.stdout, requiring: [])
            } catch {
                return (false, "output: \(error)")
            }
            return (fields == wanted, nil)
        }
    }

    func writeAttribute(_ prepared: PreparedCase, on implementation: any Implementation) -> Grade {
        let testCase = prepared.testCase
        let vector = testCase.vector
        let expected = prepared.expected
        if vector.metadata.isWriteInput { return writeInput(prepared, on: implementation) }
        guard let wanted = prepared.attribute?.fields else {
            return Grade(outcome: .notApplicable, expected: expected, result: nil)
        }
        guard let file = makeTemporaryFile(testCase.id) else {
            return Grade(
                outcome: .crash, expected: expected, result: nil, note: "runner: cannot create a temporary file")
        }
        defer { unlink(file) }
        // A value of the vector's size must fit this filesystem, or there is nothing fair to ask.
        do {
            try ExtendedAttributes.setValue(vector.input, named: ExtendedAttributes.documentSourceName, at: file)
            try ExtendedAttributes.removeValue(named: ExtendedAttributes.documentSourceName, at: file)
        } catch {
            return Grade(
                outcome: .notApplicable, expected: expected, result: nil,
                note: "runner: this filesystem refuses a value of this size (\(error))")
        }
        let result = implementation.perform(.writeAttribute(path: file, fields: FieldObject.render(wanted)))
        return gradeVerdict(vector, shouldAccept: true, result: result, expected: expected) {
            compareWritten(file, with: wanted)
        }
    }

    /// A write-input vector: its bytes, as they are, on `write-attribute`'s standard input (an extra, repeated or
    /// missing key), judged by the verdict its expected file states (`{"fields": null}`: refuse) and, when it
    /// must be accepted, by the fields read back.
    private func writeInput(_ prepared: PreparedCase, on implementation: any Implementation) -> Grade {
        let testCase = prepared.testCase
        let vector = testCase.vector
        guard let expectation = prepared.attribute else {
            return Grade(
                outcome: .notApplicable, expected: prepared.expected, result: nil,
                note: "runner: the vector's expected JSON does not parse")
        }
        guard let file = makeTemporaryFile(testCase.id) else {
            return Grade(
                outcome: .crash, expected: prepared.expected, result: nil,
                note: "runner: cannot create a temporary file")
        }
        defer { unlink(file) }
        let result = implementation.perform(.writeAttribute(path: file, fields: vector.input))
        let shouldAccept = mustAccept(vector).map { _ in expectation.fields != nil }
        return gradeVerdict(vector, shouldAccept: shouldAccept, result: result, expected: prepared.expected) {
            guard let wanted = expectation.fields else { return (false, nil) }
            return compareWritten(file, with: wanted)
        }
    }

    /// Whether the attribute on `file` decodes (reference decoder) to exactly `wanted`, and a note when not.
    private func compareWritten(_ file: String, with wanted: [String: String]) -> (Bool, String?) {
        guard let bytes = readAttributeBytes(file) else { return (false, "no attribute was written") }
        guard case .dictionary(let dictionary) = (try? BPlistDecoder.decode(bytes)) ?? .null else {
            return (false, "the reference decoder does not read a dictionary from the written attribute")
        }
        var written: [String: String] = [:]
        for (key, value) in dictionary {
            guard case .string(let text) = value else { return (false, "key '\(key)' is not a string") }
            written[key] = text
        }
        return (
            written == wanted,
            written == wanted ? nil : "wrote " + String(decoding: FieldObject.render(written), as: UTF8.self)
        )
    }

    func selectIcon(_ prepared: PreparedCase, scale: Int, on implementation: any Implementation) -> Grade {
        let vector = prepared.testCase.vector
        let expected = prepared.expected
        guard let expectations = prepared.icons,
            let wanted = expectations.recommended[scale]
        else {
            return Grade(
                outcome: .notApplicable, expected: expected, result: nil, note: "runner: the vector has no expectation")
        }
        let result = implementation.perform(
            .selectIcon(scale: scale, appInfoURL: expectations.appInfoURL, appInfo: vector.input))
        let shouldAccept: Bool?
        switch wanted {
        case .icon: shouldAccept = true
        case .none: shouldAccept = false
        case .originalRaises: shouldAccept = false
        }
        return gradeVerdict(
            vector, shouldAccept: vector.metadata.group == .implementationDefined ? nil : shouldAccept,
            result: result, expected: expected
        ) {
            guard case .icon(let url) = wanted else { return (false, nil) }
            let chosen = String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return (chosen == url, nil)
        }
    }

    /// An empty regular file in the work directory, named after the case.
    private func makeTemporaryFile(_ caseID: String) -> String? {
        let safe = String(caseID.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }.prefix(80))
        let path = workDirectory + "/" + safe + "-" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        close(descriptor)
        return path
    }
}

/// The bytes of `user.x-document-source` on `path`, or nil when absent or unreadable.
func readAttributeBytes(_ path: String) -> [UInt8]? {
    (try? ExtendedAttributes.value(named: ExtendedAttributes.documentSourceName, at: path)) ?? nil
}
