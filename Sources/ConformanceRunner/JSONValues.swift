// Sources/ConformanceRunner/JSONValues.swift - Small JSON readings the judges need (the capabilities list)

import Foundation

/// Parses a JSON list of strings, e.g. the `capabilities` answer.
func parseStringList(_ bytes: [UInt8]) -> [String]? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else {
        return nil
    }
    return object as? [String]
}
