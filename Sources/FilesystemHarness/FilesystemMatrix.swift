// Sources/FilesystemHarness/FilesystemMatrix.swift - `make fs`: mount every filesystem, probe, round-trip, copy

import Foundation

/// What to run the matrix with.
public struct MatrixOptions: Sendable {
    public var xdsVersion: String
    public var command: String
    /// Adapter-protocol commands; those whose capabilities lack the attribute calls are reported.
    public var adapters: [(name: String, command: [String])]
    public var filesystems: [MatrixFilesystem]
    /// Where the private run directories live (`MountSession.defaultBase` unless set).
    public var stateBase = MountSession.defaultBase
    /// Whether `TMPDIR` is pointed into the run directory for the rest of the process (the command).
    public var redirectsTemporaryFiles = false

    public init(
        xdsVersion: String, command: String, adapters: [(name: String, command: [String])],
        filesystems: [MatrixFilesystem]
    ) {
        self.xdsVersion = xdsVersion
        self.command = command
        self.adapters = adapters
        self.filesystems = filesystems
    }
}

/// Runs the whole real-filesystem matrix. Needs root (loop devices, mounts).
public enum FilesystemMatrix {
    /// Source, destination and value size for the "onto a smaller filesystem" table.
    static let smallerTargets: [(source: String, destination: String, size: Int)] = [
        ("xfs", "ext4-1k", 4000), ("xfs", "ext4-4k", 20000), ("xfs", "btrfs-16k", 20000),
        ("tmpfs", "btrfs-16k", 65536), ("ext4-4k", "ramfs", 200), ("xfs", "ext4-ea-inode", 65536),
    ]

    /// Mounts `options.filesystems` (in one private run directory, see `MountSession`), telling
    /// `registered` about each mount as it appears, and measures everything; `log` gets one line per step.
    public static func run(
        _ options: MatrixOptions, registered: (MountedFilesystem) -> Void = { _ in }, log: (String) -> Void
    ) throws -> FilesystemMatrixReport {
        let (adapters, unavailable) = FieldAccessor.usableAdapters(options.adapters)
        let accessors = [FieldAccessor.reference, FieldAccessor.plistlib] + adapters
        var report = FilesystemMatrixReport(
            provenance: provenance(options), filesystems: [], roundTrips: [], unavailableImplementations: unavailable,
            survival: [], ontoSmaller: [])
        try MatrixFilesystem.withAllMounted(
            options.filesystems, base: options.stateBase, redirectingTemporaryFiles: options.redirectsTemporaryFiles,
            registered: registered
        ) { mounted, failed in
            log("mounted: " + mounted.map { "\($0.spec.label) at \($0.path)" }.joined(separator: ", "))
            for (label, failure) in failed.sorted(by: { $0.key < $1.key }) {
                log("could not mount \(label): \(failure)")
            }
            var limits: [String: Int] = [:]
            for spec in options.filesystems where failed[spec.label] != nil {
                report.filesystems.append(
                    MatrixFilesystemResult(
                        label: spec.label, description: spec.kind.description, options: spec.options, probe: nil,
                        failure: failed[spec.label]))
            }
            for filesystem in mounted {
                var result = MatrixFilesystemResult(
                    label: filesystem.spec.label, description: filesystem.spec.kind.description,
                    options: filesystem.spec.options, probe: nil, failure: nil)
                do {
                    let probe = try AttributeProbe.probe(filesystem.path)
                    result.probe = probe
                    if probe.supportsUserAttributes, let limit = probe.fileLimit {
                        limits[filesystem.spec.label] = limit
                    }
                    log("probed \(filesystem.spec.label): file limit \(probe.fileLimit.map(String.init) ?? "none")")
                } catch {
                    result.failure = "\(error)"
                }
                report.filesystems.append(result)
            }
            let order = Dictionary(uniqueKeysWithValues: options.filesystems.enumerated().map { ($1.label, $0) })
            report.filesystems.sort { (order[$0.label] ?? 0) < (order[$1.label] ?? 0) }
            let withAttributes = mounted.filter { limits[$0.spec.label] != nil }
            for filesystem in withAttributes {
                let sizes = [200, limits[filesystem.spec.label] ?? 200]
                report.roundTrips += ByteRoundTrips.run(in: filesystem.path, label: filesystem.spec.label, sizes: sizes)
                report.roundTrips += FieldRoundTrips.run(
                    in: filesystem.path, label: filesystem.spec.label, accessors: accessors)
            }
            log("round trips: \(report.roundTrips.filter(\.preserved).count) of \(report.roundTrips.count) preserved")
            report.survival = survival(withAttributes, all: mounted, limits: limits)
            log("survival: \(report.survival.filter(\.kept).count) of \(report.survival.count) kept")
            report.ontoSmaller = ontoSmaller(mounted)
            log("onto smaller filesystems: \(report.ontoSmaller.filter(\.silentLoss).count) silent losses")
        }
        return report
    }

    static func survival(
        _ sources: [MountedMatrixFilesystem], all: [MountedMatrixFilesystem], limits: [String: Int]
    ) -> [SurvivalCell] {
        var cells: [SurvivalCell] = []
        for source in sources {
            // mv crosses to tmpfs (to xfs from tmpfs): both take any value up to 65,536 bytes.
            let otherLabel = source.spec.label == "tmpfs" ? "xfs" : "tmpfs"
            let other = all.first { $0.spec.label == otherLabel } ?? source
            for size in [200, limits[source.spec.label] ?? 200] {
                for operation in SurvivalOperation.all {
                    cells.append(
                        SurvivalRunner.run(
                            operation, size: size, source: source,
                            destination: operation.crossesFilesystems ? other : source))
                }
            }
        }
        return cells
    }

    static func ontoSmaller(_ mounted: [MountedMatrixFilesystem]) -> [SurvivalCell] {
        var cells: [SurvivalCell] = []
        for target in smallerTargets {
            guard let source = mounted.first(where: { $0.spec.label == target.source }),
                let destination = mounted.first(where: { $0.spec.label == target.destination })
            else { continue }
            for operation in SurvivalOperation.ontoSmaller {
                cells.append(SurvivalRunner.run(operation, size: target.size, source: source, destination: destination))
            }
        }
        return cells
    }

    static func provenance(_ options: MatrixOptions) -> MatrixProvenance {
        var name = utsname()
        uname(&name)
        let kernel = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let osRelease = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
        let os =
            osRelease.split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
            .map { $0.dropFirst(12).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) } ?? "unknown"
        let versionCalls: [String: [String]] = [
            "coreutils cp": ["cp", "--version"], "GNU tar": ["tar", "--version"], "bsdtar": ["bsdtar", "--version"],
            "rsync": ["rsync", "--version"], "zip": ["zip", "-h"], "unzip": ["unzip", "-v"],
            "mkfs.ext4": ["mke2fs", "-V"], "mkfs.xfs": ["mkfs.xfs", "-V"], "mkfs.btrfs": ["mkfs.btrfs", "--version"],
            "python3": ["python3", "--version"], "getfattr": ["getfattr", "--version"],
            "libattr": ["dpkg-query", "-W", "-f", "${Package} ${Version}", "libattr1"],
        ]
        let formatter = ISO8601DateFormatter()
        return MatrixProvenance(
            xdsVersion: options.xdsVersion, command: options.command, date: formatter.string(from: Date()),
            kernel: kernel, os: os, tools: versionCalls.mapValues { ToolRun.versionLine($0) })
    }
}
