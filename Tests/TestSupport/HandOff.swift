// Tests/TestSupport/HandOff.swift - A value handed from a thread of its own to the test waiting for it

import Foundation

/// A value a thread hands to the test, which waits for it with a deadline: a thread that never finishes (a hang, a
/// child that never reports) fails the test instead of stopping the suite.
public final class HandOff<Value>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var value: Value?

    public init() {}

    /// Called once, from the thread.
    public func finish(_ value: Value) {
        self.value = value
        done.signal()
    }

    /// The value, or nil when the thread has not handed it over within `seconds`.
    public func wait(seconds: Double) -> Value? {
        done.wait(timeout: .now() + seconds) == .success ? value : nil
    }
}
