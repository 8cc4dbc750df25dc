import OutsideInput

/// A coding key for any string or index, for reading keys that are not known in advance.
struct AnyCodingKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init?(stringValue: String) { self.init(stringValue) }

    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// Appended to an error's coding path after a mapping key, to say that the error is about
/// the key itself (an unknown key), so that its position is the key's, not the value's.
struct KeyPositionMarker: CodingKey {
    var stringValue: String { "" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}

extension Decoder {
    /// A keyed container for `Key`, after checking that every key in the mapping is one of
    /// `Key`'s cases: Codable ignores unknown keys, and a scenario must not (a misspelt
    /// `acuracy` would silently mean "no accuracy").
    ///
    /// - Parameter what: what the mapping is, for the message ("a fix").
    /// - Throws: `DecodingError.dataCorrupted` whose path ends at the unknown key.
    func strictContainer<Key: CodingKey & CaseIterable>(
        keyedBy type: Key.Type, describing what: String
    ) throws -> KeyedDecodingContainer<Key> {
        let any = try mapping(describing: what)
        let allowed = Key.allCases.map(\.stringValue)
        for key in any.allKeys where !allowed.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath + [key, KeyPositionMarker()],
                    debugDescription:
                        "unknown key \(InputQuote.quoted(key.stringValue)) in \(what); expected one of: \(allowed.joined(separator: ", "))"
                ))
        }
        return try container(keyedBy: type)
    }

    /// The mapping at this position with its keys in file order, or an error that says a
    /// mapping was expected.
    func mapping(describing what: String) throws -> KeyedDecodingContainer<AnyCodingKey> {
        do {
            return try container(keyedBy: AnyCodingKey.self)
        } catch DecodingError.typeMismatch {
            throw DecodingError.typeMismatch(
                [String: String].self,
                .init(codingPath: codingPath, debugDescription: "expected \(what) as a mapping (key: value)"))
        }
    }

    /// An error at this position with `message`.
    func failure(_ message: String) -> DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: message))
    }

    /// A case of `Value` by its name; any other text fails with `unknown WHAT "text";
    /// expected EXPECTED` (`unknown accuracy "fine"; expected full or reduced`).
    func caseName<Value: RawRepresentable<String>>(_ what: String, expected: String) throws -> Value {
        let text = try singleValueContainer().decode(String.self)
        guard let value = Value(rawValue: text) else {
            throw failure("unknown \(what) \(InputQuote.quoted(text)); expected \(expected)")
        }
        return value
    }
}

extension KeyedDecodingContainer {
    /// An error at `key` with `message`.
    func failure(at key: Key, _ message: String) -> DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: codingPath + [key], debugDescription: message))
    }
}

/// One entry of a list whose items are written either as a bare word (`- noFix`) or as a
/// mapping with exactly one *kind* key and, optionally, some shared keys
/// (`- fix: {…}` with `at: 5s`).
struct SingleKeyEntry {
    /// The kind key, e.g. `fix`.
    var kind: String
    /// The container to read the kind's value and the shared keys from; nil for a bare word.
    var container: KeyedDecodingContainer<AnyCodingKey>?
    /// Where the entry is, for errors.
    var path: [any CodingKey]

    /// Reads the entry's kind, checking it is one of `kinds` and that no other keys than
    /// `shared` appear beside it.
    init(from decoder: any Decoder, kinds: [String], shared: [String] = [], describing what: String) throws {
        path = decoder.codingPath
        let expected = "expected \(what): one of \(kinds.joined(separator: ", "))"
        if let word = try? decoder.singleValueContainer().decode(String.self) {
            guard kinds.contains(word) else {
                throw decoder.failure("unknown \(what) \(InputQuote.quoted(word)); \(expected)")
            }
            kind = word
            container = nil
            return
        }
        let mapping = try decoder.mapping(describing: what)
        let kindKeys = mapping.allKeys.filter { !shared.contains($0.stringValue) }
        for key in kindKeys where !kinds.contains(key.stringValue) {
            let extra = shared.isEmpty ? "" : " (and optionally \(shared.joined(separator: ", ")))"
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath + [key, KeyPositionMarker()],
                    debugDescription:
                        "unknown key \(InputQuote.quoted(key.stringValue)) in \(what); \(expected)\(extra)"))
        }
        guard let first = kindKeys.first else { throw decoder.failure(expected) }
        guard kindKeys.count == 1 else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath + [kindKeys[1], KeyPositionMarker()],
                    debugDescription:
                        "one \(what) per list item: found both \(InputQuote.quoted(first.stringValue)) and \(InputQuote.quoted(kindKeys[1].stringValue)); start a new item with '-'"
                ))
        }
        kind = first.stringValue
        container = mapping
    }

    /// The kind key.
    var key: AnyCodingKey { AnyCodingKey(kind) }

    /// Whether the kind has a non-null value (`fix: {…}` rather than `- fix` or `fix: null`).
    var hasValue: Bool {
        guard let container else { return false }
        return (try? container.decodeNil(forKey: key)) == false
    }

    /// The kind's value decoded as `T`.
    func value<T: Decodable>(_ type: T.Type) throws -> T {
        guard let container else {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: path, debugDescription: "'\(kind)' needs a value: write '\(kind): …'"))
        }
        return try container.decode(type, forKey: key)
    }

    /// A shared key's value, when present.
    func shared<T: Decodable>(_ type: T.Type, _ name: String) throws -> T? {
        try container?.decodeIfPresent(type, forKey: AnyCodingKey(name))
    }
}
