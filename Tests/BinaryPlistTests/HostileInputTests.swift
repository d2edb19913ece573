// Tests/BinaryPlistTests/HostileInputTests.swift - Bombs, cycles, deep nesting, truncation, mutation
//
// Bounds are asserted in counted work (objects decoded, elements reserved, payload bytes), never
// in wall-clock time.

import Foundation
import SeededRandom
import TestSupport
import Testing

@testable import BinaryPlist

/// `levels` arrays `[next, next]` over one `false`: 2^levels leaves from a few dozen bytes.
func fanOut(levels: Int) -> [UInt8] {
    var objects: [[UInt8]] = (0..<levels).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
    objects.append([0x08])
    return PlistBuilder(objects).bytes
}

private func decodeCounting(
    _ bytes: [UInt8], rules: DecodingRules = .strict
) -> (result: Result<PropertyListValue, BPlistError>, statistics: DecodingStatistics) {
    var statistics = DecodingStatistics()
    do {
        let value = try BPlistDecoder.decode(bytes, rules: rules, statistics: &statistics)
        return (.success(value), statistics)
    } catch {
        return (.failure(error), statistics)
    }
}

@Suite struct HostileInputTests {
    @Test func claimedObjectCountIsRejectedBeforeAllocation() {
        let file = PlistBuilder([[0x33] + [UInt8](repeating: 0, count: 8)]).bytes
        #expect(file.count == 50)
        let (result, statistics) = decodeCounting(patched(file, at: 50 - 24, bigEndian(1 << 60, width: 8)))
        #expect(result.failure?.category == .trailer)
        #expect(statistics == DecodingStatistics())
    }

    /// 2^32-1 objects fit a file of 4 GiB: refused as this decoder's limit (it numbers objects in 32 bits)
    /// before the offset table is read. The table's entries are all 0, so reading it would fail at its first.
    /// It runs in a child process (an exit test): a process that held 4 GiB passes that peak to every child it spawns
    /// (`ProcessStatistics.childPeak`, which the runner now discounts); the test process stays small for the rest.
    @Test func fourBillionObjectsAreRefusedBeforeTheOffsetTableIsRead() async {
        await #expect(processExitsWith: .success) {
            let count = Int(UInt32.max)
            var file = [UInt8](repeating: 0, count: 9 + count + 32)
            for (index, byte) in Array("bplist00".utf8).enumerated() { file[index] = byte }
            file[8] = 0x08
            let trailer =
                [0, 0, 0, 0, 0, 0, 1, 4] + bigEndian(UInt64(count), width: 8) + bigEndian(0, width: 8)
                + bigEndian(9, width: 8)
            for (index, byte) in trailer.enumerated() { file[file.count - 32 + index] = byte }
            let (result, statistics) = decodeCounting(file)
            let expected = BPlistError(.objectCount, at: file.count - 24, "more than 2^32-2 objects")
            guard result.failure == expected, statistics == DecodingStatistics() else {
                print("decoded as \(result), \(statistics)")
                exit(1)
            }
        }
    }

    @Test(
        arguments: [
            [0xAF, 0x13, 0x10, 0, 0, 0, 0, 0, 0, 0],  // array of 2^60
            [0xDF, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],  // dict of 2^63-1: 2·count·R overflows
            [0x6F, 0x13, 0x40, 0, 0, 0, 0, 0, 0, 0],  // UTF-16 string of 2^62 units
            [0x5F, 0x12, 0xFF, 0xF5, 0x00, 0x00],  // CVE-2017-6435's ≈4 GiB ASCII count
        ] as [[UInt8]])
    func claimedCountIsRejectedBeforeAllocation(object: [UInt8]) {
        let (result, statistics) = decodeCounting(PlistBuilder([object]).bytes)
        #expect(result.failure?.category == .length)
        #expect(result.failure?.offset == 8)
        #expect(statistics.elementsReserved == 0 && statistics.payloadBytes == 0)
    }

    @Test func hundredThousandDeepNestingStopsAtTheDepthCap() {
        let file = nestedArrays(100_000)
        let (result, statistics) = decodeCounting(file)
        #expect(result.failure == BPlistError(.objectDepth, at: 8 + 5 * 512, "containers nest deeper than 512 levels"))
        #expect(statistics.maximumDepthReached == 512)
        #expect(statistics.objectsDecoded == 0)
    }

    @Test(arguments: [2, 17, 400])
    func cyclesAreRejectedAtAnyDepth(length: Int) {
        // A chain of arrays whose last element points back at the first.
        let objects: [[UInt8]] = (0..<length).map { [0xA1] + bigEndian(UInt64(($0 + 1) % length), width: 2) }
        var builder = PlistBuilder(objects)
        builder.offsetSize = 2
        builder.refSize = 2
        let error = decodeError(builder.bytes)
        #expect(error?.category == .cycle)
        #expect(error?.offset == 8 + 3 * (length - 1) + 1)
    }

    @Test func fanOutBombIsRejectedAfterLinearWork() {
        let file = fanOut(levels: 26)
        let (result, statistics) = decodeCounting(file)
        #expect(result.failure?.category == .limit)
        #expect(statistics.objectsDecoded <= 27)
        #expect(statistics.referencesReused <= 26)
    }

    @Test func fanOutDecodesEachObjectOnceWhenAllowed() throws {
        var rules = DecodingRules.strict
        rules.maximumExpandedCount = .max
        let (result, statistics) = decodeCounting(fanOut(levels: 26), rules: rules)
        #expect(statistics.objectsDecoded == 27)
        #expect(statistics.referencesReused == 26)
        var node = try result.get()
        var levels = 0
        while case .array(let pair) = node, pair.count == 2 {
            levels += 1
            node = pair[1]
        }
        #expect(levels == 26 && node == .bool(false))
    }

    @Test func smallFanOutWithinTheBudgetIsAccepted() throws {
        let (result, statistics) = decodeCounting(fanOut(levels: 16))
        #expect(statistics.objectsDecoded == 17)
        func leaves(_ value: PropertyListValue) -> Int {
            if case .array(let pair) = value { return pair.map(leaves).reduce(0, +) }
            return 1
        }
        #expect(leaves(try result.get()) == 1 << 16)
    }

    /// Valid files whose every prefix must be rejected without a trap.
    static func validFiles() -> [[UInt8]] {
        var generator = ValueGenerator(seed: 0x7A11)
        generator.maximumDepth = 3
        return [hexBytes(documentSourceHex)] + (0..<4).map { _ in BPlistEncoder.encode(generator.value()) }
    }

    @Test func everyTruncationIsRejected() {
        for file in Self.validFiles() {
            for length in 0..<file.count {
                let (result, statistics) = decodeCounting(Array(file[0..<length]))
                #expect(result.failure != nil, "prefix of \(length) bytes accepted")
                #expect(statistics.objectsDecoded <= length && statistics.elementsReserved <= length)
            }
        }
    }

    @Test func randomMutationsDecodeOrFailWithinBounds() throws {
        var random = SeededGenerator(seed: 0xBAD_B17E5)
        let files = Self.validFiles()
        var accepted = 0
        for round in 0..<20_000 {
            var file = files[round % files.count]
            for _ in 0...(random.next() % 4) {
                file[Int(random.next() % UInt64(file.count))] = UInt8(truncatingIfNeeded: random.next())
            }
            let (result, statistics) = decodeCounting(file)
            #expect(statistics.objectsDecoded <= file.count)
            #expect(statistics.elementsReserved <= file.count && statistics.payloadBytes <= file.count)
            if case .success(let value) = result {
                accepted += 1
                #expect(try BPlistDecoder.decode(BPlistEncoder.encode(value)) == value)
            }
        }
        // Some mutations hit payload bytes and stay valid; most break a rule.
        #expect(accepted > 0 && accepted < 20_000)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

extension HostileInputTests {
    /// Root array of 300 references to 300 offset-table entries that all name one 60 KB string.
    @Test func aliasedEntriesCannotMultiplyAPayload() {
        let string: [UInt8] = [0x5F, 0x12] + bigEndian(60_000, width: 4) + [UInt8](repeating: 0x61, count: 60_000)
        let root: [UInt8] = [0xAF, 0x11, 0x01, 0x2C] + (1...300).flatMap { bigEndian(UInt64($0), width: 2) }
        var builder = PlistBuilder([root, string])
        builder.offsetSize = 4
        builder.refSize = 2
        builder.offsets = [8] + Array(repeating: UInt64(8 + root.count), count: 300)
        builder.objects = [root, string]
        var bytes = builder.bytes
        // The builder counts objects from `objects`; the table really has 301 entries.
        bytes = patched(bytes, at: bytes.count - 24, bigEndian(301, width: 8))
        var statistics = DecodingStatistics()
        let error = #expect(throws: BPlistError.self) {
            try BPlistDecoder.decode(bytes, rules: .strict, statistics: &statistics)
        }
        #expect(error?.category == .limit, "\(String(describing: error))")
        #expect(decodeError(bytes)?.category == .limit)
        #expect(decodeError(bytes)?.message.contains("aliased") == true)
        #expect(statistics.payloadBytes <= 1 << 24)
    }

    /// A root array naming `aliases` offset-table entries that all point at one `object` (its bytes, marker first):
    /// the decoder reads that object's payload once per entry.
    static func aliased(_ object: [UInt8], aliases: Int) -> [UInt8] {
        let root: [UInt8] =
            [0xAF, 0x11] + bigEndian(UInt64(aliases), width: 2)
            + (1...aliases).flatMap { bigEndian(UInt64($0), width: 2) }
        var builder = PlistBuilder([root, object])
        builder.offsetSize = 4
        builder.refSize = 2
        builder.offsets = [8] + Array(repeating: UInt64(8 + root.count), count: aliases)
        return patched(builder.bytes, at: builder.bytes.count - 24, bigEndian(UInt64(1 + aliases), width: 8))
    }

    /// `aliases` entries naming one data object of `length` bytes.
    static func aliasedData(length: Int, aliases: Int) -> [UInt8] {
        aliased(
            [0x4F, 0x12] + bigEndian(UInt64(length), width: 4) + [UInt8](repeating: 0x61, count: length),
            aliases: aliases)
    }

    /// The payload budget's floor is exactly 16 MiB: 256 aliases of 65,536 bytes read 2^24 bytes and are accepted,
    /// 256 aliases of 65,537 bytes are refused, from a file of about 66 KB (four times its length is far below).
    /// A budget of four times the length alone, or any other floor, survived every other test (CI's mutation
    /// sample of 2026-12-07, `DocumentBuilder.swift:47`).
    @Test(arguments: [65_536, 65_537])
    func payloadBudgetFloorIsExact(length: Int) throws {
        let bytes = Self.aliasedData(length: length, aliases: 256)
        try #require(4 * bytes.count < 1 << 24)
        let (result, statistics) = decodeCounting(bytes)
        if length == 65_536 {
            guard case .array(let elements) = try result.get() else {
                Issue.record("not an array")
                return
            }
            let payload = PropertyListValue.data([UInt8](repeating: 0x61, count: length))
            #expect(elements.count == 256 && elements.allSatisfy { $0 == payload })
            #expect(statistics.payloadBytes == 1 << 24)
        } else {
            // Not #require(result.failure): a failure message would print the 16 MiB value.
            guard case .failure(let error) = result else {
                Issue.record("256 aliases of \(length) bytes were accepted")
                return
            }
            #expect(error.rule == .payloadBudget)
            #expect(error.offset == 8 + 4 + 2 * 256)
        }
    }

    /// UTF-16 strings count their bytes (two per unit) against the same budget: 256 aliases of 32,768 units read
    /// 2^24 bytes and are accepted, of 32,769 units refused. Counting them as nothing survived every other test
    /// (seed-2 mutation draw of 2026-12-08, `DocumentBuilder.swift:155`).
    @Test(arguments: [32_768, 32_769])
    func payloadBudgetCountsUTF16Bytes(units: Int) throws {
        var body: [UInt8] = []
        for _ in 0..<units { body += [0x00, 0x61] }
        let bytes = Self.aliased([0x6F, 0x12] + bigEndian(UInt64(units), width: 4) + body, aliases: 256)
        let (result, statistics) = decodeCounting(bytes)
        if units == 32_768 {
            guard case .array(let elements) = try result.get() else {
                Issue.record("not an array")
                return
            }
            #expect(elements.count == 256)
            #expect(statistics.payloadBytes == 1 << 24)
        } else {
            guard case .failure(let error) = result else {
                Issue.record("256 aliases of \(units) UTF-16 units were accepted")
                return
            }
            #expect(error.rule == .payloadBudget)
        }
    }

    /// Above the floor the budget is four times the input's length: four aliases of 5 MiB (20 MiB read, past the
    /// floor) fit a file of a little more than 5 MiB, five aliases do not.
    @Test(arguments: [4, 5])
    func payloadBudgetGrowsWithTheInput(aliases: Int) throws {
        let length = 5 << 20
        let bytes = Self.aliasedData(length: length, aliases: aliases)
        try #require(aliases * length > 1 << 24 && 4 * length < 4 * bytes.count && 5 * length > 4 * bytes.count)
        let (result, statistics) = decodeCounting(bytes)
        if aliases == 4 {
            guard case .array(let elements) = try result.get() else {
                Issue.record("not an array")
                return
            }
            #expect(elements.count == 4)
            #expect(statistics.payloadBytes == 4 * length)
        } else {
            guard case .failure(let error) = result else {
                Issue.record("\(aliases) aliases of 5 MiB were accepted")
                return
            }
            #expect(error.rule == .payloadBudget)
        }
    }

    @Test func twoEntriesNamingOneObjectAreAccepted() throws {
        var builder = PlistBuilder([[0xA2, 0x01, 0x02], ascii("shared")])
        builder.offsets = [8, 11, 11]
        var bytes = builder.bytes
        bytes = patched(bytes, at: bytes.count - 24, bigEndian(3, width: 8))
        #expect(try BPlistDecoder.decode(bytes) == .array([.string("shared"), .string("shared")]))
    }
}

extension HostileInputTests {
    /// 40 nested levels, each an array of 1,000 refs to aliases of one 1,000-element array, then the
    /// next level: every alias is a separate object, so only a global element budget stops it.
    @Test func aliasedContainersCannotMultiplyStorage() {
        // Objects: 0 = `false`; 1 = X (1,000 refs to 0); 2...1001 = aliases of X; then levels.
        let levels = 40
        let x: [UInt8] = [0xAF, 0x11, 0x03, 0xE8] + [UInt8](repeating: 0, count: 2_000)
        var objects: [[UInt8]] = [[0x08], x]
        for level in 0..<levels {
            let next = level == levels - 1 ? 0 : 1002 + level + 1
            objects.append(
                [0xAF, 0x11, 0x03, 0xE9] + (2...1001).flatMap { bigEndian(UInt64($0), width: 2) }
                    + bigEndian(UInt64(next), width: 2))
        }
        var builder = PlistBuilder(objects)
        builder.offsetSize = 4
        builder.refSize = 2
        let layout = builder.layout
        builder.offsets = [layout[0], layout[1]] + Array(repeating: layout[1], count: 1000) + Array(layout[2...])
        var bytes = builder.bytes
        bytes = patched(bytes, at: bytes.count - 24, bigEndian(UInt64(2 + 1000 + levels), width: 8))
        bytes = patched(bytes, at: bytes.count - 16, bigEndian(1002, width: 8))
        let (result, statistics) = decodeCounting(bytes)
        let error = result.failure
        #expect(error?.category == .limit)
        #expect(statistics.elementsReserved <= max(1 << 20, bytes.count))
    }

    /// The element budget admits exactly its size: ten aliases of a ten-element array under a
    /// 100-element root reserve 200 elements, which a budget of 200 admits (the decoder goes on to the
    /// bad object after them) and a budget of 199 refuses at the tenth alias.
    @Test(arguments: [200, 199])
    func aliasedElementBudgetIsExact(budget: Int) throws {
        // Objects: 0 = `false`; 1...10 = X (ten refs to 0) and nine aliases of it; 11 = an unknown
        // marker; 12 = the root, referring to 1...11 and then to 0 up to 100 elements.
        let x: [UInt8] = [0xAA] + [UInt8](repeating: 0, count: 10)
        let root: [UInt8] = [0xAF, 0x10, 100] + (1...11).map { UInt8($0) } + [UInt8](repeating: 0, count: 89)
        var builder = PlistBuilder([[0x08], x, [0x70], root])
        builder.top = 12
        let layout = builder.layout
        builder.offsets = [layout[0]] + Array(repeating: layout[1], count: 10) + [layout[2], layout[3]]
        let bytes = patched(builder.bytes, at: builder.bytes.count - 24, bigEndian(13, width: 8))
        try #require(bytes.count < budget, "the file's length would raise the budget")
        var rules = DecodingRules.strict
        rules.maximumExpandedCount = budget
        let (result, statistics) = decodeCounting(bytes, rules: rules)
        let error = try #require(result.failure)
        if budget == 200 {
            #expect(error.category == .marker)
            #expect(error.offset == Int(layout[2]))
            #expect(statistics.elementsReserved == 200)
        } else {
            #expect(error.category == .limit)
            #expect(error.offset == Int(layout[1]))
            #expect(error.message.contains("elements in all"))
        }
    }

    /// The expansion bound admits exactly its count: a chain of 13 arrays, each but the last holding the next
    /// twice, expands to 2^13 - 1 = 8,191 values (every use of a container counts it once), which a bound of 8,191
    /// accepts and 8,190 refuses. A container counted twice survived every other test (mutation sample of
    /// 2026-12-07, `DocumentBuilder.swift:258`).
    @Test(arguments: [8191, 8190])
    func expansionBoundIsExact(budget: Int) throws {
        let depth = 12
        let objects: [[UInt8]] = (0...depth).map { $0 == depth ? [0xA0] : [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        let bytes = PlistBuilder(objects).bytes
        try #require(bytes.count < budget, "the file's length would raise the bound")
        var rules = DecodingRules.strict
        rules.maximumExpandedCount = budget
        let (result, _) = decodeCounting(bytes, rules: rules)
        if budget == 8191 {
            #expect(result.failure == nil, "\(String(describing: result.failure))")
        } else {
            #expect(result.failure?.rule == .expansion, "\(String(describing: result.failure))")
        }
    }

    /// plistlib writes `[True] * n` as one `true` referenced n times: a flat array, never a bomb.
    @Test func largeArrayOfOneSharedScalarIsAccepted() throws {
        let value = PropertyListValue.array(Array(repeating: .bool(true), count: 1_100_000))
        #expect(try BPlistDecoder.decode(BPlistEncoder.encode(value)) == value)
    }
}
