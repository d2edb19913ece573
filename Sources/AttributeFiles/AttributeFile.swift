// Sources/AttributeFiles/AttributeFile.swift - Reading, writing and removing the attribute on a path

import DocumentSource
import XAttr

/// Reads and writes `DocumentSourceAttribute` on files, as `user.x-document-source` (Linux) or
/// `x-document-source` (Darwin).
public enum AttributeFile {
    /// The attribute name on this platform.
    public static let attributeName = ExtendedAttributes.documentSourceName

    /// The raw value of the attribute, or nil when the file has none.
    /// Values over 64 KiB are refused before allocation (`E2BIG`).
    public static func readBytes(at path: String, followSymlinks: Bool = true) throws(AttributeFileError) -> [UInt8]? {
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
        guard let bytes = try readBytes(at: path, followSymlinks: followSymlinks) else {
            throw .noAttribute(path: path)
        }
        do {
            return try DocumentSourceAttribute(decoding: bytes)
        } catch {
            throw .unreadable(path: path, error)
        }
    }

    /// How `write` behaves.
    public struct WriteOptions: Hashable, Sendable {
        /// Create or replace (default), create only (`--create`), replace only (`--replace`).
        public var mode: XAttrSetMode = .createOrReplace
        public var followSymlinks = true
        /// Accept an `appInfoURL` that is not absolute https.
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
    }

    /// Checks the fields, encodes them canonically (binary), compares the size with the filesystem's
    /// limit, and only then sets the attribute. Nothing on disk changes when any check fails.
    /// - Throws: `.missingField`, `.insecureURL`, `.tooLarge` before touching the file; `.system`
    ///   (`EEXIST` for create-only, `ENODATA` for replace-only, `EPERM`, `EROFS`, …) from the call.
    @discardableResult
    public static func write(
        _ attribute: DocumentSourceAttribute, to path: String, options: WriteOptions = WriteOptions()
    ) throws(AttributeFileError) -> WriteResult {
        for (key, value) in [("identifier", attribute.identifier), ("name", attribute.name)]
        where (value ?? "").isEmpty {
            throw .missingField(key)
        }
        if let url = attribute.appInfoURL, !options.allowInsecureURL, !ConventionRules.isAbsoluteHTTPS(url) {
            throw .insecureURL(url)
        }
        let bytes = attribute.encoded()
        let limit = FilesystemLimit.of(path: path, name: attributeName)
        if let maximum = limit.maximumValueSize, bytes.count > maximum,
            limit.isCertain || bytes.count > AttributeSizeLimits.linuxMaximum
        {
            throw .tooLarge(path: path, size: bytes.count, limit: maximum, filesystem: limit.filesystem)
        }
        let result = WriteResult(bytes: bytes, limit: limit)
        if options.dryRun {
            try checkMode(options, at: path)
            return result
        }
        do {
            try ExtendedAttributes.setValue(
                bytes, named: attributeName, at: path, mode: options.mode, followSymlinks: options.followSymlinks)
        } catch {
            var detailed = error
            detailed.limit = limit.maximumValueSize
            throw .system(detailed)
        }
        return result
    }

    /// Removes the attribute. - Throws: `.noAttribute` when there is none, `.system` otherwise.
    public static func remove(at path: String, followSymlinks: Bool = true) throws(AttributeFileError) {
        do {
            try ExtendedAttributes.removeValue(named: attributeName, at: path, followSymlinks: followSymlinks)
        } catch {
            if error.errno == .noData { throw .noAttribute(path: path) }
            throw .system(error)
        }
    }

    /// For a dry run: fails as the real call would for create-only on an existing attribute and
    /// replace-only on a missing one.
    private static func checkMode(_ options: WriteOptions, at path: String) throws(AttributeFileError) {
        let present = try readBytes(at: path, followSymlinks: options.followSymlinks) != nil
        switch (options.mode, present) {
        case (.createOnly, true):
            throw .system(XAttrError(.set, path: path, name: attributeName, errno: .fileExists))
        case (.replaceOnly, false):
            throw .system(XAttrError(.set, path: path, name: attributeName, errno: .noData))
        default: return
        }
    }
}
