// Tests/DocumentSourceTests/HandBuiltBPlist.swift - bplist00 documents built object by object

/// Builds bplist00 documents object by object, to make what encoders never write (duplicate keys).
struct HandBuiltBPlist {
    private var objects: [[UInt8]] = []

    /// Adds an ASCII string object; returns its index.
    mutating func ascii(_ text: String) -> UInt8 {
        let bytes = Array(text.utf8)
        precondition(bytes.count < 15)
        objects.append([0x50 | UInt8(bytes.count)] + bytes)
        return UInt8(objects.count - 1)
    }

    /// Adds an object given as its bytes (marker first); returns its index.
    mutating func raw(_ bytes: [UInt8]) -> UInt8 {
        objects.append(bytes)
        return UInt8(objects.count - 1)
    }

    /// Adds a dictionary of key and value object indices; returns its index.
    mutating func dictionary(_ pairs: [(UInt8, UInt8)]) -> UInt8 {
        objects.append([0xD0 | UInt8(pairs.count)] + pairs.map(\.0) + pairs.map(\.1))
        return UInt8(objects.count - 1)
    }

    /// The document with `root` as top object (1-byte offsets and references).
    func bytes(root: UInt8) -> [UInt8] {
        var result = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(result.count))
            result += object
        }
        let tableOffset = UInt64(result.count)
        result += offsets
        result += [0, 0, 0, 0, 0, 0, 1, 1]  // unused, sort version, offset size 1, ref size 1
        result += withUnsafeBytes(of: UInt64(objects.count).bigEndian, Array.init)
        result += withUnsafeBytes(of: UInt64(root).bigEndian, Array.init)
        result += withUnsafeBytes(of: tableOffset.bigEndian, Array.init)
        return result
    }
}
