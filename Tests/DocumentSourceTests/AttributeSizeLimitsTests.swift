// Tests/DocumentSourceTests/AttributeSizeLimitsTests.swift - The formulas against the measured limits

import DocumentSource
import Testing

/// Expected values are the measurements in research/xattr-filesystems.md §1 (real mkfs + setxattr).
@Suite struct AttributeSizeLimitsTests {
    let name = "user.x-document-source"

    @Test func ext4MatchesMeasuredLimits() {
        #expect(AttributeSizeLimits.ext4(blockSize: 4096, name: name) == 4024)
        #expect(AttributeSizeLimits.ext4(blockSize: 1024, name: name) == 952)
        #expect(AttributeSizeLimits.ext4(blockSize: 4096, name: "user.x") == 4040)
        // Names whose length is a multiple of four, where the entry's rounding (n + 19) & ~3 bites: measured with
        // os.setxattr on a loop-mounted `mkfs.ext4 -b 4096 -I 256` image (a mutant of the rounding survived the
        // CI mutation sample because every other name here leaves it unseen).
        #expect(AttributeSizeLimits.ext4(blockSize: 4096, name: "user.abcd") == 4040)
        #expect(AttributeSizeLimits.ext4(blockSize: 4096, name: "user.abcdefgh") == 4036)
        #expect(AttributeSizeLimits.ext4(blockSize: 4096, name: "user." + String(repeating: "n", count: 250)) == 3792)
        #expect(AttributeSizeLimits.ext4(blockSize: 1024, name: "user." + String(repeating: "n", count: 250)) == 720)
    }

    @Test func btrfsMatchesMeasuredLimits() {
        #expect(AttributeSizeLimits.btrfs(nodeSize: 16384, name: name) == 16206)
        #expect(AttributeSizeLimits.btrfs(nodeSize: 4096, name: name) == 3918)
        #expect(AttributeSizeLimits.btrfs(nodeSize: 65536, name: name) == 65358)
        #expect(AttributeSizeLimits.btrfs(nodeSize: 16384, name: "user.x") == 16222)
    }

    @Test func portabilityTargetsInOrder() {
        let targets = AttributeSizeLimits.portabilityTargets(name: name)
        #expect(targets.map(\.id) == ["ext4-1k", "ext4-4k", "btrfs-16k", "xfs", "tmpfs"])
        #expect(targets.map(\.limit) == [952, 4024, 16206, 65536, 65536])
    }
}
