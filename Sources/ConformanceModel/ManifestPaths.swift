// Sources/ConformanceModel/ManifestPaths.swift - Manifest paths stay inside the vectors directory

import Foundation

/// The rule for an `input` or `expected` path of the manifest: relative, made of plain components (no `..`,
/// no `.`, no empty component), and still inside the vectors directory once symbolic links are resolved. A
/// manifest cannot make the runner read (and put into a report) `/etc/shadow` or `../../secret`.
enum ManifestPaths {
    /// The file `relative` names inside `directory`.
    /// - Throws: `VectorDirectoryError` when the path breaks the rule.
    static func resolve(_ relative: String, in directory: String, manifest: String) throws(VectorDirectoryError)
        -> String
    {
        let components = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !relative.isEmpty, !relative.hasPrefix("/"),
            components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." })
        else {
            throw VectorDirectoryError(
                path: manifest, "path '\(relative)' is not a plain relative path inside the vectors directory")
        }
        let path = directory + "/" + relative
        let root = realPath(directory) ?? directory
        if let resolved = realPath(path), resolved != root, !resolved.hasPrefix(root == "/" ? "/" : root + "/") {
            throw VectorDirectoryError(
                path: manifest, "path '\(relative)' leads outside the vectors directory (to \(resolved))")
        }
        return path
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
