// Sources/FilesystemHarness/ProbeCalls.swift - The attribute calls the probes make, as errno results

import AttributeFiles
import CAttr
import Glibc

/// What one attribute call returned: success or the errno, never thrown, because probes tabulate errors.
enum CallResult: Hashable, Sendable {
    case success
    case failure(SystemErrno)

    /// `nil` on success, else the errno's C name.
    var errnoName: String? {
        if case .failure(let code) = self { return code.symbol }
        return nil
    }
}

/// XAttr's calls with the errno as a value.
enum ProbeCalls {
    static func set(
        _ value: [UInt8], named name: String, at path: String, mode: XAttrSetMode = .createOrReplace,
        followSymlinks: Bool = true
    ) -> CallResult {
        do {
            try ExtendedAttributes.setValue(value, named: name, at: path, mode: mode, followSymlinks: followSymlinks)
            return .success
        } catch {
            return .failure(error.errno)
        }
    }

    static func remove(named name: String, at path: String) -> CallResult {
        do {
            try ExtendedAttributes.removeValue(named: name, at: path)
            return .success
        } catch {
            return .failure(error.errno)
        }
    }

    /// The value, or ENODATA as a failure like every other errno.
    static func get(named name: String, at path: String) -> Result<[UInt8], SystemErrno> {
        do {
            guard let value = try ExtendedAttributes.value(named: name, at: path) else { return .failure(.noData) }
            return .success(value)
        } catch {
            return .failure(error.errno)
        }
    }

    /// One `getxattr(2)` into a buffer of exactly `capacity` bytes, without XAttr's ERANGE retry: the
    /// only way to see what a reader with a too-small buffer gets.
    static func getOnce(named name: String, at path: String, capacity: Int) -> CallResult {
        var buffer = [UInt8](repeating: 0, count: max(capacity, 1))
        let count = buffer.withUnsafeMutableBytes { getxattr(path, name, $0.baseAddress, capacity) }
        return count >= 0 ? .success : .failure(SystemErrno(rawValue: errno))
    }
}
