// Sources/FilesystemHarness/ProbeCalls.swift - The few attribute syscalls the probes make, as errno results

import CAttr
import Glibc

/// What one attribute call returned: success or the errno, never thrown, because probes record errors.
enum CallResult: Hashable, Sendable {
    case success
    case failure(Int32)

    /// `nil` on success, else the errno's name.
    var errnoName: String? {
        if case .failure(let code) = self { return ErrnoName.name(code) }
        return nil
    }
}

/// How a set call treats an existing attribute.
enum SetFlags: Int32 {
    case createOrReplace = 0
    case createOnly = 1  // XATTR_CREATE
    case replaceOnly = 2  // XATTR_REPLACE
}

/// Attribute syscalls that report errno instead of throwing, so a probe can tabulate them.
enum ProbeCalls {
    /// `setxattr(2)`, or `lsetxattr(2)` when `followSymlinks` is false.
    static func set(
        _ value: [UInt8], named name: String, at path: String, flags: SetFlags = .createOrReplace,
        followSymlinks: Bool = true
    ) -> CallResult {
        let status = value.withUnsafeBytes { buffer in
            followSymlinks
                ? setxattr(path, name, buffer.baseAddress, buffer.count, flags.rawValue)
                : lsetxattr(path, name, buffer.baseAddress, buffer.count, flags.rawValue)
        }
        return status == 0 ? .success : .failure(errno)
    }

    /// `getxattr(2)` into a buffer of exactly `capacity` bytes: the value, or the errno.
    static func get(named name: String, at path: String, capacity: Int) -> Result<[UInt8], CallError> {
        var buffer = [UInt8](repeating: 0, count: max(capacity, 1))
        let count = buffer.withUnsafeMutableBytes { getxattr(path, name, $0.baseAddress, capacity) }
        guard count >= 0 else { return .failure(CallError(code: errno)) }
        return .success(Array(buffer[0..<count]))
    }

    /// The whole value (size query, then read), or the errno.
    static func get(named name: String, at path: String) -> Result<[UInt8], CallError> {
        let size = getxattr(path, name, nil, 0)
        guard size >= 0 else { return .failure(CallError(code: errno)) }
        return get(named: name, at: path, capacity: size)
    }

    /// `removexattr(2)`.
    static func remove(named name: String, at path: String) -> CallResult {
        removexattr(path, name) == 0 ? .success : .failure(errno)
    }
}

/// An errno as an error value.
struct CallError: Error, Hashable, Sendable {
    var code: Int32
    var name: String { ErrnoName.name(code) }
}
