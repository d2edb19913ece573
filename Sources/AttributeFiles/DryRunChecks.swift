// Sources/AttributeFiles/DryRunChecks.swift - What `write --dry-run` can check without writing, and what not

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The checks a dry run makes in place of the real `setxattr(2)`, each failing with the errno the real
/// call would give: create-only on an existing attribute (`EEXIST`), replace-only on a missing one
/// (`ENODATA`), a missing file (`ENOENT`), no user attributes (`EOPNOTSUPP`), a symlink or special file
/// (`EPERM`), a read-only mount (`EROFS`), no write permission (`EACCES`).
enum DryRunChecks {
    /// Runs the checks. - Returns: what could not be checked, for the caller to say.
    static func check(
        _ path: BytePath, options: AttributeFile.WriteOptions, size: Int, limit: FilesystemLimit
    ) throws(AttributeFileError) -> [String] {
        func fail(_ code: SystemErrno) -> AttributeFileError {
            .system(XAttrError(.set, path: path, name: AttributeFile.attributeName, errno: code, valueSize: size))
        }
        let present = try AttributeFile.readBytes(at: path, followSymlinks: options.followSymlinks) != nil
        switch (options.mode, present) {
        case (.createOnly, true): throw fail(.fileExists)
        case (.replaceOnly, false): throw fail(.noData)
        default: break
        }
        var status = stat()
        let statResult = path.withCString { options.followSymlinks ? stat($0, &status) : lstat($0, &status) }
        guard statResult == 0 else { throw fail(SystemErrno(rawValue: errno)) }
        let type = status.st_mode & S_IFMT
        if type != S_IFREG && type != S_IFDIR { throw fail(.notPermitted) }
        var volume = statvfs()
        if path.withCString({ statvfs($0, &volume) }) == 0, volume.f_flag & UInt(ST_RDONLY) != 0 {
            throw fail(.readOnlyFileSystem)
        }
        let flags = AT_EACCESS | (options.followSymlinks ? 0 : AT_SYMLINK_NOFOLLOW)
        if path.withCString({ faccessat(AT_FDCWD, $0, W_OK, flags) }) != 0 {
            let code = SystemErrno(rawValue: errno)
            if code == .permissionDenied || code == .readOnlyFileSystem { throw fail(code) }
        }
        var unchecked = ["immutable and append-only file flags"]
        if limit.maximumValueSize == nil || !limit.isCertain {
            unchecked.append("the size limit (\(limit))")
        }
        unchecked.append(
            FreeSpace.isFull(path) == true
                ? "room: the filesystem has no free blocks left, so the write may fail (ENOSPC)"
                : "free space and quota")
        return unchecked
    }
}

/// Whether the filesystem holding a path has no free blocks left for this process.
enum FreeSpace {
    /// True when no block is available outside the root reserve (`f_bavail`): ext4 does not give that
    /// reserve to attribute blocks, even for root. Nil when `statvfs(2)` fails.
    static func isFull(_ path: BytePath) -> Bool? {
        var volume = statvfs()
        guard path.withCString({ statvfs($0, &volume) }) == 0 else { return nil }
        return volume.f_bavail == 0
    }
}
