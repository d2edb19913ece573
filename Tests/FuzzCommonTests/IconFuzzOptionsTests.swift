// Tests/FuzzCommonTests/IconFuzzOptionsTests.swift - The icon option byte: scale, profile, reserved bits

import FuzzCommon
import Icons
import Testing

@Suite struct IconFuzzOptionsTests {
    @Test func optionByteSelectsScaleAndProfile() throws {
        let (options, appInfo) = try #require(IconFuzzOptions.split([0b110, 0x7B, 0x7D]))
        #expect(options == IconFuzzOptions(scale: 3, profile: .recommended))
        #expect(appInfo == [0x7B, 0x7D])
        let legacy = try #require(IconFuzzOptions.split([0b001]))
        #expect(legacy.options == IconFuzzOptions(scale: 2, profile: .legacy))
        #expect(legacy.appInfo.isEmpty)
    }

    @Test(arguments: [UInt8(0b11), 0b111, 0x08, 0x10, 0x80, 0xFF])
    func reservedBitsOrScaleCodeSkipTheInput(byte: UInt8) {
        #expect(IconFuzzOptions.split([byte, 0x7B]) == nil)
    }

    @Test func emptyInputIsSkipped() {
        #expect(IconFuzzOptions.split([]) == nil)
    }

    @Test func everyConfigurationRoundTripsThroughItsByte() throws {
        #expect(IconFuzzOptions.allConfigurations.count == 6)
        for options in IconFuzzOptions.allConfigurations {
            let again = try #require(IconFuzzOptions.split([options.optionByte]))
            #expect(again.options == options)
        }
    }
}
