// FuzzTesting/Sources/FuzzIconSelection/main.swift - libFuzzer target: option byte + appInfo.json → selection

import FuzzCommon

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIconSelection(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzEntry.run(start, count, IconSelectionCheck.run)
}
