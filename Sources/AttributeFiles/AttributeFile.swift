// Sources/AttributeFiles/AttributeFile.swift - Reading, writing and removing the attribute on a path

import DocumentSource

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads and writes `DocumentSourceAttribute` on files, as `user.x-document-source` (Linux) or
/// `x-document-source` (Darwin). Paths are `BytePath`s: their bytes reach the system call unchanged;
/// the `String` forms are for paths that are text.
public enum AttributeFile {
    /// The attribute name on this platform.
    public static let attributeName = ExtendedAttributes.documentSourceName

    /// The raw value of the attribute, or nil when the file has none.
    /// Values over 64 KiB are refused before allocation (`E2BIG`).
    public static func readBytes(at path: String, followSymlinks: Bool = true) throws(AttributeFileError) -> [UInt8]? {
        try readBytes(at: BytePath(path), followSymlinks: followSymlinks)
    }

    /// `readBytes(at:)` for a path given as bytes.
    public static func readBytes(at path: BytePath, followSymlinks: Bool = true) throws(AttributeFileError)
        -> [UInt8]?
    {
        do {
            return try ExtendedAttributes.value(
                named: attributeName, at: path, followSymlinks: followSymlinks,
                maximumSize: AttributeSizeLimits.linuxMaximum)
        } catch {
            throw .system(error)
        }
    }

    /// Reads the attribute as the original does (symlinks followed by default), binary plists only.
    /// - Throws: `.noAttribute`, `.unreadable` (the original would return nil), `.system` (errno).
    public static func read(at path: String, followSymlinks: Bool = true) throws(AttributeFileError)
        -> DocumentSourceAttribute
    {
        try read(at: BytePath(path), followSymlinks: followSymlinks)
    }

    /// `read(at:)` for a path given as bytes.
    public static func read(at path: BytePath, followSymlinks: Bool = true) throws(AttributeFileError)
        -> DocumentSourceAttribute
    {
        guard let bytes = try readBytes(at: path, followSymlinks: followSymlinks) else {
            throw .noAttribute(path: path.description)
        }
        do {
            return try DocumentSourceAttribute(decoding: bytes)
        } catch {
            throw .unreadable(path: path.description, error)
        }
    }

    /// How `write` behaves.
    public struct WriteOptions: Hashable, Sendable {
        /// Create or replace (default), create only (`--create`), replace only (`--replace`).
        public var mode: XAttrSetMode = .createOrReplace
        public var followSymlinks = true
        /// Accept an `appInfoURL` that is not absolute https (it must still hold only URL characters).
        public var allowInsecureURL = false
        /// Check and encode everything, but do not change the file.
        public var dryRun = false
        public init() {}
    }

    /// What `write` stored (or, for a dry run, would store).
    public struct WriteResult: Hashable, Sendable {
        /// The encoded attribute value.
        public var bytes: [UInt8]
        /// The filesystem and its limit, as the pre-flight check saw them.
        public var limit: FilesystemLimit
        /// For a dry run: what could not be checked without writing (empty after a real write).
        public var unchecked: [String] = []
    }

    /// Checks the fields, encodes them canonically (binary), compares the size with the filesystem's
    /// limit, and only then sets the attribute. Nothing on disk changes when any check fails.
    /// - Throws: `.missingField`, `.insecureURL`, `.tooLarge` before touching the file; `.system`
    ///   (`EEXIST` for create-only, `ENODATA` for replace-only, `EPERM`, `EROFS`, …) from the call.
    @discardableResult
    public static func write(
        _ attribute: DocumentSourceAttribute, to path: String, options: WriteOptions = WriteOptions()
    ) throws(AttributeFileError) -> WriteResult {
        try write(attribute, to: BytePath(path), options: options)
    }

    /// `write(_:to:options:)` for a path given as bytes.
    @discardableResult
    public static func write(
        _ attribute: DocumentSourceAttribute, to path: BytePath, options: WriteOptions = WriteOptions()
    ) throws(AttributeFileError) -> WriteResult {
        for (key, value) in [("identifier", attribute.identifier), ("name", attribute.name)]
        where (value ?? "").isEmpty {
            throw .missingField(key)
        }
        if let url = attribute.appInfoURL {
            let refusal = options.allowInsecureURL ? WebURLRule.characterRefusal(url) : WebURLRule.refusal(url)
            if let refusal { throw .insecureURL(url, reason: refusal) }
        }
        let bytes = attribute.encoded()
        let limit = FilesystemLimit.of(path: path, name: attributeName)
        if let maximum = limit.maximumValueSize, bytes.count > maximum,
            limit.isCertain || bytes.count > AttributeSizeLimits.linuxMaximum
        {
            throw .tooLarge(path: path.description, size: bytes.count, limit: maximum, filesystem: limit.filesystem)
        }
        var result = WriteResult(bytes: bytes, limit: limit)
        if options.dryRun {
            result.unchecked = try DryRunChecks.check(path, options: options, size: bytes.count, limit: limit)
            return result
        }
        do {
            try ExtendedAttributes.setValue(
                bytes, named: attributeName, at: path, mode: options.mode, followSymlinks: options.followSymlinks)
        } catch {
            var detailed = error
            detailed.limit = limit.maximumValueSize
            if error.errno == .noSpace { detailed.filesystemFull = FreeSpace.isFull(path) }
            throw .system(detailed)
        }
        return result
    }

    /// Removes the attribute. - Throws: `.noAttribute` when there is none, `.system` otherwise.
    public static func remove(at path: String, followSymlinks: Bool = true) throws(AttributeFileError) {
        try remove(at: BytePath(path), followSymlinks: followSymlinks)
    }

    /// `remove(at:)` for a path given as bytes.
    public static func remove(at path: BytePath, followSymlinks: Bool = true) throws(AttributeFileError) {
        do {
            try ExtendedAttributes.removeValue(named: attributeName, at: path, followSymlinks: followSymlinks)
        } catch {
            if error.errno == .noData { throw .noAttribute(path: path.description) }
            throw .system(error)
        }
    }
}
