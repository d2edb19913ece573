// Sources/ConformanceRunner/ParallelWork.swift - N worker threads over numbered work items, results in order

import Foundation

/// Runs numbered work items on `jobs` threads with 8 MiB stacks (a hostile input may recurse deeply in a
/// library called in process), each item once, and returns the results in item order: the one pool behind
/// the conformance runner and `xds differential`.
public enum ParallelWork {
    /// `body(index)` for every index in `0..<count`, from worker threads; the results in index order.
    public static func map<Result: Sendable>(
        count: Int, jobs: Int, _ body: @escaping @Sendable (Int) -> Result
    ) -> [Result] {
        let store = ResultStore<Result>(count: count)
        let threads = (0..<min(max(1, jobs), max(1, count))).map { _ in
            Thread {
                while let index = store.claim() { store.finish(index, body(index)) }
                store.threadFinished()
            }
        }
        for thread in threads {
            thread.stackSize = 8 << 20
            thread.start()
        }
        store.waitForThreads(threads.count)
        return store.results()
    }
}

/// The shared work index and result slots, under one lock.
private final class ResultStore<Result: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var next = 0
    private var finishedThreads = 0
    private var slots: [Result?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard next < slots.count else { return nil }
        next += 1
        return next - 1
    }

    func finish(_ index: Int, _ result: Result) {
        condition.lock()
        defer { condition.unlock() }
        slots[index] = result
    }

    func threadFinished() {
        condition.lock()
        finishedThreads += 1
        condition.broadcast()
        condition.unlock()
    }

    func waitForThreads(_ count: Int) {
        condition.lock()
        while finishedThreads < count { condition.wait() }
        condition.unlock()
    }

    /// Every slot, filled: each index was claimed once and finished before its thread ended.
    func results() -> [Result] {
        condition.lock()
        defer { condition.unlock() }
        return slots.compactMap { $0 }
    }
}
