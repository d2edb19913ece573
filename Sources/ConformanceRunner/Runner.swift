// Sources/ConformanceRunner/Runner.swift - Runs the selected cases against implementations on N worker threads

import ConformanceModel
import Foundation

/// Runs cases against implementations, `jobs` calls at a time; results come back in case order.
public struct Runner: Sendable {
    public var judge: Judge
    public var jobs: Int

    public init(judge: Judge, jobs: Int) {
        self.judge = judge
        self.jobs = max(1, jobs)
    }

    /// Runs every case of `cases` on every implementation of `implementations`.
    /// - Parameter progress: told of each finished case run, from a worker thread.
    public func run(
        _ cases: [ConformanceCase], on implementations: [any Implementation], progress: ProgressCounter? = nil
    ) -> [ImplementationRun] {
        let work = implementations.indices.flatMap { implementation in cases.indices.map { (implementation, $0) } }
        let store = ResultStore(count: work.count)
        let judge = self.judge
        // What grading needs from each case alone, worked out once rather than once per implementation.
        let prepared = cases.map(PreparedCase.init)
        let threads = (0..<min(jobs, max(1, work.count))).map { _ in
            Thread {
                while let index = store.claim() {
                    let (implementation, testCase) = work[index]
                    let result = judge.run(prepared[testCase], on: implementations[implementation])
                    store.finish(index, result)
                    progress?.finished(implementation: implementation)
                }
                store.threadFinished()
            }
        }
        for thread in threads {
            thread.stackSize = 8 << 20
            thread.start()
        }
        store.waitForThreads(threads.count)
        let results = store.results()
        return implementations.indices.map { implementation in
            let slice = results[(implementation * cases.count)..<((implementation + 1) * cases.count)]
            return ImplementationRun(implementation: implementations[implementation].info, results: Array(slice))
        }
    }
}

/// The shared work index and result slots, under one lock.
private final class ResultStore: @unchecked Sendable {
    private let condition = NSCondition()
    private var next = 0
    private var finishedThreads = 0
    private var slots: [VectorResult?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard next < slots.count else { return nil }
        next += 1
        return next - 1
    }

    func finish(_ index: Int, _ result: VectorResult) {
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

    func results() -> [VectorResult] {
        condition.lock()
        defer { condition.unlock() }
        return slots.compactMap { $0 }
    }
}
