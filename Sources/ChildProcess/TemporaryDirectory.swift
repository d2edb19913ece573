// Sources/ChildProcess/TemporaryDirectory.swift - The one way xds makes a fresh private directory

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A fresh directory made by `mkdtemp(3)`: mode 0700, a name no one can predict or take first. Every
/// scratch, work, probe and run directory of the tool is made here.
public enum TemporaryDirectory {
    /// `$TMPDIR` when set and not empty, else `/tmp`.
    public static var base: String {
        ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    /// Makes `<parent>/<name><six random characters>` and returns its path; nil when it cannot be made
    /// (`errno` says why).
    /// - Parameter name: the fixed start of the directory's name, e.g. `xds-call.`.
    public static func make(in parent: String = base, name: String) -> String? {
        var template = Array((parent + "/" + name + "XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
    }
}
