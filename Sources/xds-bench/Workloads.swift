// Sources/xds-bench/Workloads.swift - The generated inputs and which operations run on each

import BinaryPlist
import SeededRandom

/// One input and the operations measured on it.
struct Workload {
    enum Kind: String {
        /// bplist bytes in a file.
        case plist
        /// appInfo.json bytes in a file.
        case appInfo
        /// bplist bytes stored as `user.x-document-source` on a tmpfs file.
        case xattr
    }

    var name: String
    var description: String
    var kind: Kind
    var bytes: [UInt8]
    /// `decode`, `encode`, … per implementation.
    var operations: [(implementation: String, operation: String)]
    /// foundation-decoder decodes `[String: String]` when true, a generic plist type otherwise.
    var isAttribute = false
}

enum Workloads {
    static let all = ["reference", "libplist", "foundation-serialization", "foundation-decoder", "plistlib"]

    /// The reference's second form: the checked document, not materialised (decoding only).
    static let document = "reference-document"

    static func every(_ operations: [String]) -> [(implementation: String, operation: String)] {
        operations.flatMap { operation in
            let forms =
                operation == "decode" || operation == "read-decode" ? [all[0], document] + all.dropFirst() : all
            return forms.map { ($0, operation) }
        }
    }

    /// Every workload; `smoke` shrinks each to a few objects.
    static func make(seed: UInt64, smoke: Bool) -> [Workload] {
        var random = SeededGenerator(seed: seed)
        let attribute = BPlistEncoder.encode(Self.attribute)
        let records = (0..<(smoke ? 80 : 12_000)).map { record($0, &random) }
        let perRecord = Double(BPlistEncoder.encode(.array(Array(records.prefix(80)))).count) / 80
        let small = smoke ? 10 : Int((65_536 / perRecord).rounded(.up))
        let unit = records.count / 16
        let levels = smoke ? 20 : 500
        let fanOut = smoke ? 10 : 26
        return [
            Workload(
                name: "attribute", description: "the x-document-source dictionary, four strings", kind: .plist,
                // `build-value` times the materialised value alone: what no materialised decode goes below.
                bytes: attribute, operations: every(["decode", "encode"]) + [("reference", "build-value")],
                isAttribute: true),
            Workload(
                name: "plist-64k", description: "array of \(small) record dictionaries (about 64 KiB)", kind: .plist,
                bytes: BPlistEncoder.encode(.array(Array(records.prefix(small)))),
                operations: every(["decode", "encode"])),
            Workload(
                name: "array-1x", description: "array of \(unit) records (scaling 1×)", kind: .plist,
                bytes: BPlistEncoder.encode(.array(Array(records.prefix(unit)))), operations: every(["decode"])),
            Workload(
                name: "array-4x", description: "array of \(unit * 4) records (scaling 4×)", kind: .plist,
                bytes: BPlistEncoder.encode(.array(Array(records.prefix(unit * 4)))), operations: every(["decode"])),
            Workload(
                name: "array-16x",
                description: "array of \(records.count) records: strings, integers, reals, data, arrays (scaling 16×)",
                kind: .plist, bytes: BPlistEncoder.encode(.array(records)), operations: every(["decode", "encode"])),
            Workload(
                name: "deep-\(levels)", description: "\(levels) nested arrays around one string", kind: .plist,
                bytes: BPlistEncoder.encode(deep(levels)), operations: every(["decode", "encode"])),
            Workload(
                name: "fan-out-dag",
                description: "\(fanOut) arrays each referencing the next twice: 2^\(fanOut) leaves if expanded",
                kind: .plist, bytes: fanOutDAG(levels: fanOut),
                operations: every(["decode"]) + [("reference", "decode-unbounded")]),
            Workload(
                name: "appinfo-\(smoke ? 20 : 1_000)",
                description: "appInfo.json with \(smoke ? 20 : 1_000) icons, scale 2",
                kind: .appInfo, bytes: appInfo(entries: smoke ? 20 : 1_000, &random),
                operations: [
                    ("reference", "select-recommended"), ("reference", "select-legacy"), ("reference", "parse-appinfo"),
                    ("foundation-serialization", "parse-appinfo"),
                ]),
            Workload(
                name: "attribute-xattr", description: "getxattr of the attribute on tmpfs, then decode", kind: .xattr,
                bytes: attribute,
                // `read` and `syscall` time the read without a decode: what no decoder can go below.
                operations: every(["read-decode"]) + [("reference", "read"), ("reference", "syscall")],
                isAttribute: true),
        ]
    }

    static let attribute = PropertyListValue.dictionary([
        "identifier": .string("com.appliedphasor.working-copy"), "name": .string("Working Copy"),
        "path": .string("libgit2/doc/README.md"),
        "appInfoURL": .string("https://workingcopyapp.com/appInfo.json"),
    ])

    static func record(_ index: Int, _ random: inout SeededGenerator) -> PropertyListValue {
        .dictionary([
            "id": .integer(Int64(index)), "name": .string(random.word(6...20)),
            "score": .real(Double(random.int(0...1_000_000)) / 1_000),
            "count": .integer(Int64(random.int(0...99_999))),
            "blob": .data(random.bytes(16...48)), "active": .bool(random.int(0...1) == 1),
            "tags": .array((0..<random.int(1...4)).map { _ in .string(random.word(3...10)) }),
        ])
    }

    static func deep(_ levels: Int) -> PropertyListValue {
        var value = PropertyListValue.string("leaf")
        for _ in 0..<levels { value = .array([value]) }
        return value
    }

    /// Objects 0…levels−1 are arrays `[i+1, i+1]`, the last object the integer 1; 1-byte refs and offsets.
    static func fanOutDAG(levels: Int) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for index in 0..<levels {
            offsets.append(UInt8(bytes.count))
            bytes += [0xA2, UInt8(index + 1), UInt8(index + 1)]
        }
        offsets.append(UInt8(bytes.count))
        bytes += [0x10, 0x01]
        let table = bytes.count
        bytes += offsets + [0, 0, 0, 0, 0, 0, 1, 1]
        for field in [UInt64(levels + 1), 0, UInt64(table)] {
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: field >> (8 * UInt64($0))) }
        }
        return bytes
    }

    static func appInfo(entries: Int, _ random: inout SeededGenerator) -> [UInt8] {
        var icons: [String] = []
        for index in 0..<entries {
            let width = index == entries * 3 / 4 ? 58 : random.int(16...1_024)
            icons.append("{\"width\":\(width),\"height\":\(width),\"src\":\"img/icon-\(index).png\"}")
        }
        return Array("{\"icons\":[\(icons.joined(separator: ","))]}".utf8)
    }
}
