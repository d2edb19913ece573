// Sources/ConformanceModel/ReportedCall.swift - Which adapter call a reported result came from

extension VectorResult {
    /// The adapter call that produced this result, from its area and the case-id suffix `ConformanceCase.all`
    /// gives (`#encode` and `#canonical` are encoder checks, `#write` an attribute write); nil for `fs`.
    public var call: AdapterCall? {
        switch area {
        case .plist: return caseID.hasSuffix("#encode") || caseID.hasSuffix("#canonical") ? .encode : .decode
        case .attribute: return caseID.hasSuffix("#write") ? .writeAttribute : .readAttribute
        case .icons: return .selectIcon
        case .iconLoading: return .loadIcon
        case .fs: return nil
        }
    }
}
