// FuzzTesting/Sources/FuzzTaggedJSON/main.swift - libFuzzer target: tagged JSON text (xds encode's input)

import FuzzCommon

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTaggedJSON(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzEntry.run(start, count, TaggedJSONCheck.run)
}
