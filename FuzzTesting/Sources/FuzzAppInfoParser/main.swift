// FuzzTesting/Sources/FuzzAppInfoParser/main.swift - libFuzzer target: appInfo.json → AppInfo, default and tiny limits

import FuzzCommon

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppInfoParser(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzEntry.run(start, count, AppInfoParserCheck.run)
}
