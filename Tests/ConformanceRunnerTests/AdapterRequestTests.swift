// Tests/ConformanceRunnerTests/AdapterRequestTests.swift - A typed request and its command line agree

import ConformanceModel
import ConformanceRunner
import Testing

@Suite struct AdapterRequestTests {
    @Test func theCommandLineIsDerivedFromTheTypedParameters() {
        let icon = AdapterRequest.selectIcon(scale: 2, appInfoURL: "https://e.com/a.json", appInfo: [0x7B])
        #expect(icon.call == .selectIcon)
        #expect(icon.arguments == ["--scale", "2", "--app-info-url", "https://e.com/a.json"])
        #expect(icon.input == [0x7B])
        let write = AdapterRequest.writeAttribute(path: "/f", fields: [0x7B, 0x7D])
        #expect(write.call == .writeAttribute && write.arguments == ["/f"] && write.input == [0x7B, 0x7D])
        #expect(AdapterRequest.decode([1]).arguments.isEmpty && AdapterRequest.decode([1]).input == [1])
        #expect(AdapterRequest.readAttribute(path: "/g").input.isEmpty)
    }
}
