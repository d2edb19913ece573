// Sources/AttributeFiles/ExtendedAttributes.swift - Read, write, remove and list extended attributes on paths

/// How `setValue` treats an attribute that is already there (or is not).
public enum XAttrSetMode: Hashable, Sendable {
    /// Create it or replace it (flags 0).
    case createOrReplace
    /// Fail with `EEXIST` when it exists (`XATTR_CREATE`).
    case createOnly
    /// Fail with `ENODATA` when it is missing (`XATTR_REPLACE`).
    case replaceOnly
}

/// Extended attributes on real files, through the C library.
///
/// `followSymlinks: true` acts on the file a symlink points to (`getxattr(2)`); `false` acts on the
/// link itself (`lgetxattr(2)`; on Darwin, `XATTR_NOFOLLOW`). Linux refuses `user.*` attributes on a
/// symlink with `EPERM` when setting and reports `ENODATA` when getting.
public enum ExtendedAttributes {
    #if canImport(Darwin)
        /// The attribute the convention defines: `x-document-source` (Darwin has no namespaces).
        public static let documentSourceName = "x-document-source"
    #else
        /// The attribute the convention defines: `user.x-document-source` (Linux's user namespace).
        public static let documentSourceName = "user.x-document-source"
    #endif

    /// The largest value the Linux VFS passes through (`XATTR_SIZE_MAX`).
    public static let linuxMaximumValueSize = 65536

    /// The buffer of the first read. Linux allocates and zeroes a kernel buffer of the size asked
    /// for, so asking for the whole 64 KiB `XATTR_SIZE_MAX` costs as much as a size query and a read
    /// together (≈2.2 µs on tmpfs); one page costs one read (≈1.2 µs) and holds every ordinary value.
    static let firstReadSize = 4096

    /// How many times a read retries when the value grows between the size query and the read.
    static let growthRetries = 8

    /// The value of attribute `name`, or `nil` when the file has no such attribute (`ENODATA` only).
    ///
    /// One call reads the value into a temporary buffer of `firstReadSize` (4 KiB, or `maximumSize` when
    /// smaller). Only when that buffer is too small (`ERANGE`) is the size asked first: a value larger
    /// than `maximumSize` is then refused before a buffer of its size is allocated, and a value that
    /// grows between the size query and the read is asked again, at most a few times. An empty value
    /// is `[]`, never `nil`.
    /// - Throws: `XAttrError` for every other failure; `E2BIG` with `limit` set when over `maximumSize`.
    ///
    /// The corresponding C function is `getxattr(2)` (`lgetxattr(2)` when `followSymlinks` is false).
    public static func value(
        named name: String, at path: String, followSymlinks: Bool = true, maximumSize: Int = linuxMaximumValueSize
    ) throws(XAttrError) -> [UInt8]? {
        try value(named: name, at: BytePath(path), followSymlinks: followSymlinks, maximumSize: maximumSize)
    }

    /// `value(named:at:)` for a path given as bytes (kept as they are, whatever their encoding).
    public static func value(
        named name: String, at path: BytePath, followSymlinks: Bool = true, maximumSize: Int = linuxMaximumValueSize
    ) throws(XAttrError) -> [UInt8]? {
        switch readAtOnce(named: name, at: path, followSymlinks: followSymlinks, maximumSize: maximumSize) {
        case .value(let value): return value
        case .missing: return nil
        case .failed(let code): throw XAttrError(.get, path: path, name: name, errno: code)
        case .tooSmall: break  // larger than the buffer: ask its size, then read it
        }
        for _ in 0..<growthRetries {
            let size: Int
            switch Syscalls.get(
                path, name, into: UnsafeMutableRawBufferPointer(start: nil, count: 0), follow: followSymlinks)
            {
            case .success(let count): size = count
            case .failure(.noData): return nil
            case .failure(let code): throw XAttrError(.get, path: path, name: name, errno: code)
            }
            guard size <= maximumSize else {
                throw XAttrError(
                    .get, path: path, name: name, errno: .argumentListTooLong, valueSize: size, limit: maximumSize)
            }
            if size == 0 { return [] }
            var buffer = [UInt8](repeating: 0, count: size)
            let read = buffer.withUnsafeMutableBytes { Syscalls.get(path, name, into: $0, follow: followSymlinks) }
            switch read {
            case .success(let count):
                buffer.removeLast(size - count)
                return buffer
            case .failure(.outOfRange): continue  // grew since the size query: ask again
            case .failure(.noData): return nil  // removed in between
            case .failure(let code): throw XAttrError(.get, path: path, name: name, errno: code)
            }
        }
        throw XAttrError(.get, path: path, name: name, errno: .outOfRange)
    }

    /// What one `getxattr` into a buffer of the largest size asked for found.
    private enum OneRead {
        case value([UInt8])
        case missing
        case tooSmall
        case failed(SystemErrno)
    }

    /// One `getxattr` into a temporary buffer of min(`maximumSize`, `firstReadSize`) bytes; `.tooSmall`
    /// when there is no such buffer (`maximumSize` ≤ 0) or the value does not fit (`ERANGE`).
    private static func readAtOnce(
        named name: String, at path: BytePath, followSymlinks: Bool, maximumSize: Int
    ) -> OneRead {
        let capacity = min(maximumSize, firstReadSize)
        guard capacity > 0 else { return .tooSmall }
        return withUnsafeTemporaryAllocation(byteCount: capacity, alignment: 1) { buffer in
            switch Syscalls.get(path, name, into: buffer, follow: followSymlinks) {
            case .success(let count):
                return .value(Array(UnsafeRawBufferPointer(rebasing: buffer[0..<count])))
            case .failure(.outOfRange): return .tooSmall
            case .failure(.noData): return .missing
            case .failure(let code): return .failed(code)
            }
        }
    }

    /// Sets attribute `name` to `value`.
    /// - Throws: `XAttrError`: `EEXIST` (`.createOnly`), `ENODATA` (`.replaceOnly`), `ENOSPC`/`E2BIG`
    ///   (too large, `valueSize` set), `EPERM`, `EROFS`, `EOPNOTSUPP`, …
    ///
    /// The corresponding C function is `setxattr(2)` (`lsetxattr(2)` when `followSymlinks` is false).
    public static func setValue(
        _ value: [UInt8], named name: String, at path: String, mode: XAttrSetMode = .createOrReplace,
        followSymlinks: Bool = true
    ) throws(XAttrError) {
        try setValue(value, named: name, at: BytePath(path), mode: mode, followSymlinks: followSymlinks)
    }

    /// `setValue(_:named:at:)` for a path given as bytes.
    public static func setValue(
        _ value: [UInt8], named name: String, at path: BytePath, mode: XAttrSetMode = .createOrReplace,
        followSymlinks: Bool = true
    ) throws(XAttrError) {
        let flags: Int32
        switch mode {
        case .createOrReplace: flags = 0
        case .createOnly: flags = Syscalls.createFlag
        case .replaceOnly: flags = Syscalls.replaceFlag
        }
        let result = value.withUnsafeBytes { Syscalls.set(path, name, $0, flags: flags, follow: followSymlinks) }
        if case .failure(let code) = result {
            throw XAttrError(.set, path: path, name: name, errno: code, valueSize: value.count)
        }
    }

    /// Removes attribute `name`.
    /// - Throws: `XAttrError`, `ENODATA` when there is none.
    ///
    /// The corresponding C function is `removexattr(2)` (`lremovexattr(2)` when `followSymlinks` is false).
    public static func removeValue(named name: String, at path: String, followSymlinks: Bool = true) throws(XAttrError)
    {
        try removeValue(named: name, at: BytePath(path), followSymlinks: followSymlinks)
    }

    /// `removeValue(named:at:)` for a path given as bytes.
    public static func removeValue(named name: String, at path: BytePath, followSymlinks: Bool = true)
        throws(XAttrError)
    {
        if case .failure(let code) = Syscalls.remove(path, name, follow: followSymlinks) {
            throw XAttrError(.remove, path: path, name: name, errno: code)
        }
    }

    /// The names of the file's extended attributes that this process may see, in the kernel's order.
    ///
    /// The corresponding C function is `listxattr(2)` (`llistxattr(2)` when `followSymlinks` is false).
    public static func names(at path: String, followSymlinks: Bool = true) throws(XAttrError) -> [String] {
        try names(at: BytePath(path), followSymlinks: followSymlinks)
    }

    /// `names(at:)` for a path given as bytes.
    public static func names(at path: BytePath, followSymlinks: Bool = true) throws(XAttrError) -> [String] {
        for _ in 0..<growthRetries {
            let size: Int
            switch Syscalls.list(
                path, into: UnsafeMutableRawBufferPointer(start: nil, count: 0), follow: followSymlinks)
            {
            case .success(let count): size = count
            case .failure(let code): throw XAttrError(.list, path: path, name: "", errno: code)
            }
            if size == 0 { return [] }
            var buffer = [UInt8](repeating: 0, count: size)
            let read = buffer.withUnsafeMutableBytes { Syscalls.list(path, into: $0, follow: followSymlinks) }
            switch read {
            case .success(let count):
                return buffer[0..<count].split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            case .failure(.outOfRange): continue
            case .failure(let code): throw XAttrError(.list, path: path, name: "", errno: code)
            }
        }
        throw XAttrError(.list, path: path, name: "", errno: .outOfRange)
    }
}
