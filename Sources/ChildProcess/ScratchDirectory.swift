// Sources/ChildProcess/ScratchDirectory.swift - A fresh working directory for each adapter call

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Each call starts in a private directory of its own (`$TMPDIR/xds-call.XXXXXX`, mode 0700), so that files an
/// adapter writes relative to its working directory never land in the checkout or in another call's way. The
/// directory is removed with everything in it when the call ends, and by the runner's signal path.
enum ScratchDirectory {
    /// A new directory, registered for removal on a signal; nil when none can be made (the call then runs in
    /// the runner's directory, as before).
    static func make() -> String? {
        ChildContainment.makeRegisteredDirectory { TemporaryDirectory.make(name: "xds-call.") }
    }

    static func remove(_ path: String) {
        ChildContainment.removeRegistered(directory: path)
    }

    typealias AddChdir =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, UnsafePointer<CChar>?) -> Int32
    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29+), which Swift does not see without `_GNU_SOURCE`.
    static let addChdir: AddChdir? = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addchdir_np").map {
        unsafeBitCast($0, to: AddChdir.self)
    }
}
