import OutsideYAML
import Testing
import Yams

/// The check that runs before Yams composes outside YAML: keys are plain values, nesting is
/// bounded, and everything else is left to Yams as before.
@Suite("YAML shape")
struct YAMLShapeTests {
    @Test(arguments: [
        ("? [a, b]\n: 1\n", 1, 3, "a list"),
        ("title: t\n? {a: 1}\n: 2\n", 2, 3, "a mapping"),
        ("{[a]: 1}", 1, 2, "a list"),
        ("base: &k x\n? *k\n: 1\n", 2, 3, "an alias (*name)"),
        ("timeline:\n  - at: 1\n    ? - x\n    : y\n", 3, 7, "a list"),
    ])
    func aKeyThatIsNotAPlainValueIsRefusedWithItsPlace(text: String, line: Int, column: Int, found: String) throws {
        let error = try #require(YAMLShape.check(text))
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(error.problem == .keyIsNotAPlainValue(found: found))
        #expect(error.message == "a mapping key must be a plain value (a name such as title), not \(found)")
        #expect(throws: YAMLShapeError.self) { try YAMLShape.compose(text) }
    }

    @Test func nestingUpToTheLimitIsAllowedAndOneLevelMoreIsNot() throws {
        let limit = YAMLShape.maximumDepth
        func nested(_ depth: Int) -> String {
            String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        }
        #expect(YAMLShape.check(nested(limit)) == nil)
        // The list that opens the 65th level, counting the mapping around it as the first.
        let error = try #require(YAMLShape.check("a: " + nested(limit)))
        #expect(error.problem == .nestedTooDeeply(limit: limit))
        #expect(error.line == 1 && error.column == 3 + limit, "\(error)")
        #expect(error.message == "lists and mappings are nested more than 64 levels deep")
        #expect(YAMLShape.check(String(repeating: "- ", count: limit) + "x") == nil)
        #expect(YAMLShape.check(String(repeating: "- ", count: limit + 1) + "x") != nil)
    }

    /// Values may be anything; plain keys, anchors, aliases as values, JSON and several
    /// documents' worth of ordinary YAML pass, and compose exactly as Yams composes them.
    @Test(arguments: [
        "title: Walk\nauthorization: {initial: notDetermined}\ntimeline:\n  - at: 0\n    fix: [52.2, 21.0]\n",
        "{\"title\": \"t\", \"timeline\": [{\"at\": 1, \"fix\": {\"latitude\": 1}}]}",
        "base: &b {a: [1, [2, [3]]]}\ncopy: *b\nlist: [*b, *b]\n",
        "text: |\n  ? not a key\n  [a]: b\n",
        "\"quoted key\": 1\n? plain explicit key\n: 2\n",
        "",
        "# only a comment\n",
    ])
    func ordinaryYAMLPassesAndComposesAsYamsComposesIt(text: String) throws {
        #expect(YAMLShape.check(text) == nil)
        #expect(try YAMLShape.compose(text) == Yams.compose(yaml: text))
    }

    /// What libyaml cannot parse passes the check, so Yams reports it with its own message.
    @Test(arguments: ["a: [1, 2", "a: b: c", "\t- x", "a: *missing"])
    func textThatIsNotYAMLIsLeftToYams(text: String) {
        #expect(YAMLShape.check(text) == nil)
        #expect(throws: YamlError.self) { try YAMLShape.compose(text) }
    }
}
