// FuzzTesting/Sources/FuzzCommon/FuzzEntry.swift - What every LLVMFuzzerTestOneInput does with its bytes

#if canImport(Glibc)
    import Glibc
#endif

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
        let outcome: Result<Bool, FuzzFinding> = FuzzTiming.measure(asCheck: true) {
            do throws(FuzzFinding) {
                return .success(try check(bytes))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let kept): return kept ? 0 : -1
        case .failure(let finding): fatalError("FUZZ FINDING \(finding)")
        }
    }

    /// Whether the structure-aware mutator runs (`XDS_FUZZ_MUTATOR` unset or not `0`).
    static let structureMutationEnabled: Bool = {
        guard let value = getenv("XDS_FUZZ_MUTATOR") else { return true }
        return String(cString: value) != "0"
    }()

    /// The body of a bplist target's `LLVMFuzzerCustomMutator`: `StructureMutator`, or `byteMutation`
    /// (libFuzzer's `LLVMFuzzerMutate`) when it declines or is turned off.
    /// - Returns: the new size of the input in `data` (at most `maxSize`).
    public static func mutate(
        _ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32,
        byteMutation: (UnsafeMutablePointer<UInt8>, Int, Int) -> Int
    ) -> Int {
        guard structureMutationEnabled else { return byteMutation(data, size, maxSize) }
        return FuzzTiming.measure(asCheck: false) {
            let input = Array(UnsafeBufferPointer(start: data, count: size))
            guard let output = StructureMutator.mutate(input, maxSize: maxSize, seed: seed) else {
                return byteMutation(data, size, maxSize)
            }
            for (index, byte) in output.enumerated() { data[index] = byte }
            return output.count
        }
    }
}
