// Sources/LibplistBridge/LibplistTree.swift - An owned libplist node tree (plist_t), freed exactly once

import BinaryPlist
import CLibplist

/// A libplist node tree owned by Swift; `plist_free` runs when it goes away.
///
/// This is libplist's own representation. The bench times `init(parsing:)` and `binary()` on it so
/// that libplist is measured on its native tree, as a C program would use it.
public struct LibplistTree: ~Copyable {
    /// The root node, never NULL.
    let root: LibplistNode

    init(owning root: LibplistNode) {
        self.root = root
    }

    /// Parses bplist bytes with `plist_from_bin`.
    ///
    /// libplist 2.2 has no depth limit and expands shared references, so hostile input can crash or
    /// exhaust the process: call this in-process only on trusted input (bench, fuzz with bounded
    /// sizes); the conformance runner calls libplist in a helper process.
    /// - Throws: `LibplistError` `.rejected` when libplist returns NULL, `.tooLarge` past 4 GiB.
    public init(parsing bytes: [UInt8]) throws(LibplistError) {
        guard let length = UInt32(exactly: bytes.count) else {
            throw LibplistError(.tooLarge, "\(bytes.count) bytes exceed plist_from_bin's uint32_t length")
        }
        var node: plist_t? = nil
        // An empty array may have no base address; libplist checks the length before reading.
        let input = bytes.isEmpty ? [0] : bytes
        input.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                plist_from_bin(chars.baseAddress, length, &node)
            }
        }
        guard let node else { throw LibplistError(.rejected, "plist_from_bin returned NULL") }
        self.root = node
    }

    deinit {
        plist_free(root)
    }

    /// Serialises the tree with `plist_to_bin`.
    /// - Throws: `LibplistError.encodingFailed` when libplist returns no bytes.
    public func binary() throws(LibplistError) -> [UInt8] {
        var output: UnsafeMutablePointer<CChar>? = nil
        var length: UInt32 = 0
        plist_to_bin(root, &output, &length)
        guard let output else { throw LibplistError(.encodingFailed, "plist_to_bin returned no buffer") }
        defer { plist_to_bin_free(output) }
        return output.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(length)))
        }
    }

    /// The string value of key `key` when the root is a dictionary holding a string there, else nil:
    /// `plist_dict_get_item` and `plist_get_string_ptr`, as a C reader of the attribute looks up
    /// each of its four keys (the bench's attribute read path does this, as the reference's does).
    public func string(forKey key: String) -> String? {
        guard plist_get_node_type(root) == PLIST_DICT, let item = plist_dict_get_item(root, key),
            plist_get_node_type(item) == PLIST_STRING
        else { return nil }
        var length: UInt64 = 0
        guard let pointer = plist_get_string_ptr(item, &length) else { return nil }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            String(decoding: UnsafeBufferPointer(start: $0, count: Int(length)), as: UTF8.self)
        }
    }

    /// The tree as a `PropertyListValue` (see `Libplist.decode(_:)` for how types map).
    public func value() throws(LibplistError) -> PropertyListValue {
        try LibplistReading.value(of: root)
    }
}
