// Sources/AttributeFiles/XAttrError.swift - A failed extended-attribute call, with a message a person can act on

/// An extended-attribute call that failed: which call, on which file, for which name, and why.
public struct XAttrError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call that failed.
    public enum Operation: String, Hashable, Sendable {
        case get, set, remove, list
    }

    public var operation: Operation
    /// The path for messages (`BytePath.description`: bytes that are not UTF-8 kept as markers).
    public var path: String
    /// The attribute name (empty for `list`).
    public var name: String
    public var errno: SystemErrno
    /// The value size involved, when known (set, or a read refused for size).
    public var valueSize: Int?
    /// The limit the value exceeded, when known (the filesystem's, or the caller's `maximumSize`).
    public var limit: Int?
    /// For `ENOSPC`: true when the filesystem had no free blocks left (statvfs), so the disk is full
    /// rather than the value too large; nil when not known.
    public var filesystemFull: Bool?

    /// An error for a path given as bytes; `path` keeps them for display (see `BytePath.description`).
    public init(
        _ operation: Operation, path: BytePath, name: String, errno: SystemErrno, valueSize: Int? = nil,
        limit: Int? = nil
    ) {
        self.init(operation, path: path.description, name: name, errno: errno, valueSize: valueSize, limit: limit)
    }

    public init(
        _ operation: Operation, path: String, name: String, errno: SystemErrno, valueSize: Int? = nil,
        limit: Int? = nil
    ) {
        self.operation = operation
        self.path = path
        self.name = name
        self.errno = errno
        self.valueSize = valueSize
        self.limit = limit
    }

    /// The file named cannot be reached or read: the path leads nowhere (missing, a component not a directory,
    /// too long, a symlink loop), the device failed, or a read is not permitted. For a command that is an I/O
    /// failure of its input (exit 74), not the file or its filesystem refusing the attribute (exit 1).
    public var fileUnreachable: Bool {
        if errno == .permissionDenied { return operation == .get || operation == .list }
        return [.noSuchFile, .notDirectory, .nameTooLong, .tooManySymbolicLinks, .ioError].contains(errno)
    }

    /// `<path>: <cause> (<ERRNO>)`, naming the file and what to do about it.
    public var description: String { "\(path): \(cause) (\(errno.symbol))" }

    /// The cause, without the path.
    public var cause: String {
        switch errno {
        case .noData:
            return operation == .set
                ? "has no \(name) attribute to replace" : "has no \(name) attribute"
        case .notSupported:
            return "this filesystem does not support user extended attributes"
        case .notPermitted:
            return "not permitted: Linux allows user extended attributes only on regular files and "
                + "directories (not on symlinks or special files), and not on immutable or append-only "
                + "files"
        case .permissionDenied:
            return "permission denied: you may not \(operation == .get || operation == .list ? "read" : "change") "
                + "this file's extended attributes"
        case .readOnlyFileSystem:
            return "the file is on a read-only filesystem; its attributes cannot be changed"
        case .noSpace, .argumentListTooLong:
            if operation == .list { return "the attribute names total more than 64 KiB and cannot be listed" }
            if errno == .noSpace, operation == .set, let size = valueSize, filesystemFull == true {
                return "the filesystem is full: no space left for the \(size)-byte value; nothing was written"
            }
            if errno == .noSpace, operation == .set, let size = valueSize, let limit, size <= limit {
                return "no room for the \(size)-byte value, although this filesystem holds at most \(limit) bytes "
                    + "for \(name): the file's other attributes take the space (or the filesystem is full)"
            }
            return "value too large: " + sizeText
        case .noSuchFile:
            return "no such file or directory"
        case .fileExists:
            return "already has a \(name) attribute (asked to create only)"
        case .outOfRange:
            return operation == .get
                ? "the \(name) attribute kept changing size while being read"
                : "the attribute name '\(name)' is empty or longer than 255 bytes"
        case .notDirectory:
            return "a component of the path is not a directory"
        case .nameTooLong:
            return "the path or the attribute name is too long"
        case .tooManySymbolicLinks:
            return "too many levels of symbolic links"
        case .diskQuotaExceeded:
            return "disk quota exceeded"
        default:
            return "\(operation.rawValue) of \(name.isEmpty ? "attribute names" : name) failed: \(errno.systemMessage)"
        }
    }

    private var sizeText: String {
        switch (valueSize, limit) {
        case let (size?, limit?): return "\(size) bytes, but this filesystem holds at most \(limit) bytes for \(name)"
        case let (size?, nil):
            return "\(size) bytes do not fit this filesystem's attribute space"
                + (size > 65536 ? " (the Linux limit is 65536 bytes)" : "")
        case let (nil, limit?): return "the value is over the \(limit)-byte limit"
        default: return "the value does not fit this filesystem's attribute space (or the disk is full)"
        }
    }
}
