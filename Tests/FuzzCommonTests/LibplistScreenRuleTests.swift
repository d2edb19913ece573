
extension LibplistScreenRuleTests {
    /// 2^(8·width) must exceed the object count itself, as CoreFoundation and the reference count.
    @Test(arguments: [(255, false), (256, true)])
    func referencesAreTooNarrowFromTheCountOn(count: Int, narrow: Bool) {
        var bytes = Array("bplist00".utf8) + [0xA1, 0x01] + [UInt8](repeating: 0x08, count: count - 1)
        let table = bytes.count
        for offset in [8] + (10..<(9 + count)) { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        bytes += [0, 0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0, 0, UInt8(count >> 8), UInt8(count & 0xFF)]
        bytes += [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(table >> 8), UInt8(table & 0xFF)]
        #expect(OracleWorkScreen.hasTooNarrowWidths(bytes) == narrow)
    }
}
