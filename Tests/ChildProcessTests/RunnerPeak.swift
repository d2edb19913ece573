// Tests/ChildProcessTests/RunnerPeak.swift - Raising the test process's own peak resident size

import Foundation

/// Touches `bytes` of memory and frees them: the calling process's peak resident size (what a child it spawns
/// inherits at exec, and `wait4` then reports for that child) is at least `bytes` from then on.
func raiseOwnPeak(to bytes: Int) {
    let block = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 4096)
    memset(block, 1, bytes)
    block.deallocate()
}
