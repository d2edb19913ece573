// Sources/AttributeFiles/Syscalls.swift - The only file that calls the C library's xattr functions

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import CAttr  // <sys/xattr.h>: Glibc's module map leaves it out
    import Glibc
#endif

/// One internal function per system call; each returns the result or the errno, retrying `EINTR`.
enum Syscalls {
    #if canImport(Darwin)
        static let createFlag: Int32 = 0x2  // XATTR_CREATE
        static let replaceFlag: Int32 = 0x4  // XATTR_REPLACE
        static let noFollowFlag: Int32 = 0x1  // XATTR_NOFOLLOW
    #else
        static let createFlag: Int32 = 1  // XATTR_CREATE in <linux/xattr.h>
        static let replaceFlag: Int32 = 2  // XATTR_REPLACE
    #endif

    /// Runs `call` until it does not fail with `EINTR`; a negative result becomes the errno.
    static func valueOrErrno(retryOnInterrupt: Bool = true, _ call: () -> Int) -> Result<Int, SystemErrno> {
        while true {
            let result = call()
            if result >= 0 { return .success(result) }
            let code = SystemErrno(rawValue: errno)
            if retryOnInterrupt && code == .interrupted { continue }
            return .failure(code)
        }
    }

    /// `getxattr`/`lgetxattr`; with an empty buffer, the value's size.
    static func get(
        _ path: BytePath, _ name: String, into buffer: UnsafeMutableRawBufferPointer, follow: Bool
    ) -> Result<Int, SystemErrno> {
        path.withCString { path in
            valueOrErrno {
                #if canImport(Darwin)
                    getxattr(path, name, buffer.baseAddress, buffer.count, 0, follow ? 0 : noFollowFlag)
                #else
                    follow
                        ? getxattr(path, name, buffer.baseAddress, buffer.count)
                        : lgetxattr(path, name, buffer.baseAddress, buffer.count)
                #endif
            }
        }
    }

    /// `setxattr`/`lsetxattr` with `XATTR_CREATE`/`XATTR_REPLACE` flags.
    static func set(
        _ path: BytePath, _ name: String, _ value: UnsafeRawBufferPointer, flags: Int32, follow: Bool
    ) -> Result<Int, SystemErrno> {
        path.withCString { path in
            valueOrErrno {
                #if canImport(Darwin)
                    Int(setxattr(path, name, value.baseAddress, value.count, 0, flags | (follow ? 0 : noFollowFlag)))
                #else
                    Int(
                        follow
                            ? setxattr(path, name, value.baseAddress, value.count, flags)
                            : lsetxattr(path, name, value.baseAddress, value.count, flags))
                #endif
            }
        }
    }

    /// `removexattr`/`lremovexattr`.
    static func remove(_ path: BytePath, _ name: String, follow: Bool) -> Result<Int, SystemErrno> {
        path.withCString { path in
            valueOrErrno {
                #if canImport(Darwin)
                    Int(removexattr(path, name, follow ? 0 : noFollowFlag))
                #else
                    Int(follow ? removexattr(path, name) : lremovexattr(path, name))
                #endif
            }
        }
    }

    /// `listxattr`/`llistxattr`; with an empty buffer, the size of the name list.
    static func list(
        _ path: BytePath, into buffer: UnsafeMutableRawBufferPointer, follow: Bool
    ) -> Result<Int, SystemErrno> {
        let names = buffer.baseAddress?.assumingMemoryBound(to: CChar.self)
        return path.withCString { path in
            valueOrErrno {
                #if canImport(Darwin)
                    listxattr(path, names, buffer.count, follow ? 0 : noFollowFlag)
                #else
                    follow ? listxattr(path, names, buffer.count) : llistxattr(path, names, buffer.count)
                #endif
            }
        }
    }

    /// `strerror`.
    static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }
}
