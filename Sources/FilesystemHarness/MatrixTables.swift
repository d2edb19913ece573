// Sources/FilesystemHarness/MatrixTables.swift - The report's tables, shared by the Markdown and HTML renderings

/// A titled table of text cells.
public struct MatrixTable: Hashable, Sendable {
    public var title: String
    public var note: String
    public var header: [String]
    public var rows: [[String]]
}

extension FilesystemMatrixReport {
    /// Limits, errno, round trips, survival and copies onto smaller filesystems, in that order.
    public var tables: [MatrixTable] {
        [limitsTable, errnoTable, roundTripTable("bytes"), roundTripTable("fields"), survivalTable, smallerTable]
    }

    var limitsTable: MatrixTable {
        let header = [
            "filesystem", "made with", "statfs", "block", "node", "file", "errno above", "directory", "1-byte name",
            "255-byte name", "second attr", "writer formula", "agrees",
        ]
        let rows = filesystems.map { result -> [String] in
            guard let probe = result.probe else { return [result.label, result.options, result.failure ?? "-"] }
            func limit(_ id: String) -> LimitMeasurement? { probe.limits.first { $0.id == id } }
            func size(_ id: String) -> String { limit(id)?.maximum.map(String.init) ?? "none" }
            let file = limit("file")
            let differences = probe.formulaDifferences.map(\.id)
            return [
                result.label, result.options, probe.geometry.type, "\(probe.geometry.blockSize)",
                probe.geometry.nodeSize.map(String.init) ?? "-", size("file"), file?.errnoAbove ?? "-",
                size("directory"), size("file-1-byte-name"), size("file-255-byte-name"), size("second-attribute"),
                file?.formula.map(String.init) ?? "none",
                file?.formula == nil ? "-" : (differences.isEmpty ? "✓" : "✗ " + differences.joined(separator: ", ")),
            ]
        }
        return MatrixTable(
            title: "Limits", note: "Largest user.x-document-source value accepted (bytes, binary search 0…65,536).",
            header: header, rows: rows)
    }

    var errnoTable: MatrixTable {
        let ids = filesystems.compactMap(\.probe).first?.errnos.map(\.id) ?? []
        let rows = filesystems.compactMap { result -> [String]? in
            guard let probe = result.probe else { return nil }
            return [result.label]
                + ids.map { id in
                    guard let found = probe.errnos.first(where: { $0.id == id }) else { return "-" }
                    return found.matches ? found.result : "\(found.result) (usual: \(found.expected))"
                }
        }
        return MatrixTable(
            title: "errno", note: "What each deliberately failing call returns.", header: ["filesystem"] + ids,
            rows: rows)
    }

    func roundTripTable(_ level: String) -> MatrixTable {
        let cells = roundTrips.filter { $0.level == level }
        var labels: [String] = []
        for cell in cells where !labels.contains(cell.filesystem) { labels.append(cell.filesystem) }
        var keys: [String] = []
        for cell in cells {
            if !keys.contains(rowKey(cell)) { keys.append(rowKey(cell)) }
        }
        let rows = keys.map { key in
            [key]
                + labels.map { label in
                    guard let cell = cells.first(where: { $0.filesystem == label && rowKey($0) == key }) else {
                        return "-"
                    }
                    // The whole message is in the JSON; the table keeps the start of it.
                    let detail = cell.detail.count > 44 ? cell.detail.prefix(44) + "…" : cell.detail
                    return cell.preserved ? "✓" : "✗ \(detail)"
                }
        }
        let missing = unavailableImplementations.map { "\($0.name): \($0.reason)" }.joined(separator: "; ")
        let note =
            level == "bytes"
            ? "Raw attribute bytes written by one program and read by another (200 B and the filesystem's limit)."
            : "The four fields written by one implementation and read by another: the reference library in "
                + "process, CPython plistlib inline, and adapter-protocol commands (write-attribute, read-attribute)."
                + (missing.isEmpty ? "" : " Not available: \(missing).")
        return MatrixTable(
            title: level == "bytes" ? "Round trips: bytes" : "Round trips: implementations", note: note,
            header: ["writer → reader"] + labels, rows: rows)
    }

    /// `writer → reader` (and, for bytes, which of the two sizes).
    func rowKey(_ cell: RoundTripCell) -> String {
        let pair = "\(cell.writer) → \(cell.reader)"
        guard cell.level == "bytes" else { return pair }
        return pair + (cell.valueSize == 200 ? ", 200 B" : ", limit")
    }

    var survivalTable: MatrixTable {
        var columns: [(label: String, size: Int)] = []
        for cell in survival where !columns.contains(where: { $0 == (cell.source, cell.valueSize) }) {
            columns.append((cell.source, cell.valueSize))
        }
        let operations = SurvivalOperation.all.filter { operation in survival.contains { $0.operation == operation.id }
        }
        let rows = operations.map { operation in
            [operation.description]
                + columns.map { column in
                    survival.first {
                        $0.operation == operation.id && $0.source == column.label && $0.valueSize == column.size
                    }?.mark ?? "-"
                }
        }
        return MatrixTable(
            title: "Tool survival",
            note: "✓ byte-identical afterwards; ✗ silent = lost, exit 0, no message; ✗ warned = lost, exit 0 with a "
                + "message; ✗ exit N = lost and reported; source gone = the original is gone too. mv crosses to tmpfs "
                + "(from tmpfs: to xfs).",
            header: ["operation"] + columns.map { "\($0.label) \($0.size) B" }, rows: rows)
    }

    var smallerTable: MatrixTable {
        var columns: [(source: String, destination: String, size: Int)] = []
        for cell in ontoSmaller
        where !columns.contains(where: { $0 == (cell.source, cell.destination, cell.valueSize) }) {
            columns.append((cell.source, cell.destination, cell.valueSize))
        }
        let rows = SurvivalOperation.ontoSmaller.map { operation in
            [operation.description]
                + columns.map { column in
                    guard
                        let cell = ontoSmaller.first(where: {
                            $0.operation == operation.id && $0.source == column.source
                                && $0.destination == column.destination && $0.valueSize == column.size
                        })
                    else { return "-" }
                    return cell.mark
                }
        }
        return MatrixTable(
            title: "Copying onto a filesystem too small for the value",
            note: "Exit status and whether the loss was silent (messages in filesystems.json).",
            header: ["tool"] + columns.map { "\($0.source) → \($0.destination), \($0.size) B" }, rows: rows)
    }
}
