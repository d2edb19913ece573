// Sources/FilesystemHarness/ErrnoName.swift - Symbolic names for the errno values the probes meet

import Glibc

/// Spells errno values the way the kernel headers do (`ENOSPC`), for reports that scripts compare.
public enum ErrnoName {
    static let names: [Int32: String] = [
        EPERM: "EPERM", ENOENT: "ENOENT", EINTR: "EINTR", EIO: "EIO", E2BIG: "E2BIG", EACCES: "EACCES",
        EEXIST: "EEXIST", ENOTDIR: "ENOTDIR", EISDIR: "EISDIR", EINVAL: "EINVAL", EFBIG: "EFBIG",
        ENOSPC: "ENOSPC", EROFS: "EROFS", ERANGE: "ERANGE", ENAMETOOLONG: "ENAMETOOLONG", ENOSYS: "ENOSYS",
        ENODATA: "ENODATA", EOPNOTSUPP: "EOPNOTSUPP", EDQUOT: "EDQUOT", ELOOP: "ELOOP", EBADF: "EBADF",
    ]

    /// `ENOSPC` for 28; `errno 200` for a number without a known name.
    public static func name(_ code: Int32) -> String { names[code] ?? "errno \(code)" }

    /// `ENOSPC (No space left on device)`.
    public static func describe(_ code: Int32) -> String {
        "\(name(code)) (\(String(cString: strerror(code))))"
    }
}
