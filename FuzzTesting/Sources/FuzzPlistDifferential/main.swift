// FuzzTesting/Sources/FuzzPlistDifferential/main.swift - libFuzzer target: the reference vs libplist 2.2

import FuzzCommon

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlistDifferential(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzEntry.run(start, count, PlistDifferentialCheck.run)
}
