// Sources/FilesystemHarness/ByteRoundTrips.swift - Raw attribute bytes written by one program, read by another

import AttributeFiles
import ChildProcess
import Foundation

/// A program that can store and fetch raw attribute bytes: XAttr in this process, CPython's
/// `os.setxattr`/`os.getxattr`, and Debian `attr`'s `setfattr`/`getfattr`.
public struct ByteAccessor: Sendable {
    public var name: String
    let write: @Sendable (_ value: [UInt8], _ path: String) -> String?
    let read: @Sendable (_ path: String) -> Result<[UInt8], ProbeFailure>

    static let attribute = AttributeProbe.attributeName

    public static let xattr = ByteAccessor(
        name: "xds (XAttr)",
        write: { value, path in
            ProbeCalls.set(value, named: attribute, at: path).errnoName
        },
        read: { path in
            ProbeCalls.get(named: attribute, at: path).mapError { ProbeFailure($0.description) }
        })

    public static let python = ByteAccessor(
        name: "python3 os.*xattr",
        write: { value, path in
            let script = "import os,sys; os.setxattr(sys.argv[1], sys.argv[2], sys.stdin.buffer.read())"
            return failureText(ToolRun.run(["python3", "-c", script, path, attribute], input: value))
        },
        read: { path in
            let script = "import os,sys; sys.stdout.buffer.write(os.getxattr(sys.argv[1], sys.argv[2]))"
            return output(ToolRun.run(["python3", "-c", script, path, attribute]))
        })

    public static let attrTools = ByteAccessor(
        name: "setfattr/getfattr",
        write: { value, path in
            let encoded = "0s" + Data(value).base64EncodedString()
            return failureText(ToolRun.run(["setfattr", "-n", attribute, "-v", encoded, path]))
        },
        read: { path in
            output(ToolRun.run(["getfattr", "--only-values", "--absolute-names", "-n", attribute, path]))
        })

    public static let all = [xattr, python, attrTools]

    static func failureText(_ outcome: ToolOutcome) -> String? {
        outcome.status == 0 ? nil : "exit \(outcome.status): \(outcome.errorText)"
    }

    static func output(_ outcome: ToolOutcome) -> Result<[UInt8], ProbeFailure> {
        outcome.status == 0
            ? .success(outcome.output) : .failure(ProbeFailure("exit \(outcome.status): \(outcome.errorText)"))
    }
}

/// Every writer × reader pair on one directory, each on a fresh file.
public enum ByteRoundTrips {
    public static func run(in directory: String, label: String, sizes: [Int]) -> [RoundTripCell] {
        var cells: [RoundTripCell] = []
        for size in sizes {
            let value = ProbeValue.bytes(size)
            for writer in ByteAccessor.all {
                for reader in ByteAccessor.all {
                    // One step per file, made to removed: a signal waits for it (see `TerminationCleanup`).
                    let cell = TerminationCleanup.step { () -> RoundTripCell in
                        var cell = RoundTripCell(
                            level: "bytes", filesystem: label, writer: writer.name, reader: reader.name,
                            valueSize: size, preserved: false, detail: "")
                        let file = directory + "/roundtrip-\(UUID().uuidString)"
                        defer { try? FileManager.default.removeItem(atPath: file) }
                        if !FileManager.default.createFile(atPath: file, contents: Data("document\n".utf8)) {
                            cell.detail = "cannot create \(file)"
                        } else if let failure = writer.write(value, file) {
                            cell.detail = "write: \(failure)"
                        } else {
                            switch reader.read(file) {
                            case .success(let found):
                                cell.preserved = found == value
                                cell.detail = cell.preserved ? "" : "read \(found.count) bytes that differ"
                            case .failure(let failure): cell.detail = "read: \(failure.message)"
                            }
                        }
                        return cell
                    }
                    cells.append(cell)
                }
            }
        }
        return cells
    }
}
