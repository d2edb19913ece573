// Sources/xds-bench/SwiftWorker.swift - One Swift implementation, one operation, in this (child) process

import AttributeFiles
import BinaryPlist
import CAttr  // getxattr, for the `syscall` row
import DocumentSource
import Foundation
import Icons
import LibplistBridge

/// `xds-bench --worker IMPL OPERATION INPUT [--attribute] [--smoke]`: measures and prints one JSON line.
enum SwiftWorker {
    static let attributeName = ExtendedAttributes.documentSourceName
    static let appInfoURL = "https://workingcopyapp.com/x-document-source/appInfo.json"

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func run(implementation: String, operation: String, input: String, isAttribute: Bool, smoke: Bool)
        -> WorkerResult
    {
        var result = WorkerResult()
        do {
            let readsAttribute = ["read-decode", "read", "syscall"].contains(operation)
            let bytes = readsAttribute ? [] : try read(input)
            result.bytes = readsAttribute ? try attribute(at: input).count : bytes.count
            // Foundation reads a `Data`: its copy of the input is made here, before the baseline, and
            // only for the Foundation workers, so no worker's growth counts a copy of its input.
            let data = implementation.hasPrefix("foundation-") && !readsAttribute ? Data(bytes) : Data()
            var limit = rlimit(rlim_cur: 4 << 30, rlim_max: 4 << 30)
            setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
            Timing.resetPeakRSS()
            result.baselineRSSKiB = Timing.statusKiB("VmRSS")
            let measured: (samples: [Double], cpu: [Double], iterations: Int)
            if implementation == "libplist" && operation == "encode" {
                let tree = try LibplistTree(parsing: bytes)
                result.bytes = try tree.binary().count
                measured = try Timing.measure(smoke: smoke) { try tree.binary().count }
            } else {
                let body = try operationBody(
                    implementation, operation, bytes, data, input: input, isAttribute: isAttribute)
                var timed = body
                do {
                    let size = try body()
                    if operation == "encode" { result.bytes = size }
                } catch {
                    // A rejection is an outcome; how long it takes to reject is still worth knowing.
                    result.outcome = "rejected: \(error) (timed to the rejection)"
                    timed = { (try? body()) ?? 0 }
                }
                measured = try Timing.measure(smoke: smoke, timed)
            }
            result.samples = measured.samples
            result.cpuSamples = measured.cpu
            result.iterations = measured.iterations
            result.peakRSSKiB = Timing.statusKiB("VmHWM")
        } catch {
            result.outcome = "rejected: \(error)"
        }
        return result
    }

    static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "cannot read \(path)")
        }
        return Array(data)
    }

    /// The timed operation; it returns a size (bytes written, or 1) that the sink keeps.
    static func operationBody(
        _ implementation: String, _ operation: String, _ bytes: [UInt8], _ data: Data, input: String,
        isAttribute: Bool
    ) throws -> () throws -> Int {
        switch (implementation, operation) {
        case ("reference", "decode"):
            return { count(try BPlistDecoder.decode(bytes)) }
        case ("reference", "decode-unbounded"):
            var rules = DecodingRules.strict
            rules.maximumExpandedCount = .max
            return { count(try BPlistDecoder.decode(bytes, rules: rules)) }
        case ("reference-document", "decode"):
            // Validated, not materialised: the flat document over the input.
            return {
                let document = try BPlistDocument(bytes)
                return document.count(of: document.root) + 1
            }
        case ("reference-document", "read-decode"):
            // The attribute read path: getxattr, check, build the four strings.
            return {
                let attribute = try DocumentSourceAttribute(decoding: try attribute(at: input))
                // The fields that are set, counted without `fields` (which builds an array of pairs).
                let first: Int = (attribute.identifier == nil ? 0 : 1) + (attribute.name == nil ? 0 : 1)
                return first + (attribute.path == nil ? 0 : 1) + (attribute.appInfoURL == nil ? 0 : 1)
            }
        case ("reference", "build-value"):
            // The value alone: the decoded dictionary's keys and strings as bytes, built into the same
            // `PropertyListValue` a decode returns and freed, without reading any bplist structure.
            guard case .dictionary(let decoded) = try BPlistDecoder.decode(bytes) else {
                throw Failure(description: "the attribute is not a dictionary")
            }
            let entries = try decoded.map { key, value in
                guard case .string(let text) = value else { throw Failure(description: "\(key) is not a string") }
                return (key: Array(key.utf8), value: Array(text.utf8))
            }
            return {
                var dictionary = [String: PropertyListValue](minimumCapacity: entries.count)
                for entry in entries {
                    dictionary[String(decoding: entry.key, as: UTF8.self)] =
                        .string(String(decoding: entry.value, as: UTF8.self))
                }
                return count(.dictionary(dictionary))
            }
        case ("reference", "encode"):
            let value = try BPlistDecoder.decode(bytes)
            return { BPlistEncoder.encode(value).count }
        case ("reference", "select-recommended"), ("reference", "select-legacy"):
            let profile: IconProfile = operation == "select-legacy" ? .legacy : .recommended
            let first = IconSelector.select(json: bytes, scale: 2, appInfoURL: appInfoURL, profile: profile)
            guard case .icon = first else { throw Failure(description: "no icon selected: \(first)") }
            return {
                guard
                    case .icon(_, let width, _, _) = IconSelector.select(
                        json: bytes, scale: 2, appInfoURL: appInfoURL, profile: profile)
                else { return 0 }
                return width
            }
        case ("reference", "parse-appinfo"), ("foundation-serialization", "parse-appinfo"):
            // The same `AppInfo` both ways: `parse` (the one-pass reader, Foundation only where it is not
            // certain) against `parseWithFoundation` (JSONSerialization, then the model); whether the reader pays.
            let fast = operation == "parse-appinfo" && implementation == "reference"
            let parse: ([UInt8]) throws -> AppInfo = {
                fast ? try AppInfo.parse($0) : try AppInfo.parseWithFoundation($0, limits: .default)
            }
            guard try AppInfo.parse(bytes) == AppInfo.parseWithFoundation(bytes, limits: .default) else {
                throw Failure(description: "the two appInfo readers disagree on the workload")
            }
            return {
                guard case .array(let entries) = try parse(bytes).icons else { return 0 }
                return entries.count
            }
        case ("reference", "read-decode"):
            return { count(try BPlistDecoder.decode(try attribute(at: input))) }
        case ("reference", "read"):
            // The read every read-decode row starts with (`ExtendedAttributes.value`), nothing decoded.
            return { try attribute(at: input).count }
        case ("reference", "syscall"):
            // The system call alone, into a buffer on the stack (what `ExtendedAttributes.value` asks).
            return {
                let count = withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 1) { buffer in
                    getxattr(input, attributeName, buffer.baseAddress, buffer.count)
                }
                guard count >= 0 else { throw Failure(description: "getxattr failed: errno \(errno)") }
                return count
            }
        case ("libplist", "decode"):
            return {
                _ = try LibplistTree(parsing: bytes)
                return 1
            }
        case ("libplist", "read-decode"):
            // The same work as the reference-document row: read, parse, the four keys' strings.
            return {
                let tree = try LibplistTree(parsing: try attribute(at: input))
                return DocumentSourceAttribute.keys.reduce(0) { $0 + (tree.string(forKey: $1) == nil ? 0 : 1) }
            }
        default:
            return try FoundationWorker.body(implementation, operation, data, input: input, isAttribute: isAttribute)
        }
    }

    static func attribute(at path: String) throws -> [UInt8] {
        guard let value = try ExtendedAttributes.value(named: attributeName, at: path) else {
            throw Failure(description: "no \(attributeName) on \(path)")
        }
        return value
    }

    static func count(_ value: PropertyListValue) -> Int {
        switch value {
        case .array(let elements): return elements.count
        case .dictionary(let entries): return entries.count
        default: return 1
        }
    }
}
