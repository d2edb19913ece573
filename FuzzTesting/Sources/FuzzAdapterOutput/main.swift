// FuzzTesting/Sources/FuzzAdapterOutput/main.swift - libFuzzer target: an adapter's exit status, stdout and stderr → the judge's grade

import AdapterOutputOracle
import FuzzCommon

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAdapterOutput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzEntry.run(start, count, AdapterOutputCheck.run)
}
