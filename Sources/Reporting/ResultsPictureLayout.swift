// Sources/Reporting/ResultsPictureLayout.swift - The results picture: cases where implementations differ

import ConformanceModel

/// Arranges the JSONTestSuite-style picture: implementations across, cases down, grouped by area and
/// hazard, only the cases where the implementations that have the call do not all agree; the cases left
/// out are counted in the footer.
public enum ResultsPictureLayout {
    /// Outcomes whose fill is light enough for a dark glyph.
    static let lightFills: Set<Outcome> = [.wrongValue, .nonCanonical, .implementationDefinedAccepted, .notApplicable]

    public static func grid(_ report: ConformanceReport) -> PictureGrid {
        let matrix = ConformanceMatrix(report)
        var groups: [PictureGroup] = []
        var allPass = 0
        var agreeing = 0
        for area in matrix.areas {
            var byHazard: [Hazard?: [PictureRow]] = [:]
            for row in matrix.rows where row.first.area == area {
                let judged = Set(row.signature.filter { $0 != .notApplicable })
                guard judged.count > 1 else {
                    if judged == [.pass] { allPass += 1 } else { agreeing += 1 }
                    continue
                }
                let hazard = row.results.lazy.compactMap { $0?.hazard }.first
                let cells = row.signature.map {
                    PictureCell(colour: $0.colour, glyph: $0.glyph, darkGlyph: lightFills.contains($0))
                }
                byHazard[hazard, default: []].append(PictureRow(label: row.first.caseID, cells: cells))
            }
            for hazard in Hazard.allCases.map(Optional.some) + [nil] {
                guard let rows = byHazard[hazard], !rows.isEmpty else { continue }
                let title =
                    "\(area.rawValue) · " + (hazard.map { "hazard: \($0.phrase)" } ?? "no hazard (below required)")
                groups.append(PictureGroup(title: title + " · \(rows.count) cases", rows: rows))
            }
        }
        let shown = groups.reduce(0) { $0 + $1.rows.count }
        let legend = Outcome.allCases.map { "\($0.glyph) \($0.rawValue)" }.joined(separator: "   ")
        let footer = [
            "\(shown) cases where the implementations differ; left out: \(allPass) cases every implementation passes"
                + (agreeing > 0 ? ", \(agreeing) where all agree on another outcome" : "") + ".",
            legend,
        ]
        return PictureGrid(columns: matrix.implementations.map(\.name), groups: groups, footer: footer)
    }
}
