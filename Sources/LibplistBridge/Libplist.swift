// Sources/LibplistBridge/Libplist.swift - libplist's C API as an implementation: decode, encode, version

import BinaryPlist
import CLibplist

/// libplist (Debian libplist-dev 2.2) seen through `PropertyListValue`.
///
/// Every call goes through libplist's public C API, as any C program would use it; see
/// `LibplistReading` and `LibplistWriting` (and `Docs/reports.md`) for exactly where libplist 2.2's
/// model is narrower than bplist00. libplist 2.2 has no depth limit (it crashes near 100,000 nested
/// arrays) and expands shared references exponentially: hostile input belongs in a helper process.
public enum Libplist {
    /// Decodes bplist bytes with `plist_from_bin` and reads the tree back through the getters.
    /// - Parameter bytes: the whole document.
    /// - Returns: the root value as libplist's API shows it.
    /// - Throws: `LibplistError` `.rejected` (libplist gives no reason or offset), `.tooLarge`,
    ///   `.unsupportedNode`.
    public static func decode(_ bytes: [UInt8]) throws(LibplistError) -> PropertyListValue {
        let tree = try LibplistTree(parsing: bytes)
        return try tree.value()
    }

    /// Encodes `value` with the public node constructors and `plist_to_bin`.
    /// - Throws: `LibplistError.unrepresentable` for values libplist 2.2's API cannot take.
    public static func encode(_ value: PropertyListValue) throws(LibplistError) -> [UInt8] {
        try tree(for: value).binary()
    }

    /// Builds libplist's native tree for `value` (what the bench times `plist_to_bin` on).
    public static func tree(for value: PropertyListValue) throws(LibplistError) -> LibplistTree {
        LibplistTree(owning: try LibplistWriting.node(for: value))
    }

    /// Whether `plist_from_bin` accepts `bytes` (parse and free, no conversion): the cheap oracle.
    public static func accepts(_ bytes: [UInt8]) -> Bool {
        do {
            _ = try LibplistTree(parsing: bytes)
            return true
        } catch {
            return false
        }
    }

    /// The libplist actually loaded into this process, found at run time (see `LibplistVersion`).
    public static var version: String { LibplistVersion.current }
}
