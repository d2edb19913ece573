// FuzzTesting/Sources/FuzzCommon/AttributeReaderCheck.swift - Oracle 3: attribute bytes → the four fields

import BinaryPlist
import DocumentSource

/// The attribute-reader oracle.
///
/// Accepted bytes: they start with `bplist`, decode (with the reader's rules) to a dictionary, and
/// every field is exactly the string that dictionary holds under its key (nil for a missing key or a
/// non-string value): the reader never invents or keeps more than the input holds, and no field is
/// longer, in UTF-16 units, than the input is in bytes. The fields written back read the same.
/// Rejected bytes: the reason matches an independent reading (not binary, undecodable with an
/// offset inside the input, or a root that is not a dictionary). The oracle's reading is
/// `AttributeReading`.
public enum AttributeReaderCheck {
    /// The fuzz target's name, used in findings and reports.
    public static let target = "FuzzAttribute"

    /// The reader's answer for one attribute value.
    typealias Answer = Result<DocumentSourceAttribute, DocumentSourceReadError>

    /// The binary header (kept: `Array("bplist".utf8)` per input is an allocation).
    private static let binaryHeader = Array("bplist".utf8)

    /// Runs the oracle on one fuzz input (the whole input is the attribute value).
    /// - Throws: `FuzzFinding` when an invariant breaks.
    @discardableResult
    public static func run(_ input: [UInt8]) throws(FuzzFinding) -> Bool {
        try check(input)
        return true
    }

    /// Runs the oracle on one attribute value.
    /// - Throws: `FuzzFinding` when an invariant breaks.
    public static func check(_ bytes: [UInt8]) throws(FuzzFinding) {
        let answer: Answer
        var document: BPlistDocument?
        do {
            let read = try DocumentSourceAttribute.read(bytes)
            answer = .success(read.attribute)
            document = read.document
        } catch {
            answer = .failure(error)
        }
        try judge(answer, for: bytes, document: document)
    }

    /// Judges the reader's answer for `bytes` against the oracle's own reading (tests hand it wrong answers).
    /// - Parameter document: the checked document the reader read an accepted attribute from
    ///   (`DocumentSourceAttribute.read`): the oracle reads the same document its own way instead of
    ///   checking the bytes again, which cost a third of the check. Without it, the oracle checks them.
    /// - Throws: `FuzzFinding` when an invariant breaks.
    static func judge(_ answer: Answer, for bytes: [UInt8], document: BPlistDocument? = nil) throws(FuzzFinding) {
        let isBinary = bytes.starts(with: binaryHeader)
        let attribute: DocumentSourceAttribute
        switch answer {
        case .failure(let error):
            try checkRejection(error, bytes: bytes, isBinary: isBinary)
            return
        case .success(let read): attribute = read
        }
        let reading = document.map { Result<AttributeReading, BPlistError>.success(AttributeReading.read($0)) }
        guard isBinary, case .success(.dictionary(let strings)) = reading ?? AttributeReading.read(bytes) else {
            throw FuzzFinding(target, "only a binary plist dictionary is an attribute", "read \(attribute)")
        }
        try checkField("identifier", attribute.identifier, expected: strings.identifier, bytes: bytes)
        try checkField("name", attribute.name, expected: strings.name, bytes: bytes)
        try checkField("path", attribute.path, expected: strings.path, bytes: bytes)
        try checkField("appInfoURL", attribute.appInfoURL, expected: strings.appInfoURL, bytes: bytes)
        let reread: DocumentSourceAttribute
        do { reread = try DocumentSourceAttribute(decoding: attribute.encoded()) } catch {
            throw FuzzFinding(target, "the fields written back read back", "\(error)")
        }
        guard reread == attribute else {
            throw FuzzFinding(target, "the fields written back read the same", "\(reread) != \(attribute)")
        }
    }

    /// One field against the string the oracle's reading holds under its key.
    private static func checkField(
        _ key: String, _ field: String?, expected: String?, bytes: [UInt8]
    ) throws(FuzzFinding) {
        guard field == expected else {
            throw FuzzFinding(target, "each field is the string under its key", "\(key): \(field as Any)")
        }
        if let field, field.utf16.count > bytes.count {
            throw FuzzFinding(target, "no field is longer than the input", "\(key): \(field.utf16.count) units")
        }
    }

    private static func checkRejection(
        _ error: DocumentSourceReadError, bytes: [UInt8], isBinary: Bool
    ) throws(FuzzFinding) {
        switch error {
        case .notBinary:
            guard !isBinary else { throw FuzzFinding(target, "a bplist header is binary", "\(error)") }
        case .undecodable(let decoding):
            guard isBinary, case .failure = AttributeReading.read(bytes), (0...bytes.count).contains(decoding.offset)
            else {
                throw FuzzFinding(target, "undecodable means the decoder rejects, inside the input", "\(error)")
            }
        case .rootNotDictionary:
            guard case .success(.notDictionary) = AttributeReading.read(bytes) else {
                throw FuzzFinding(target, "root-not-dictionary means the root is not a dictionary", "\(error)")
            }
        }
    }
}
