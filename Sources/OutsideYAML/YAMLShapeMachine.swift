/// The shape check as a state machine: fed libyaml's events one at a time, it says whether to
/// go on, stop (the stream ended) or refuse the node just read.
struct YAMLShapeMachine {
    /// What the machine needs of a libyaml event.
    enum Event: Equatable {
        case scalar, alias, sequenceStart, mappingStart, collectionEnd, streamEnd, other
    }

    /// What to do after an event.
    enum Action: Equatable {
        case `continue`
        case end
        case refuse(YAMLShapeError.Problem)
    }

    /// The open collections, innermost last: a list, or a mapping whose next node is a key
    /// (`true`) or a value.
    private enum Open {
        case sequence
        case mapping(nextIsKey: Bool)
    }

    private var open: [Open] = []

    /// The action for `event`, the next event of the stream.
    mutating func step(_ event: Event) -> Action {
        switch event {
        case .streamEnd: return .end
        case .other: return .continue
        case .collectionEnd:
            _ = open.popLast()
            return .continue
        case .scalar, .alias, .sequenceStart, .mappingStart:
            if case .mapping(nextIsKey: let isKey)? = open.last {
                if isKey, event != .scalar { return .refuse(.keyIsNotAPlainValue(found: Self.name(event))) }
                open[open.count - 1] = .mapping(nextIsKey: !isKey)
            }
            switch event {
            case .sequenceStart: open.append(.sequence)
            case .mappingStart: open.append(.mapping(nextIsKey: true))
            default: return .continue
            }
            return open.count > YAMLShape.maximumDepth
                ? .refuse(.nestedTooDeeply(limit: YAMLShape.maximumDepth)) : .continue
        }
    }

    private static func name(_ event: Event) -> String {
        switch event {
        case .sequenceStart: "a list"
        case .mappingStart: "a mapping"
        case .alias: "an alias (*name)"
        default: "a value of another kind"
        }
    }
}
