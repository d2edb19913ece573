// Sources/AttributeFiles/BytePath.swift - A path as the bytes the kernel takes, never re-encoded

import ReportFormatting

/// A file path as bytes: what the command line gave is what the system call gets. A path that is
/// not valid UTF-8 keeps its bytes (a `String` would replace them with U+FFFD and name another file).
public struct BytePath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path's bytes, without a terminating NUL.
    public var bytes: [UInt8]

    public init(bytes: some Collection<UInt8>) { self.bytes = Array(bytes) }
    public init(_ string: String) { bytes = Array(string.utf8) }
    public init(stringLiteral value: String) { self.init(value) }

    /// The path for messages: valid UTF-8 as text, other bytes as markers that
    /// `TerminalText.escaped` prints as `\xNN` (equal to the path itself when it is valid UTF-8).
    public var description: String { TerminalText.displayString(bytes: bytes) }

    /// Whether the bytes hold a NUL, which no path can contain (the call would see a shorter path).
    public var containsNUL: Bool { bytes.contains(0) }

    /// Calls `body` with the path as a NUL-terminated C string.
    ///
    /// The copy with its NUL is a temporary allocation (on the stack for ordinary paths), not a new
    /// array: every attribute read goes through here.
    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { chars in
            for (index, byte) in bytes.enumerated() { chars[index] = CChar(bitPattern: byte) }
            chars[bytes.count] = 0
            // Never nil: the buffer holds at least the NUL.
            guard let pointer = chars.baseAddress else { return try "".withCString(body) }
            return try body(pointer)
        }
    }
}
