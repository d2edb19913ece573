// Sources/ConformanceRunner/RunProgress.swift - How far a run has come, overall and per implementation

import Foundation

/// A snapshot of a run's progress, taken after a case run finished.
public struct RunProgress: Hashable, Sendable {
    /// Case runs finished, over all implementations.
    public var done: Int
    /// Case runs finished per implementation, in run order.
    public var doneByImplementation: [Int]
    /// The cases each implementation runs.
    public var casesPerImplementation: Int

    public init(done: Int, doneByImplementation: [Int], casesPerImplementation: Int) {
        self.done = done
        self.doneByImplementation = doneByImplementation
        self.casesPerImplementation = casesPerImplementation
    }

    /// Case runs in the whole run (cases × implementations).
    public var total: Int { doneByImplementation.count * casesPerImplementation }

    /// Implementations that have run every case.
    public var finishedImplementations: Int { doneByImplementation.filter { $0 >= casesPerImplementation }.count }

    /// Indices of the implementations begun but not finished.
    public var implementationsUnderWay: [Int] {
        doneByImplementation.indices.filter {
            doneByImplementation[$0] > 0 && doneByImplementation[$0] < casesPerImplementation
        }
    }
}

/// Counts finished case runs of a whole session (every area) and reports each step; shared by the worker threads.
public final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var progress: RunProgress
    private let report: @Sendable (RunProgress) -> Void

    /// - Parameters:
    ///   - implementations: how many implementations run.
    ///   - casesPerImplementation: the cases each of them runs, every area counted.
    ///   - report: called after every step, from the thread that finished it.
    public init(implementations: Int, casesPerImplementation: Int, report: @escaping @Sendable (RunProgress) -> Void) {
        progress = RunProgress(
            done: 0, doneByImplementation: Array(repeating: 0, count: implementations),
            casesPerImplementation: casesPerImplementation)
        self.report = report
    }

    /// Records that `count` case runs of the implementation at `implementation` finished, then reports.
    public func finished(implementation: Int, count: Int = 1) {
        lock.lock()
        guard count > 0, progress.doneByImplementation.indices.contains(implementation) else {
            lock.unlock()
            return
        }
        progress.done += count
        progress.doneByImplementation[implementation] += count
        let snapshot = progress
        lock.unlock()
        report(snapshot)
    }
}
