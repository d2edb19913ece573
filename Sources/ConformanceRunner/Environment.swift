// Sources/ConformanceRunner/Environment.swift - Provenance facts: OS, kernel, filesystem, date; command splitting

import AttributeFiles
import ChildProcess
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Facts about the machine a report is made on.
public enum RunEnvironment {
    /// `PRETTY_NAME` of /etc/os-release, else "unknown".
    public static func operatingSystem() -> String {
        guard let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) else { return "unknown" }
        for line in text.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
            return String(line.dropFirst("PRETTY_NAME=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return "unknown"
    }

    /// `uname -srm`.
    public static func kernel() -> String {
        var names = utsname()
        uname(&names)
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return "\(field(names.sysname)) \(field(names.release)) \(field(names.machine))"
    }

    /// The filesystem type of `path` as the kernel names it (`ext4`, `tmpfs`, …), from /proc/self/mountinfo.
    public static func filesystem(of path: String) -> String {
        MountTable.entry(containing: path)?.type ?? "unknown"
    }

    /// Whether `directory` accepts a `user.` extended attribute (probed with a scratch file).
    public static func supportsUserXattrs(_ directory: String) -> Bool {
        let path = directory + "/.xattr-probe"
        let descriptor = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        close(descriptor)
        defer { unlink(path) }
        return (try? ExtendedAttributes.setValue([1], named: "user.xds-probe", at: path)) != nil
    }

    /// Now, ISO 8601 UTC to the second.
    public static func now() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date())
    }

    /// A fresh private directory under `$TMPDIR` (default /tmp).
    public static func makeWorkDirectory() -> String? { TemporaryDirectory.make(name: "xds-conformance.") }
}

/// A command line string that cannot be split.
public struct ShellSplitError: Error, Hashable, Sendable {
    public var message: String
}

/// Splits `text` into words as a POSIX shell would without expansions: spaces separate, single quotes
/// keep everything, double quotes keep everything but `\"` and `\\`, a backslash escapes one character.
public func shellSplit(_ text: String) throws(ShellSplitError) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var characters = Array(text)[...]
    while let character = characters.popFirst() {
        switch character {
        case " ", "\t", "\n":
            if inWord { words.append(current) }
            current = ""
            inWord = false
        case "'":
            inWord = true
            guard let end = characters.firstIndex(of: "'") else {
                throw ShellSplitError(message: "unterminated single quote")
            }
            current += String(characters[..<end])
            characters = characters[(end + 1)...]
        case "\"":
            inWord = true
            var closed = false
            while let next = characters.popFirst() {
                if next == "\"" {
                    closed = true
                    break
                }
                if next == "\\", let escaped = characters.first, escaped == "\"" || escaped == "\\" || escaped == "$" {
                    current.append(escaped)
                    characters = characters.dropFirst()
                } else {
                    current.append(next)
                }
            }
            if !closed { throw ShellSplitError(message: "unterminated double quote") }
        case "\\":
            inWord = true
            guard let escaped = characters.popFirst() else { throw ShellSplitError(message: "trailing backslash") }
            current.append(escaped)
        default:
            inWord = true
            current.append(character)
        }
    }
    if inWord { words.append(current) }
    return words
}

/// Quotes `word` for a shell when it needs it (for the recorded command line and the commands printed to be
/// pasted). A single quote inside becomes `'"'"'`, never `'\''`: a backslash is doubled by the terminal-text
/// escaping, which would break the printed command.
public func shellQuote(_ word: String) -> String {
    let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,@%+".contains($0) }
    return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\"'\"'") + "'"
}
