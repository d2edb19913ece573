// FuzzTesting/Sources/FuzzPlistRoundTrip/main.swift - libFuzzer target: decode → encode → decode

import CFuzzerMutate
import FuzzCommon

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlistRoundTrip(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzEntry.run(start, count, PlistRoundTripCheck.run)
}

@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzPlistRoundTripMutator(
    _ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32
) -> Int {
    FuzzEntry.mutate(data, size, maxSize, seed) { LLVMFuzzerMutate($0, $1, $2) }
}
