// Sources/ConformanceRunner/JSONValues.swift - Small JSON readings the judges need (lists, field objects)

import Foundation

/// Parses a JSON list of strings, e.g. the `capabilities` answer.
func parseStringList(_ bytes: [UInt8]) -> [String]? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else {
        return nil
    }
    return object as? [String]
}

/// A JSON object whose values are all strings (the attribute fields), or nil when `bytes` is not one.
public func parseFieldObject(_ bytes: [UInt8]) -> [String: String]? {
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
public func renderFieldObject(_ fields: [String: String]) -> [UInt8] {
    let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data("{}".utf8)
    return [UInt8](data)
}
