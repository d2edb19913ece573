// Sources/ConformanceModel/VectorExpectations.swift - What an attribute or icons vector's expected JSON says

import Foundation

/// The expectation of an attribute vector: the kept fields, or nil for "no attribute" (`{"fields": null}`).
public struct AttributeExpectation: Hashable, Sendable {
    public var fields: [String: String]?

    public init?(_ bytes: [UInt8]) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
            let value = object["fields"]
        else { return nil }
        if value is NSNull {
            fields = nil
        } else if let dictionary = value as? [String: Any] {
            var kept: [String: String] = [:]
            for (key, item) in dictionary {
                guard let text = item as? String else { return nil }
                kept[key] = text
            }
            fields = kept
        } else {
            return nil
        }
    }
}

/// One scale's expectation of an icons vector.
public enum IconExpectation: Hashable, Sendable {
    case icon(url: String)
    case none
    case originalRaises
}

/// The expectations of an icons vector (Docs/vectors.md).
public struct IconsExpectation: Hashable, Sendable {
    public var appInfoURL: String
    public var recommended: [Int: IconExpectation]
    public var legacy: [Int: IconExpectation]

    public init?(_ bytes: [UInt8]) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
            let url = object["appInfoURL"] as? String
        else { return nil }
        appInfoURL = url
        recommended = IconsExpectation.outcomes(object["recommended"])
        legacy = IconsExpectation.outcomes(object["legacy"])
    }

    private static func outcomes(_ value: Any?) -> [Int: IconExpectation] {
        guard let table = value as? [String: Any] else { return [:] }
        var result: [Int: IconExpectation] = [:]
        for (scaleText, entry) in table {
            guard let scale = Int(scaleText), let entry = entry as? [String: Any],
                let outcome = entry["outcome"] as? String
            else { continue }
            switch outcome {
            case "icon": if let url = entry["url"] as? String { result[scale] = .icon(url: url) }
            case "none": result[scale] = IconExpectation.none
            case "original-raises": result[scale] = .originalRaises
            default: continue
            }
        }
        return result
    }
}
