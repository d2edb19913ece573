// Sources/FilesystemHarness/AdapterRoundTrips.swift - The four fields written by one implementation, read by another

import Foundation

/// An implementation reached through the adapter protocol (`CMD write-attribute PATH`, `CMD read-attribute PATH`).
public struct AttributeAdapter: Sendable {
    public var name: String
    public var command: [String]

    public init(name: String, command: [String]) {
        self.name = name
        self.command = command
    }

    /// The fields every pair writes: the example of the convention's documentation.
    public static let fields = [
        "identifier": "com.appliedphasor.working-copy", "name": "Working Copy", "path": "libgit2/doc/README.md",
        "appInfoURL": "https://workingcopyapp.com/appInfo.json",
    ]

    /// Splits `candidates` into those whose `capabilities` list both attribute calls and the rest (with why).
    public static func usable(_ candidates: [AttributeAdapter]) -> ([AttributeAdapter], [UnavailableImplementation]) {
        var usable: [AttributeAdapter] = []
        var unavailable: [UnavailableImplementation] = []
        for candidate in candidates {
            let outcome = ToolRun.run(candidate.command + ["capabilities"])
            let calls = (try? JSONSerialization.jsonObject(with: Data(outcome.output))) as? [String] ?? []
            if outcome.status == 0, calls.contains("read-attribute"), calls.contains("write-attribute") {
                usable.append(candidate)
            } else {
                let why =
                    outcome.status == 0
                    ? "capabilities lists no read-attribute/write-attribute"
                    : "capabilities exited \(outcome.status): \(outcome.errorText.prefix(120))"
                unavailable.append(UnavailableImplementation(name: candidate.name, reason: why))
            }
        }
        return (usable, unavailable)
    }

    /// Writes `fields` with `writer`, reads them back with `reader`, on a fresh file in `directory`.
    public static func roundTrip(
        writer: AttributeAdapter, reader: AttributeAdapter, in directory: String, label: String
    ) -> RoundTripCell {
        var cell = RoundTripCell(
            level: "fields", filesystem: label, writer: writer.name, reader: reader.name, valueSize: 0,
            preserved: false, detail: "")
        let file = directory + "/adapter-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: file) }
        guard FileManager.default.createFile(atPath: file, contents: Data("document\n".utf8)),
            let input = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
        else {
            cell.detail = "cannot create \(file)"
            return cell
        }
        let written = ToolRun.run(writer.command + ["write-attribute", file], input: [UInt8](input))
        guard written.status == 0 else {
            cell.detail = "write-attribute exited \(written.status): \(written.errorText.prefix(200))"
            return cell
        }
        if case .success(let bytes) = ProbeCalls.get(named: AttributeProbe.attributeName, at: file) {
            cell.valueSize = bytes.count
        }
        let read = ToolRun.run(reader.command + ["read-attribute", file])
        guard read.status == 0 else {
            cell.detail = "read-attribute exited \(read.status): \(read.errorText.prefix(200))"
            return cell
        }
        let found = (try? JSONSerialization.jsonObject(with: Data(read.output))) as? [String: String]
        cell.preserved = found == fields
        if !cell.preserved { cell.detail = "read back: \(String(decoding: read.output, as: UTF8.self).prefix(200))" }
        return cell
    }
}
