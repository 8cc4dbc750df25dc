internal import CYaml
public import Yams

/// YAML from outside, composed by Yams after a check of its shape.
///
/// Why the check: Yams' composer, on finding a repeated key in a mapping, sorts the repeated
/// keys to name them, and its ordering of lists and mappings compares each element both ways
/// (`<` and `>`). Two pairs of equal keys that are lists nested *d* deep cost 2^*d*
/// comparisons: a 372-byte file nested 40 deep keeps `petspot scenario check` busy for days
/// (FuzzScenarioFile found this; `Docs/Reliability.md`). No file we read has a key that is
/// not a plain value, so a key that is a list, a mapping or an alias is refused before Yams
/// composes anything, and so is nesting deeper than ``maximumDepth`` (which also bounds the
/// recursion of every walk over the composed nodes).
///
/// The check reads libyaml's events (the parser Yams itself uses, through Yams' `CYaml`
/// module: the same library, so the same reading of the text, and one pass with no tree).
/// Yams has no event API of its own, hence the C here; this type is its only user. Text that
/// libyaml cannot parse passes the check, so Yams reports the syntax error as it always did.
public enum YAMLShape {
    /// The deepest nesting of lists and mappings allowed (a scenario needs about 5).
    public static let maximumDepth = 64

    /// The first node that makes `text` unfit to compose, or `nil`.
    public static func check(_ text: String) -> YAMLShapeError? {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else { return nil }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            // libyaml reads `bytes` during the calls below, all inside this closure.
            yaml_parser_set_input_string(&parser, base, bytes.count)
            var machine = YAMLShapeMachine()
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                let node = YAMLShapeMachine.Event(event)
                let line = Int(event.start_mark.line) + 1
                let column = Int(event.start_mark.column) + 1
                yaml_event_delete(&event)
                switch machine.step(node) {
                case .continue: continue
                case .end: return nil
                case .refuse(let problem): return YAMLShapeError(line: line, column: column, problem: problem)
                }
            }
        }
    }

    /// Composes `text` (one document) with Yams, after ``check(_:)``.
    ///
    /// - Throws: ``YAMLShapeError`` for a text refused by the check; Yams' `YamlError` for text
    ///   that is not YAML.
    public static func compose(_ text: String) throws -> Node? {
        if let error = check(text) { throw error }
        return try Yams.compose(yaml: text)
    }
}

extension YAMLShapeMachine.Event {
    /// The event's kind, as the machine sees it.
    fileprivate init(_ event: yaml_event_t) {
        switch event.type {
        case YAML_SCALAR_EVENT: self = .scalar
        case YAML_ALIAS_EVENT: self = .alias
        case YAML_SEQUENCE_START_EVENT: self = .sequenceStart
        case YAML_MAPPING_START_EVENT: self = .mappingStart
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT: self = .collectionEnd
        case YAML_STREAM_END_EVENT: self = .streamEnd
        default: self = .other
        }
    }
}
