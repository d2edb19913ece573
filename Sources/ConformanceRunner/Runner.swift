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
        let judge = self.judge
        // What grading needs from each case alone, worked out once rather than once per implementation.
        let prepared = cases.map(PreparedCase.init)
        let results = ParallelWork.map(count: work.count, jobs: jobs) { index in
            let (implementation, testCase) = work[index]
            let result = judge.run(prepared[testCase], on: implementations[implementation])
            progress?.finished(implementation: implementation)
            return result
        }
        return implementations.indices.map { implementation in
            let slice = results[(implementation * cases.count)..<((implementation + 1) * cases.count)]
            return ImplementationRun(implementation: implementations[implementation].info, results: Array(slice))
        }
    }
}
