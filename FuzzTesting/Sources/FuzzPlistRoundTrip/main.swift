// FuzzTesting/Sources/FuzzPlistRoundTrip/main.swift - libFuzzer target: decode → encode → decode

import FuzzCommon

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlistRoundTrip(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzEntry.run(start, count, PlistRoundTripCheck.run)
}
