// Sources/Conformance/SpecificationFile.swift - Finding Docs/spec.md beside a vectors folder

import Foundation

/// Where a conformance run finds the specification whose clauses its reports cite.
public enum SpecificationFile {
    /// `Docs/spec.md` in the folder that holds the vectors folder (`<vectors>/../Docs/spec.md`, the
    /// checkout's layout), parsed; nil when there is none (reports then name requirements by id only).
    public static func beside(vectorsDirectory: String) -> SpecificationDocument? {
        let url = URL(fileURLWithPath: vectorsDirectory).standardizedFileURL.deletingLastPathComponent()
            .appendingPathComponent("Docs/spec.md")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        return SpecificationDocument.parse(text)
    }
}
