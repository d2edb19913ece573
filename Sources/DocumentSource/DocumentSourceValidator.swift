// Sources/DocumentSource/DocumentSourceValidator.swift - Checks attribute bytes against the convention

import BinaryPlist

/// What `xds validate` found in an attribute's bytes.
public struct ValidationReport: Hashable, Sendable {
    /// Every finding, in a stable order: format, decode, schema, convention, portability.
    public var findings: [ValidationFinding]
    /// The attribute a reader would see (lenient reading), when the bytes decode to a dictionary.
    public var attribute: DocumentSourceAttribute?
    /// The format the bytes appear to be in.
    public var format: PropertyListFormat
    /// The size of the bytes as found.
    public var size: Int
    /// Whether the bytes fit each filesystem configuration, in `AttributeSizeLimits` order.
    public var portability: [Portability]

    /// Whether any finding is at error level.
    public var hasErrors: Bool { findings.contains { $0.level == .error } }

    /// Whether the value fits one filesystem configuration.
    public struct Portability: Hashable, Sendable {
        public var target: AttributeSizeLimits.Target
        public var fits: Bool
    }
}

/// The validator: decoder, schema, convention and portability rules over one attribute's bytes.
public enum DocumentSourceValidator {
    /// The keys a writer must set.
    public static let requiredKeys: Set<String> = ["identifier", "name"]

    /// Validates `bytes` as the value of attribute `name` (Linux spelling, for the size formulas).
    public static func validate(_ bytes: [UInt8], name: String = "user.x-document-source") -> ValidationReport {
        var findings: [ValidationFinding] = []
        let format = PropertyListFormat.detect(bytes)
        var value: PropertyListValue?
        switch format {
        case .empty: findings.append(.init(.formatEmpty, "the attribute is empty (0 bytes)"))
        case .xml: findings.append(.init(.formatXML, "XML property list where a binary one (bplist00) is required"))
        case .openStep:
            findings.append(.init(.formatOpenStep, "OpenStep text property list where a binary one is required"))
        case .unknown: findings.append(.init(.formatUnknown, "not a property list: no bplist00 header"))
        case .binary(let version):
            // A header cut before its two version bytes has no version to name: the decoder's header finding says
            // what is wrong with it.
            if version.utf8.count == 2, version != "00" {
                findings.append(
                    .init(
                        .formatBinaryVersion,
                        "binary property list version '\(version)'; only bplist00 is "
                            + "portable", offset: 6))
            }
            value = decode(bytes, findings: &findings)
        }
        var attribute: DocumentSourceAttribute?
        if let value {
            attribute = DocumentSourceAttribute(propertyList: value)
            checkSchema(value, findings: &findings)
        }
        if let attribute { ConventionRules.check(attribute, findings: &findings) }
        let portability = AttributeSizeLimits.portabilityTargets(name: name).map {
            ValidationReport.Portability(target: $0, fits: bytes.count <= $0.limit)
        }
        checkPortability(size: bytes.count, name: name, portability: portability, findings: &findings)
        return ValidationReport(
            findings: findings, attribute: attribute, format: format, size: bytes.count, portability: portability)
    }

    /// Strict first (to report duplicates and anything lenient readers tolerate), then lenient to read on.
    /// A header fault is left to the lenient pass: it reports every one the lenient rules do not tolerate, and
    /// a `bplist01`…`bplist09` header, which they do, is already `format.binary-version`.
    private static func decode(_ bytes: [UInt8], findings: inout [ValidationFinding]) -> PropertyListValue? {
        do {
            return try BPlistDecoder.decode(bytes, rules: .strict)
        } catch {
            if error.category == .duplicateKey {
                findings.append(.init(.schemaDuplicateKey, error.message, offset: error.offset))
            } else if error.category != .header {
                findings.append(decodeFinding(error))
            }
        }
        do {
            return try BPlistDecoder.decode(bytes, rules: DocumentSourceAttribute.readingRules)
        } catch {
            if findings.last?.offset != error.offset || findings.last?.code != "decode.error" {
                findings.append(decodeFinding(error))
            }
            return nil
        }
    }

    private static func decodeFinding(_ error: BPlistError) -> ValidationFinding {
        .init(
            .decodeError, "[\(error.category.rawValue)] \(error.message) at byte \(error.offset)",
            offset: error.offset, clause: .forDecoding(error))
    }

    private static func checkSchema(_ value: PropertyListValue, findings: inout [ValidationFinding]) {
        guard case .dictionary(let dictionary) = value else {
            findings.append(
                .init(
                    .schemaRootNotDictionary,
                    "the root is \(value.typeName), not a dictionary: readers see no "
                        + "attribute"))
            return
        }
        for key in DocumentSourceAttribute.keys {
            guard let entry = dictionary[key] else {
                let required = requiredKeys.contains(key)
                findings.append(
                    .init(
                        required ? .schemaMissingRequiredKey : .schemaMissingOptionalKey,
                        "no '\(key)' key" + (required ? "" : " (optional)"), key: key))
                continue
            }
            if case .string = entry { continue }
            findings.append(
                .init(
                    .schemaValueNotString, "'\(key)' is \(entry.typeName), not a string: readers ignore it",
                    key: key))
        }
        for key in dictionary.keys.sorted() where !DocumentSourceAttribute.keys.contains(key) {
            findings.append(.init(.schemaUnknownKey, "unknown key '\(key)' (readers ignore it)", key: key))
        }
    }

    private static func checkPortability(
        size: Int, name: String, portability: [ValidationReport.Portability],
        findings: inout [ValidationFinding]
    ) {
        let darwinName = name.hasPrefix("user.") ? String(name.dropFirst(5)) : name
        if darwinName.utf8.count > AttributeSizeLimits.macOSMaximumNameBytes {
            findings.append(
                .init(.portabilityNameTooLong, "the name '\(darwinName)' is longer than macOS's 127 bytes"))
        }
        if size > AttributeSizeLimits.linuxMaximum {
            findings.append(
                .init(
                    .portabilityTooLargeEverywhere,
                    "\(size) bytes is over Linux's 65536-byte limit for any "
                        + "extended attribute value"))
            return
        }
        for entry in portability where !entry.fits {
            let target = entry.target
            findings.append(
                .init(
                    .portabilityTooLarge,
                    "\(size) bytes do not fit \(target.label) (at most \(target.limit) "
                        + "bytes)", key: target.id))
        }
    }
}
