// Sources/BinaryPlist/BPlistErrorRule.swift - The decoder's checks: each one's category and spec clause

extension BPlistError {
    /// The check of this decoder that refused an input (Docs/codec.md, "Decoding rules").
    ///
    /// Raw values are the rule ids of that table. Each rule reports one category and enforces one requirement
    /// of Docs/spec.md, its `clause` (the `spec` id vectors use); several rules can enforce one clause, as the
    /// zero and the too-narrow reference width both break `bplist.trailer.ref-size`.
    public enum Rule: String, CaseIterable, Hashable, Sendable {
        case headerMagic = "bplist.header.magic"
        case trailerPresent = "bplist.trailer.present"
        case trailerOffsetSize = "bplist.trailer.offset-size"
        case trailerRefSize = "bplist.trailer.ref-size"
        case trailerNumObjects = "bplist.trailer.num-objects"
        case trailerTopObject = "bplist.trailer.top-object"
        case trailerOffsetTableOffset = "bplist.trailer.offset-table-offset"
        case trailerLength = "bplist.trailer.length"
        case trailerRefSizeCapacity = "bplist.trailer.ref-size-capacity"
        case trailerOffsetSizeCapacity = "bplist.trailer.offset-size-capacity"
        case objectCount = "bplist.object.count"
        case offsetTableRange = "bplist.offset-table.range"
        case objectBounds = "bplist.object.bounds"
        case countInt = "bplist.count.int"
        case countRange = "bplist.count.range"
        case objectRef = "bplist.object.ref"
        case markerSimple = "bplist.marker.simple"
        case markerFill = "bplist.marker.fill"
        case integerWidth = "bplist.integer.width"
        case integer16 = "bplist.integer.16"
        case realWidth = "bplist.real.width"
        case dateMarker = "bplist.date.marker"
        case dateRange = "bplist.date.range"
        case stringASCII = "bplist.string.ascii"
        case stringUTF16 = "bplist.string.utf16"
        case uid = "bplist.uid"
        case markerUnused = "bplist.marker.unused"
        case dictKeyType = "bplist.dict.key-type"
        case dictDuplicateKey = "bplist.dict.duplicate-key"
        case objectCycle = "bplist.object.cycle"
        case objectDepth = "bplist.object.depth"
        case payloadBudget = "bplist.object.payload-budget"
        case expansion = "bplist.object.expansion"
        case materialisedSize = "bplist.object.materialised-size"
        case elementBudget = "bplist.object.element-budget"

        /// The category an error of this rule carries.
        public var category: Category {
            switch self {
            case .headerMagic: .header
            case .trailerPresent, .trailerOffsetSize, .trailerRefSize, .trailerNumObjects, .trailerTopObject,
                .trailerOffsetTableOffset, .trailerLength, .trailerRefSizeCapacity, .trailerOffsetSizeCapacity:
                .trailer
            case .offsetTableRange: .offsetTable
            case .objectBounds, .countRange: .length
            case .countInt, .markerSimple, .markerFill, .integerWidth, .realWidth, .dateMarker, .markerUnused: .marker
            case .objectRef: .objectRef
            case .stringASCII, .stringUTF16: .encoding
            case .dictKeyType: .keyType
            case .dictDuplicateKey: .duplicateKey
            case .objectCycle: .cycle
            case .objectDepth: .depth
            case .objectCount, .integer16, .dateRange, .uid, .payloadBudget, .expansion, .materialisedSize,
                .elementBudget:
                .limit
            }
        }

        /// The Docs/spec.md requirement this rule enforces: the `spec` id of the vectors it rejects.
        public var clause: String {
            switch self {
            case .headerMagic: "bplist.header.magic"
            case .trailerPresent: "bplist.trailer"
            case .trailerOffsetSize, .trailerOffsetSizeCapacity: "bplist.trailer.offset-size"
            case .trailerRefSize, .trailerRefSizeCapacity: "bplist.trailer.ref-size"
            case .trailerNumObjects: "bplist.trailer.num-objects"
            case .trailerTopObject: "bplist.trailer.top-object"
            case .trailerOffsetTableOffset: "bplist.trailer.offset-table-offset"
            case .trailerLength: "bplist.trailer.length"
            case .offsetTableRange: "bplist.offset-table.range"
            case .objectBounds: "bplist.length.within-objects"
            case .countInt, .countRange: "bplist.count.long"
            case .objectRef: "bplist.object-ref.range"
            case .markerSimple, .markerUnused: "bplist.marker.unknown"
            case .markerFill: "bplist.marker.fill"
            case .integerWidth: "bplist.marker.integer"
            case .realWidth: "bplist.marker.real"
            case .dateMarker: "bplist.marker.date"
            case .stringASCII: "bplist.string.ascii"
            case .stringUTF16: "bplist.string.utf16"
            case .dictKeyType: "bplist.dictionary.key-type"
            case .dictDuplicateKey: "bplist.dictionary.unique-keys"
            case .objectCycle: "bplist.graph.acyclic"
            case .objectDepth: "bplist.limit.depth"
            case .integer16, .dateRange, .uid: "bplist.limit.value"
            case .objectCount, .payloadBudget, .expansion, .materialisedSize, .elementBudget: "bplist.limit.resources"
            }
        }
    }
}
