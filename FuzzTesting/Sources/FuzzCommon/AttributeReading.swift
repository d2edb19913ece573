// FuzzTesting/Sources/FuzzCommon/AttributeReading.swift - The attribute oracle's own reading of the bytes

import BinaryPlist
import DocumentSource

/// What the attribute-reader oracle reads from attribute bytes by itself, to judge the reader's answer.
///
/// The verdict is `BPlistDecoder.decode(bytes, rules: DocumentSourceAttribute.readingRules)`'s (the
/// decoder is a `BPlistDocument` and its materialisation, and materialising cannot fail): the same
/// error, or a root. Of a root dictionary it reads what the oracle compares, as the decoded dictionary
/// holds it: every entry's key text (`BPlistDocument.string`, as the decoder builds keys) is compared
/// by `String ==` with the four keys, and a string value is built as the decoder builds it
/// (`propertyList`); entries are taken in order, so a later equal key replaces an earlier one, as in
/// the decoded dictionary. Nothing below the root is built: a field is never a container's content,
/// and materialising the whole tree was about a fifth of FuzzAttribute's time (Docs/fuzzing.md).
enum AttributeReading: Equatable {
    /// The root is a dictionary; these are the strings under the four keys (nil: missing or not a string).
    case dictionary(DocumentSourceAttribute)
    /// The root is anything else.
    case notDictionary

    /// Reads `bytes` with the reader's rules.
    /// - Returns: the reading, or the decoder's error.
    static func read(_ bytes: [UInt8]) -> Result<AttributeReading, BPlistError> {
        let document: BPlistDocument
        do {
            document = try BPlistDocument(bytes, rules: DocumentSourceAttribute.readingRules)
        } catch {
            return .failure(error)
        }
        return .success(read(document))
    }

    /// Reads a document already checked with the reader's rules.
    static func read(_ document: BPlistDocument) -> AttributeReading {
        let root = document.root
        guard document.kind(of: root) == .dictionary else { return .notDictionary }
        var strings = DocumentSourceAttribute()
        for position in 0..<document.count(of: root) {
            let (key, value) = document.entry(position, of: root)
            // Dictionary keys are strings (the decoder's key-type rule), as the decoded dictionary's are.
            guard let keyText = document.string(key) else { continue }
            var text: String?
            if document.kind(of: value) == .string, case .string(let string) = document.propertyList(value) {
                text = string
            }
            switch keyText {
            case "identifier": strings.identifier = text
            case "name": strings.name = text
            case "path": strings.path = text
            case "appInfoURL": strings.appInfoURL = text
            default: continue
            }
        }
        return .dictionary(strings)
    }
}
