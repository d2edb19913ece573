// Sources/ConformanceRunner/AdapterCommand.swift - An adapter command resolved as a shell would, once, before the run

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The `--cmd` words as typed and as run. Every call runs in a scratch directory of its own, so a word naming a file
/// relative to the runner's working directory would name nothing there: such words become absolute before the first
/// call, and a bare program name is looked up in `PATH` once, up front.
public struct AdapterCommand: Hashable, Sendable {
    /// The words as the user typed them (after shell-style splitting).
    public var typed: [String]
    /// The words that are run: the program absolute, every word naming an existing file or directory absolute.
    public var resolved: [String]
    /// The directory the typed words are relative to: the runner's working directory.
    public var directory: String

    public init(typed: [String], resolved: [String], directory: String) {
        self.typed = typed
        self.resolved = resolved
        self.directory = directory
    }

    /// Resolves `words` against `directory` and the directories of `searchPath` (a `PATH` value).
    /// - Throws: `AdapterCommandError` when the program is not found, or found but not executable.
    public static func resolve(_ words: [String], in directory: String, searchPath: String?) throws(AdapterCommandError)
        -> AdapterCommand
    {
        guard let program = words.first, !program.isEmpty else { throw AdapterCommandError(message: "empty command") }
        let resolvedProgram: String
        if program.contains("/") {
            let path = absolute(program, in: directory)
            guard FileManager.default.fileExists(atPath: path) else {
                throw AdapterCommandError(message: "\(program): no such file (looked for \(path))")
            }
            guard access(path, X_OK) == 0 else {
                throw AdapterCommandError(
                    message: "\(program): not executable (chmod +x it, or name its interpreter first)")
            }
            resolvedProgram = path
        } else {
            let directories = (searchPath ?? "").split(separator: ":", omittingEmptySubsequences: false).map {
                $0.isEmpty ? "." : String($0)
            }
            let found = directories.lazy.map { absolute($0 + "/" + program, in: directory) }.first {
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && !isDirectory.boolValue
                    && access($0, X_OK) == 0
            }
            guard let found else {
                throw AdapterCommandError(message: "\(program): command not found in PATH")
            }
            resolvedProgram = found
        }
        let arguments = words.dropFirst().map { word -> String in
            guard !word.isEmpty, !word.hasPrefix("/"), !word.hasPrefix("-") else { return word }
            let path = absolute(word, in: directory)
            return FileManager.default.fileExists(atPath: path) ? path : word
        }
        return AdapterCommand(typed: words, resolved: [resolvedProgram] + arguments, directory: directory)
    }

    /// `path` made absolute against `directory`, `.` and `..` components removed.
    static func absolute(_ path: String, in directory: String) -> String {
        let joined = path.hasPrefix("/") ? path : directory + "/" + path
        var components: [Substring] = []
        for component in joined.split(separator: "/") {
            if component == "." { continue }
            if component == ".." {
                _ = components.popLast()
                continue
            }
            components.append(component)
        }
        return "/" + components.joined(separator: "/")
    }
}

/// Why an adapter command cannot be run at all.
public struct AdapterCommandError: Error, Hashable, Sendable {
    public var message: String

    public init(message: String) { self.message = message }
}
