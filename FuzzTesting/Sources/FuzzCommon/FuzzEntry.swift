// FuzzTesting/Sources/FuzzCommon/FuzzEntry.swift - What every LLVMFuzzerTestOneInput does with its bytes

/// The body shared by every fuzz target's `LLVMFuzzerTestOneInput`.
public enum FuzzEntry {
    /// Copies the input, runs `check` on it and turns a finding into a crash libFuzzer records.
    /// - Parameters:
    ///   - start: libFuzzer's input pointer (may be dangling when `count` is 0).
    ///   - count: the input's length.
    ///   - check: the target's oracle; returns `false` for inputs it skips.
    /// - Returns: `0`, or `-1` for skipped inputs so libFuzzer does not add them to the corpus.
    public static func run(
        _ start: UnsafeRawPointer, _ count: Int, _ check: ([UInt8]) throws(FuzzFinding) -> Bool
    ) -> Int32 {
        let bytes = count == 0 ? [] : Array(UnsafeRawBufferPointer(start: start, count: count))
        do {
            return try check(bytes) ? 0 : -1
        } catch {
            fatalError("FUZZ FINDING \(error)")
        }
    }
}
