// Sources/ReportFormatting/ReportJSON.swift - Every report's JSON: pretty, sorted keys, final newline, byte-stable

import Foundation

/// The JSON form shared by every report source (`conformance.json`, `bench.json`, …).
public enum ReportJSON {
    /// `value` as pretty-printed JSON with sorted keys and a final newline; equal values give equal bytes.
    public static func encode(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        // Encoding plain Codable structs cannot fail; an empty object would show it if it did.
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return Array(data) + [0x0A]
    }

    /// Parses `bytes` as `T`.
    /// - Throws: `ReportError` naming `path` and the JSON problem.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], path: String) throws(ReportError) -> T
    {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        do {
            return try decoder.decode(type, from: Data(bytes))
        } catch {
            throw ReportError(
                path: path, "not a \(type) document: \(JSONDecodingProblem.text(error))", kind: .notAReport)
        }
    }
}
