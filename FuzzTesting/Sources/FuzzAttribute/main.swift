// FuzzTesting/Sources/FuzzAttribute/main.swift - libFuzzer target: attribute bytes → the four fields

import CFuzzerMutate
import FuzzCommon

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAttribute(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzEntry.run(start, count, AttributeReaderCheck.run)
}

@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzAttributeMutator(
    _ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32
) -> Int {
    FuzzEntry.mutate(data, size, maxSize, seed) { LLVMFuzzerMutate($0, $1, $2) }
}
