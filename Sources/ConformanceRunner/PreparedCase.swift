// Sources/ConformanceRunner/PreparedCase.swift - What grading a case needs that depends on the case alone

import BinaryPlist
import ConformanceModel
import TaggedJSON

/// A case with everything its grading reads from the vector worked out once: the report's `expected` text and the
/// vector's expected JSON, parsed. The runner grades a case once per implementation and the fuzz oracle grades the
/// same few cases on every input, so none of this is redone per call.
public struct PreparedCase: Sendable {
    public let testCase: ConformanceCase
    /// One line saying what the case expects (the report's `expected` cell).
    public let expected: String
    /// decode and encode cases: the vector's expected tagged JSON as a value; nil when absent or unreadable.
    let expectedValue: PropertyListValue?
    /// Attribute cases: what the vector's expected JSON says; nil when absent or unreadable.
    let attribute: AttributeVectorExpectation?
    /// Icon cases: what the vector's expected JSON says; nil when absent or unreadable.
    let icons: IconsVectorExpectation?

    public init(_ testCase: ConformanceCase) {
        self.testCase = testCase
        let vector = testCase.vector
        var expectedValue: PropertyListValue?
        var attribute: AttributeVectorExpectation?
        var icons: IconsVectorExpectation?
        switch testCase.kind {
        case .decode, .encode, .encodeCanonical:
            expectedValue = vector.expected.flatMap { try? TaggedJSON.decode($0) }
        case .readAttribute, .writeAttribute:
            attribute = vector.expected.flatMap { AttributeVectorExpectation($0) }
        case .selectIcon:
            icons = vector.expected.flatMap { IconsVectorExpectation($0) }
        case .loadIcon:
            break  // the icon-loading judge reads its own vector format
        }
        self.expectedValue = expectedValue
        self.attribute = attribute
        self.icons = icons
        expected = Self.expectation(testCase, attribute: attribute, icons: icons)
    }

    private static func expectation(
        _ testCase: ConformanceCase, attribute: AttributeVectorExpectation?, icons: IconsVectorExpectation?
    ) -> String {
        let vector = testCase.vector
        if vector.metadata.group == .implementationDefined || vector.metadata.level == .implementationDefined {
            return "implementation-defined: accept or reject"
        }
        switch testCase.kind {
        case .decode:
            if let expected = vector.expected { return "accept: " + escapedText(expected, limit: 400) }
            return "reject (\(vector.metadata.error?.rawValue ?? "invalid"))"
        case .encode:
            return "bplist decoding to " + escapedText(vector.expected ?? [], limit: 400)
        case .encodeCanonical:
            return "the canonical bytes: " + escapedText(vector.input, limit: 400)
        case .readAttribute, .writeAttribute:
            guard let attribute else { return "reject" }
            guard let fields = attribute.fields else {
                return vector.metadata.isWriteInput ? "refuse the input (exit 1)" : "reject (no attribute)"
            }
            return "fields " + String(decoding: FieldObject.render(fields), as: UTF8.self)
        case .selectIcon(let scale):
            guard let icons else { return "unknown" }
            switch icons.recommended[scale] {
            case .icon(let url): return url
            case .none?: return "no icon"
            case .originalRaises: return "original raises"
            case nil: return "unknown"
            }
        case .loadIcon:
            return vector.metadata.description
        }
    }
}
