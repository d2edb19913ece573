// Sources/AttributeFiles/SystemErrno.swift - errno as a typed value with the names extended attributes need

/// A C `errno` value, with Swift names for the ones extended-attribute calls return.
///
/// The numbers differ between Linux and Darwin; the names do not. On Linux `ENOTSUP == EOPNOTSUPP`
/// and glibc's `ENOATTR` is `ENODATA`; on Darwin a missing attribute is `ENOATTR` (93).
public struct SystemErrno: RawRepresentable, Error, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    #if os(Linux)
        /// `ENODATA`: the file has no attribute of that name (`ENOATTR` is the same number).
        public static let noData = SystemErrno(rawValue: 61)
        /// `ERANGE`: the buffer is too small (the value grew), or the name is empty or over 255 bytes.
        public static let outOfRange = SystemErrno(rawValue: 34)
        /// `E2BIG`: the value is over the VFS limit of 65,536 bytes (or the name list is over 64 KiB).
        public static let argumentListTooLong = SystemErrno(rawValue: 7)
        /// `ENOSPC`: the value does not fit this filesystem's attribute space (or the disk is full).
        public static let noSpace = SystemErrno(rawValue: 28)
        /// `EOPNOTSUPP`/`ENOTSUP`: the filesystem has no user extended attributes, or no namespace.
        public static let notSupported = SystemErrno(rawValue: 95)
        /// `EPERM`: user attributes on a symlink or special file, an immutable file, a sticky directory.
        public static let notPermitted = SystemErrno(rawValue: 1)
        /// `EACCES`: the file's permissions forbid reading or writing its attributes.
        public static let permissionDenied = SystemErrno(rawValue: 13)
        /// `EROFS`: the file is on a read-only mount.
        public static let readOnlyFileSystem = SystemErrno(rawValue: 30)
        /// `ENOENT`: no such file or directory.
        public static let noSuchFile = SystemErrno(rawValue: 2)
        /// `EEXIST`: the attribute exists and `XATTR_CREATE` was asked.
        public static let fileExists = SystemErrno(rawValue: 17)
        /// `ENOTDIR`: a path component is not a directory.
        public static let notDirectory = SystemErrno(rawValue: 20)
        /// `ENAMETOOLONG`: the path (or, on Darwin, the attribute name) is too long.
        public static let nameTooLong = SystemErrno(rawValue: 36)
        /// `ELOOP`: too many symbolic links.
        public static let tooManySymbolicLinks = SystemErrno(rawValue: 40)
        /// `EINVAL`: bad flags or a bare namespace prefix such as `user.`.
        public static let invalidArgument = SystemErrno(rawValue: 22)
        /// `EDQUOT`: the user's quota is exhausted.
        public static let diskQuotaExceeded = SystemErrno(rawValue: 122)
        /// `EINTR`: interrupted by a signal (retried, never surfaced).
        public static let interrupted = SystemErrno(rawValue: 4)
        /// `EIO`: the device failed.
        public static let ioError = SystemErrno(rawValue: 5)
    #else
        public static let noData = SystemErrno(rawValue: 93)
        public static let outOfRange = SystemErrno(rawValue: 34)
        public static let argumentListTooLong = SystemErrno(rawValue: 7)
        public static let noSpace = SystemErrno(rawValue: 28)
        public static let notSupported = SystemErrno(rawValue: 45)
        public static let notPermitted = SystemErrno(rawValue: 1)
        public static let permissionDenied = SystemErrno(rawValue: 13)
        public static let readOnlyFileSystem = SystemErrno(rawValue: 30)
        public static let noSuchFile = SystemErrno(rawValue: 2)
        public static let fileExists = SystemErrno(rawValue: 17)
        public static let notDirectory = SystemErrno(rawValue: 20)
        public static let nameTooLong = SystemErrno(rawValue: 63)
        public static let tooManySymbolicLinks = SystemErrno(rawValue: 62)
        public static let invalidArgument = SystemErrno(rawValue: 22)
        public static let diskQuotaExceeded = SystemErrno(rawValue: 69)
        public static let interrupted = SystemErrno(rawValue: 4)
        public static let ioError = SystemErrno(rawValue: 5)
    #endif

    /// The C name (`ENODATA`), or `errno N` for one this type has no name for.
    public var symbol: String {
        let names: [SystemErrno: String] = [
            .noData: "ENODATA", .outOfRange: "ERANGE", .argumentListTooLong: "E2BIG", .noSpace: "ENOSPC",
            .notSupported: "EOPNOTSUPP", .notPermitted: "EPERM", .permissionDenied: "EACCES",
            .readOnlyFileSystem: "EROFS", .noSuchFile: "ENOENT", .fileExists: "EEXIST",
            .notDirectory: "ENOTDIR", .nameTooLong: "ENAMETOOLONG", .tooManySymbolicLinks: "ELOOP",
            .invalidArgument: "EINVAL", .diskQuotaExceeded: "EDQUOT", .interrupted: "EINTR", .ioError: "EIO",
        ]
        return names[self] ?? "errno \(rawValue)"
    }

    /// The C library's text for this errno (`strerror`).
    public var systemMessage: String { Syscalls.errorText(rawValue) }

    public var description: String { "\(symbol) (\(systemMessage))" }
}
