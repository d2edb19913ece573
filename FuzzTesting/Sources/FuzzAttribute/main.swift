// FuzzTesting/Sources/FuzzAttribute/main.swift - libFuzzer target: attribute bytes → the four fields

import FuzzCommon

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAttribute(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzEntry.run(start, count, AttributeReaderCheck.run)
}
