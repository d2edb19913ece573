// Tests/BinaryPlistTests/DocumentMemoryTests.swift - What the document allocates, pinned by capacity

import Testing

@testable import BinaryPlist

/// The document's peak memory is its two arrays, each allocated once: the nodes exactly one per
/// object, the element lists within their up-front reservation (a bound from the trailer, of which
/// only the words written become resident), so neither is ever copied into a doubled buffer while
/// the old one still exists.
@Suite struct DocumentMemoryTests {
    /// Records shaped like the bench's `array-*` workloads: 7 keys, strings, numbers, data, an array.
    /// `sharing`: tags repeat across records (one string object each), as do the integers.
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
    func nodesAreOnePerObjectAndChildrenStayInTheirReservation(records count: Int, sharing: Bool) throws {
        let bytes = Self.records(count, sharing: sharing)
        let (objects, refSize, tableOffset) = Self.trailer(bytes)
        let document = try BPlistDocument(bytes)
        #expect(document.count(of: document.root) == count)
        #expect(document.nodes.count == objects)
        #expect(document.nodes.capacity >= objects)
        #expect(document.nodes.capacity <= objects + Self.pageSlack / MemoryLayout<DocumentNode>.stride)
        #expect(MemoryLayout<DocumentNode>.stride == 16)
        // The reservation: a subtree size per object and a slot per reference the object area holds.
        let reservation = SubtreeSize.words * objects + tableOffset / refSize
        #expect(document.children.count <= reservation)
        // Never reallocated: a doubling would leave at least twice the reservation.
        #expect(document.children.capacity >= reservation)
        #expect(document.children.capacity <= reservation + Self.pageSlack / MemoryLayout<UInt32>.stride)
    }
}
