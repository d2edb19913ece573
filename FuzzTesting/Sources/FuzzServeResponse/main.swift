// FuzzTesting/Sources/FuzzServeResponse/main.swift - libFuzzer target: the runner's reading of CMD serve response frames

import AdapterOutputOracle
import FuzzCommon

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServeResponse(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzEntry.run(start, count, ServeResponseCheck.run)
}
