// Sources/ReportFormatting/JSONDecodingProblem.swift - Why a JSON document was refused, in the tool's own words

import Foundation

/// Foundation's `DecodingError` said in the tool's terms: where in the document (`vectors[3].level`) and what
/// was wrong there (`expected a string`, `the key 'id' is missing`, `not valid JSON at byte 17`). Every JSON
/// file `xds` reads (the vector manifest, icon-loading sites and expectations, report documents) is refused
/// with this text, never with the library's (`DecodingError.dataCorrupted: Data was corrupted…`).
public enum JSONDecodingProblem {
    /// The problem `error` names, without the file: the caller puts the file (and the document kind) first.
    public static func text(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "not readable as JSON" }
        switch decoding {
        case .keyNotFound(let key, let context):
            let within = context.codingPath.isEmpty ? "" : " in " + place(context.codingPath)
            return "the key '\(key.stringValue)' is missing" + within
        case .typeMismatch(let type, let context):
            return place(context.codingPath) + ": expected " + kind(type)
        case .valueNotFound(let type, let context):
            return place(context.codingPath) + ": null where " + kind(type) + " is expected"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return "not valid JSON" + (byteOffset(context.underlyingError).map { " (at byte \($0))" } ?? "")
            }
            // At a path the description is the decoder's own sentence (a format's rule, an unknown enum value).
            return place(context.codingPath) + ": a value this document does not allow (" + context.debugDescription
                + ")"
        @unknown default:
            return "not readable as JSON"
        }
    }

    /// `vectors[3].level`; `the top level` for the document itself.
    public static func place(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "the top level" }
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    /// `a string`, `an integer`, … for the Swift type a decoder expected.
    private static func kind(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is any BinaryInteger.Type: return "an integer"
        case is any BinaryFloatingPoint.Type: return "a number"
        default: return String(describing: type).hasPrefix("Array<") ? "an array" : "an object"
        }
    }

    /// The byte offset Foundation's JSON reader reports for a syntax error, when it reports one.
    private static func byteOffset(_ underlying: (any Error)?) -> Int? {
        guard let underlying else { return nil }
        let info = (underlying as NSError).userInfo
        return info["NSJSONSerializationErrorIndex"] as? Int
    }
}
