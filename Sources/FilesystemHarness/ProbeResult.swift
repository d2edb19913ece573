// Sources/FilesystemHarness/ProbeResult.swift - What `fs-probe` measured on one directory

/// The largest value accepted for one attribute name on one kind of object.
public struct LimitMeasurement: Codable, Hashable, Sendable {
    /// `file`, `directory`, `file-1-byte-name`, `file-255-byte-name`, `second-attribute`.
    public var id: String
    /// What was measured, for people.
    public var description: String
    /// The attribute name used.
    public var attributeName: String
    /// The largest accepted value size in bytes (binary search over 0…65,536); nil if even 0 fails.
    public var maximum: Int?
    /// The errno at `maximum + 1` (at 0 when nothing fits; at 65,537 when 65,536 fits).
    public var errnoAbove: String?
    /// The reference writer's pre-flight limit for this name (`FilesystemLimit.of(path:name:)`), nil when it has none.
    public var formula: Int?
    /// True when the formula and the measurement agree; nil when there is nothing to compare.
    public var agreesWithFormula: Bool?
}

/// The errno of one deliberately failing call.
public struct ErrnoCase: Codable, Hashable, Sendable {
    /// `value-over-64k`, `name-over-255`, `no-namespace`, `create-existing`, `replace-missing`,
    /// `symlink`, `fifo`, `small-buffer`, `get-missing`.
    public var id: String
    public var description: String
    /// The errno name, or `ok` when the call succeeded.
    public var result: String
    /// What Linux's VFS and the common filesystems return (research table).
    public var expected: String
    public var matches: Bool { result == expected }
}

/// Everything `fs-probe` learned about one directory.
public struct ProbeResult: Codable, Hashable, Sendable {
    public var directory: String
    public var geometry: FilesystemGeometry
    /// What the reference writer's pre-flight check sees here (`FilesystemLimit.of(path:name:)`).
    public var writerSees: String
    /// False when a 0-byte `user.` attribute cannot be set on a fresh file.
    public var supportsUserAttributes: Bool
    public var limits: [LimitMeasurement]
    public var errnos: [ErrnoCase]
    /// True when every scratch file and folder the probe made is gone again.
    public var cleanedUp: Bool

    /// Measurements whose formula disagrees with the kernel.
    public var formulaDifferences: [LimitMeasurement] { limits.filter { $0.agreesWithFormula == false } }
    /// The limit for `user.x-document-source` on a fresh file.
    public var fileLimit: Int? { limits.first { $0.id == "file" }?.maximum }
}
