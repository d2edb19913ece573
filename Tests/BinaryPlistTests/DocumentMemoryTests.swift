// Tests/BinaryPlistTests/DocumentMemoryTests.swift - What the document allocates, pinned by capacity

import Testing

@testable import BinaryPlist

/// The document's memory is its two arrays: the nodes allocated once at exactly one per object,
/// the element lists reserved at 3 words per object up front, which the bench's `array-*` files
/// fit and files sharing more objects outgrow once (Docs/codec.md).
@Suite struct DocumentMemoryTests {
    /// Records shaped like the bench's `array-*` workloads: 7 keys, strings, numbers, data, an array.
    /// `sharing`: tags repeat across records (one string object each).
    static func records(_ count: Int, sharing: Bool) -> [UInt8] {
        var values: [PropertyListValue] = []
        for index in 0..<count {
            let blob: [UInt8] = (0..<(16 + index % 32)).map { UInt8(truncatingIfNeeded: $0 &* index) }
            let tags: [PropertyListValue] = (0...(index % 4)).map {
                .string(sharing ? "tag\(index % 13)-\($0)" : "tag-\(index)-\($0)")
            }
            var record: [String: PropertyListValue] = [:]
            record["id"] = .integer(Int64(index))
            record["name"] = .string("name-\(index)")
            record["score"] = .real(Double(index) / 8)
            record["count"] = .integer(Int64(index * 7 % 1000))
            record["blob"] = .data(blob)
            record["active"] = .bool(index % 2 == 0)
            record["tags"] = .array(tags)
            values.append(.dictionary(record))
        }
        return BPlistEncoder.encode(.array(values))
    }

    /// The trailer's object count, reference size and offset-table offset.
    static func trailer(_ bytes: [UInt8]) -> (objects: Int, refSize: Int, tableOffset: Int) {
        let trailer = Array(bytes.suffix(32))
        let number = { (range: Range<Int>) in trailer[range].reduce(0) { $0 << 8 | Int($1) } }
        return (number(8..<16), Int(trailer[7]), number(24..<32))
    }

    /// Slack the allocator may add to a requested capacity (one page).
    static let pageSlack = 4096

    @Test(arguments: [1, 40, 3_000], [false, true])
    func nodesAreOnePerObjectAndChildrenGrowAtMostOnce(records count: Int, sharing: Bool) throws {
        let bytes = Self.records(count, sharing: sharing)
        let objects = Self.trailer(bytes).objects
        let document = try BPlistDocument(bytes)
        #expect(document.count(of: document.root) == count)
        #expect(document.nodes.count == objects)
        #expect(document.nodes.capacity >= objects)
        #expect(document.nodes.capacity <= objects + Self.pageSlack / MemoryLayout<DocumentNode>.stride)
        #expect(MemoryLayout<DocumentNode>.stride == 16)
        // The reservation, or one doubling of it when the file needs more than 3 words per object.
        let reservation = 3 * objects
        let slack = Self.pageSlack / MemoryLayout<UInt32>.stride
        #expect(document.children.capacity >= min(reservation, document.children.count))
        if document.children.count <= reservation {
            #expect(document.children.capacity <= reservation + slack)
        } else {
            #expect(document.children.capacity <= 2 * reservation + slack)
        }
    }

    /// Records whose tags and numbers repeat (one object each) need more than 3 words per object:
    /// this is the case the doubling above covers, and it stays true of these records.
    @Test func sharedScalarsNeedMoreThanTheReservation() throws {
        let bytes = Self.records(3_000, sharing: true)
        let document = try BPlistDocument(bytes)
        #expect(document.children.count > 3 * Self.trailer(bytes).objects)
    }
}
