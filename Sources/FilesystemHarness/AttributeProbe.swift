// Sources/FilesystemHarness/AttributeProbe.swift - Measures attribute limits and errno on one directory

import AttributeFiles
import Glibc

/// Measures, on a mounted directory, how large `user.x-document-source` may be and how failures look.
///
/// Works without privileges: it creates a scratch folder inside the directory, probes files, a
/// subfolder, a symlink and a fifo there, and removes all of it afterwards.
public enum AttributeProbe {
    /// The attribute the convention uses on Linux.
    public static let attributeName = ExtendedAttributes.documentSourceName

    /// Probes `directory`.
    /// - Throws: `ProbeFailure` when the directory cannot be examined or a scratch file cannot be made.
    public static func probe(_ directory: String) throws(ProbeFailure) -> ProbeResult {
        let geometry = try FilesystemGeometry.of(directory)
        let scratch = try ScratchFolder(in: directory)
        var result = ProbeResult(
            directory: directory, geometry: geometry,
            writerSees: FilesystemLimit.of(path: directory, name: attributeName).description,
            supportsUserAttributes: false, limits: [], errnos: [],
            cleanedUp: false)
        do {
            let file = try scratch.file("limit-file")
            result.supportsUserAttributes = ProbeCalls.set([], named: attributeName, at: file) == .success
            _ = ProbeCalls.remove(named: attributeName, at: file)
            result.limits = try measureLimits(scratch, geometry: geometry)
            result.errnos = try measureErrnos(scratch)
        } catch {
            scratch.removeAll()
            throw error
        }
        result.cleanedUp = scratch.removeAll()
        return result
    }

    static func measureLimits(_ scratch: ScratchFolder, geometry: FilesystemGeometry) throws(ProbeFailure)
        -> [LimitMeasurement]
    {
        let shortName = "user.x"
        let longName = "user." + String(repeating: "n", count: 250)
        var limits = [
            measure("file", "fresh empty file", attributeName, on: try scratch.file("file"), geometry),
            measure("directory", "fresh empty directory", attributeName, on: try scratch.folder("dir"), geometry),
            measure(
                "file-1-byte-name", "fresh file, 1-byte name (user.x)", shortName, on: try scratch.file("n1"), geometry),
            measure(
                "file-255-byte-name", "fresh file, 255-byte name", longName, on: try scratch.file("n255"), geometry),
        ]
        // A second attribute beside a first one of the largest size the file accepts.
        let second = try scratch.file("second")
        var secondMeasurement = LimitMeasurement(
            id: "second-attribute", description: "second attribute beside a maximal first",
            attributeName: attributeName + "-2", maximum: nil, errnoAbove: nil, formula: nil, agreesWithFormula: nil)
        if let first = limits[0].maximum,
            ProbeCalls.set(ProbeValue.bytes(first), named: attributeName, at: second) == .success
        {
            let found = largestAccepted(named: secondMeasurement.attributeName, at: second)
            secondMeasurement.maximum = found.maximum
            secondMeasurement.errnoAbove = found.errnoAbove
            // Only filesystems that store each attribute separately have a formula for the second one.
            if geometry.type != "ext4" {
                secondMeasurement.formula =
                    FilesystemLimit.of(path: second, name: secondMeasurement.attributeName)
                    .maximumValueSize
                secondMeasurement.agreesWithFormula = secondMeasurement.formula.map { $0 == found.maximum }
            }
        }
        limits.append(secondMeasurement)
        return limits
    }

    static func measure(
        _ id: String, _ description: String, _ name: String, on path: String, _ geometry: FilesystemGeometry
    ) -> LimitMeasurement {
        let found = largestAccepted(named: name, at: path)
        let formula = FilesystemLimit.of(path: path, name: name).maximumValueSize
        return LimitMeasurement(
            id: id, description: description, attributeName: name, maximum: found.maximum,
            errnoAbove: found.errnoAbove, formula: formula, agreesWithFormula: formula.map { $0 == found.maximum })
    }

    /// Binary search over 0…65,536 for the largest value `setxattr` accepts; each accepted probe is removed.
    static func largestAccepted(named name: String, at path: String) -> (maximum: Int?, errnoAbove: String?) {
        func accepts(_ size: Int) -> CallResult {
            let result = ProbeCalls.set(ProbeValue.bytes(size), named: name, at: path)
            if result == .success { _ = ProbeCalls.remove(named: name, at: path) }
            return result
        }
        let atZero = accepts(0)
        guard atZero == .success else { return (nil, atZero.errnoName) }
        var low = 0  // accepted
        var high = ExtendedAttributes.linuxMaximumValueSize + 1  // first size assumed refused
        if accepts(ExtendedAttributes.linuxMaximumValueSize) == .success {
            low = ExtendedAttributes.linuxMaximumValueSize
        }
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if accepts(middle) == .success { low = middle } else { high = middle }
        }
        return (low, accepts(low + 1).errnoName ?? "ok")
    }
}
