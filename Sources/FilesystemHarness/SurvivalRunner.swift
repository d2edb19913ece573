// Sources/FilesystemHarness/SurvivalRunner.swift - Runs an operation on a file carrying the attribute

import AttributeFiles
import CAttr
import ChildProcess
import Foundation

/// Runs `SurvivalOperation`s in fresh folders and checks whether the attribute came through byte-identical.
enum SurvivalRunner {
    static let name = AttributeProbe.attributeName

    /// Runs `operation` with a `size`-byte attribute: source folder on `source`, `$OUT` on `destination`.
    ///
    /// One `TerminationCleanup` step, from making the folders to removing them: a signal waits for the cell
    /// (and its tools) to end, so nothing writes into a mount point after the cleanup has unmounted it.
    static func run(
        _ operation: SurvivalOperation, size: Int, source: MountedMatrixFilesystem,
        destination: MountedMatrixFilesystem
    ) -> SurvivalCell {
        TerminationCleanup.step { cell(operation, size: size, source: source, destination: destination) }
    }

    private static func cell(
        _ operation: SurvivalOperation, size: Int, source: MountedMatrixFilesystem,
        destination: MountedMatrixFilesystem
    ) -> SurvivalCell {
        let tag = "\(operation.id)-\(size)-\(source.spec.label)"
        let work = source.path + "/survival-" + tag
        let out = destination.path + "/incoming-" + tag
        var cell = SurvivalCell(
            operation: operation.id, source: source.spec.label, destination: destination.spec.label,
            valueSize: size, exitStatus: 0, message: "", result: "no-file", sourceRemains: true)
        defer {
            try? FileManager.default.removeItem(atPath: work)
            try? FileManager.default.removeItem(atPath: out)
        }
        let value = ProbeValue.bytes(size)
        let file = work + "/doc"
        do {
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: false)
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
            guard FileManager.default.createFile(atPath: file, contents: Data("document\n".utf8)) else {
                throw ProbeFailure("cannot create \(file)")
            }
            try ExtendedAttributes.setValue(value, named: name, at: file)
        } catch {
            cell.exitStatus = -1
            cell.message = "setup failed: \(error)"
            return cell
        }
        let environment = ["WORK": work, "SRC": file, "OUT": out, "LC_ALL": "C"]
        if let script = operation.script {
            let outcome = ToolRun.shell(script, environment: environment)
            cell.exitStatus = outcome.status
            cell.message = String(outcome.errorText.prefix(300))
        }
        let result = operation.resultIsSource ? file : out + "/doc"
        cell.sourceRemains = operation.resultIsSource || FileManager.default.fileExists(atPath: file)
        if operation.id == SurvivalOperation.attrCopyFile, cell.exitStatus == 0 {
            let status = attr_copy_file(file, result, nil, nil)
            cell.exitStatus = status == 0 ? 0 : 1
            if status != 0 { cell.message = "attr_copy_file returned \(status): \(SystemErrno(rawValue: errno))" }
        }
        guard FileManager.default.fileExists(atPath: result) else { return cell }
        switch ProbeCalls.get(named: name, at: result) {
        case .success(let found): cell.result = found == value ? "kept" : "changed"
        case .failure: cell.result = "lost"
        }
        return cell
    }
}
