// FuzzTesting/Sources/FuzzPlistDifferential/main.swift - libFuzzer target: the reference vs libplist 2.2

import CFuzzerMutate
import FuzzCommon

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlistDifferential(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzEntry.run(start, count, PlistDifferentialCheck.run)
}

@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzPlistDifferentialMutator(
    _ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32
) -> Int {
    FuzzEntry.mutate(data, size, maxSize, seed) { LLVMFuzzerMutate($0, $1, $2) }
}
