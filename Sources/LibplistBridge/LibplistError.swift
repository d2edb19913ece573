// Sources/LibplistBridge/LibplistError.swift - Why libplist refused bytes or a value

/// A failure of the libplist bridge.
///
/// libplist 2.2 reports a parse failure only as a NULL result, with no reason and no offset, so a
/// `.rejected` error carries neither; the bridge does not invent them.
public struct LibplistError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Hashable, Sendable {
        /// `plist_from_bin` returned NULL (libplist 2.2 says nothing more).
        case rejected
        /// The input is longer than libplist's `uint32_t` length parameter.
        case tooLarge = "too-large"
        /// The value cannot be passed through libplist 2.2's C API (null, set, NUL in a string, …).
        case unrepresentable
        /// libplist returned a node of a type the bridge does not know (`PLIST_NONE`).
        case unsupportedNode = "unsupported-node"
        /// `plist_to_bin` produced no bytes.
        case encodingFailed = "encoding-failed"
    }

    /// The kind of failure.
    public var kind: Kind
    /// One line a person can act on.
    public var message: String

    /// Creates an error of `kind` with `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// `libplist <kind>: <message>`.
    public var description: String { "libplist \(kind.rawValue): \(message)" }
}

/// A non-NULL libplist node (`plist_t` is imported as an optional raw pointer).
typealias LibplistNode = UnsafeMutableRawPointer
