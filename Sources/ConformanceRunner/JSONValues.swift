// Sources/Conformance/JSONValues.swift - Small JSON readings the judges need (lists, field objects)

import Foundation

/// Parses a JSON list of strings, e.g. the `capabilities` answer.
func parseStringList(_ bytes: [UInt8]) -> [String]? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else {
        return nil
    }
    return object as? [String]
}

/// A JSON object whose values are all strings (the attribute fields), or nil when `bytes` is not one.
func parseFieldObject(_ bytes: [UInt8]) -> [String: String]? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]),
        let dictionary = object as? [String: Any]
    else { return nil }
    var fields: [String: String] = [:]
    for (key, value) in dictionary {
        guard let text = value as? String else { return nil }
        fields[key] = text
    }
    return fields
}

/// Renders string fields as a JSON object with sorted keys.
func renderFieldObject(_ fields: [String: String]) -> [UInt8] {
    let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data("{}".utf8)
    return [UInt8](data)
}

/// The expectation of an attribute vector: the kept fields, or nil for "no attribute" (`{"fields": null}`).
struct AttributeExpectation {
    var fields: [String: String]?

    init?(_ bytes: [UInt8]) {
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
enum IconExpectation: Hashable {
    case icon(url: String)
    case none
    case originalRaises
}

/// The expectations of an icons vector (Docs/vectors.md).
struct IconsExpectation {
    var appInfoURL: String
    var recommended: [Int: IconExpectation]
    var legacy: [Int: IconExpectation]

    init?(_ bytes: [UInt8]) {
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
