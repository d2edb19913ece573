// Sources/FilesystemHarness/FieldRoundTrips.swift - The four fields written by one implementation, read by another

import AttributeFiles
import ChildProcess
import ConformanceModel
import DocumentSource
import Foundation
import TaggedJSON

/// An implementation that writes and reads the attribute's fields: the reference library in this
/// process, CPython's plistlib (binary plist + `os.setxattr`), or any adapter-protocol command.
public struct FieldAccessor: Sendable {
    public var name: String
    let write: @Sendable (_ fields: [String: String], _ path: String) -> String?
    let read: @Sendable (_ path: String) -> Result<[String: String], ProbeFailure>

    /// The fields every pair writes: the convention's own example.
    public static let fields = [
        "identifier": "com.appliedphasor.working-copy", "name": "Working Copy", "path": "libgit2/doc/README.md",
        "appInfoURL": "https://workingcopyapp.com/appInfo.json",
    ]

    /// `AttributeFile.write` / `AttributeFile.read`.
    public static let reference = FieldAccessor(
        name: "reference (AttributeFile)",
        write: { fields, path in
            let attribute = DocumentSourceAttribute(
                identifier: fields["identifier"], name: fields["name"], path: fields["path"],
                appInfoURL: fields["appInfoURL"])
            do {
                try AttributeFile.write(attribute, to: path)
                return nil
            } catch {
                return "\(error)"
            }
        },
        read: { path in
            do {
                let attribute = try AttributeFile.read(at: path)
                return .success(Dictionary(uniqueKeysWithValues: attribute.fields.map { ($0.key, $0.value) }))
            } catch {
                return .failure(ProbeFailure("\(error)"))
            }
        })

    /// CPython plistlib, inline: `plistlib.dumps(fields, fmt=FMT_BINARY)` into `os.setxattr`, and back.
    public static let plistlib = FieldAccessor(
        name: "CPython plistlib",
        write: { fields, path in
            let script = """
                import json, os, plistlib, sys
                value = plistlib.dumps(json.load(sys.stdin), fmt=plistlib.FMT_BINARY)
                os.setxattr(sys.argv[1], 'user.x-document-source', value)
                """
            let input = FieldObject.render(fields)
            let outcome = ToolRun.run(["python3", "-c", script, path], input: input)
            return outcome.status == 0 ? nil : "exit \(outcome.status): \(outcome.errorText.suffix(200))"
        },
        read: { path in
            let script = """
                import json, os, plistlib, sys
                root = plistlib.loads(os.getxattr(sys.argv[1], 'user.x-document-source'))
                keys = ('identifier', 'name', 'path', 'appInfoURL')
                json.dump({k: v for k, v in root.items() if k in keys and isinstance(v, str)}, sys.stdout)
                """
            return decodeFields(ToolRun.run(["python3", "-c", script, path]))
        })

    /// An implementation under the adapter protocol: `CMD write-attribute PATH` (fields as JSON on
    /// standard input), `CMD read-attribute PATH` (fields as JSON on standard output).
    public static func adapter(name: String, command: [String]) -> FieldAccessor {
        FieldAccessor(
            name: name,
            write: { fields, path in
                let input = FieldObject.render(fields)
                let outcome = ToolRun.run(command + [AdapterCall.writeAttribute.rawValue, path], input: input)
                return outcome.status == 0 ? nil : "exit \(outcome.status): \(outcome.errorText.prefix(200))"
            },
            read: { path in decodeFields(ToolRun.run(command + [AdapterCall.readAttribute.rawValue, path])) })
    }

    static func decodeFields(_ outcome: ToolOutcome) -> Result<[String: String], ProbeFailure> {
        guard outcome.status == 0 else {
            return .failure(ProbeFailure("exit \(outcome.status): \(outcome.errorText.suffix(200))"))
        }
        do {
            return .success(try FieldObject.read(outcome.output, requiring: []))
        } catch {
            return .failure(
                ProbeFailure("\(error): \(String(decoding: outcome.output.prefix(200), as: UTF8.self))"))
        }
    }

    /// Keeps the adapter commands whose `capabilities` list both attribute calls; reports the rest.
    public static func usableAdapters(_ candidates: [(name: String, command: [String])]) -> (
        [FieldAccessor], [UnavailableImplementation]
    ) {
        var usable: [FieldAccessor] = []
        var unavailable: [UnavailableImplementation] = []
        for candidate in candidates {
            let outcome = ToolRun.run(candidate.command + [AdapterQuery.capabilities.rawValue])
            let answer = AdapterCapabilities.read(outcome.output)
            if outcome.status == 0, let answer, answer.answers(.readAttribute), answer.answers(.writeAttribute) {
                usable.append(adapter(name: candidate.name, command: candidate.command))
            } else {
                let why =
                    outcome.status == 0
                    ? "its capabilities list no read-attribute/write-attribute"
                    : "capabilities exited \(outcome.status): \(outcome.errorText.prefix(120))"
                unavailable.append(UnavailableImplementation(name: candidate.name, reason: why))
            }
        }
        return (usable, unavailable)
    }
}

/// Every writer × reader pair on one directory, each on a fresh file.
public enum FieldRoundTrips {
    public static func run(in directory: String, label: String, accessors: [FieldAccessor]) -> [RoundTripCell] {
        var cells: [RoundTripCell] = []
        for writer in accessors {
            for reader in accessors {
                // One step per file, made to removed: a signal waits for it (see `TerminationCleanup`).
                let cell = TerminationCleanup.step { () -> RoundTripCell in
                    var cell = RoundTripCell(
                        level: "fields", filesystem: label, writer: writer.name, reader: reader.name, valueSize: 0,
                        preserved: false, detail: "")
                    let file = directory + "/fields-\(UUID().uuidString)"
                    defer { try? FileManager.default.removeItem(atPath: file) }
                    if !FileManager.default.createFile(atPath: file, contents: Data("document\n".utf8)) {
                        cell.detail = "cannot create \(file)"
                    } else if let failure = writer.write(FieldAccessor.fields, file) {
                        cell.detail = "write: \(failure)"
                    } else {
                        if case .success(let bytes) = ProbeCalls.get(named: AttributeProbe.attributeName, at: file) {
                            cell.valueSize = bytes.count
                        }
                        switch reader.read(file) {
                        case .success(let found):
                            cell.preserved = found == FieldAccessor.fields
                            cell.detail = cell.preserved ? "" : "read back \(found)"
                        case .failure(let failure): cell.detail = "read: \(failure.message)"
                        }
                    }
                    return cell
                }
                cells.append(cell)
            }
        }
        return cells
    }
}
