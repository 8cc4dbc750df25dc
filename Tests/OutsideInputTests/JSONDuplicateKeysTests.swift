import Foundation
import OutsideInput
import Testing

@Suite struct JSONDuplicateKeysTests {
    @Test(arguments: [
        (#"{"status":"authorizedAlways","status":"denied"}"#, "status", "$", 1),
        ("{\n  \"a\": 1,\n  \"b\": {\"c\": 1},\n  \"a\": 2\n}", "a", "$", 4),
        (#"{"a": {"b": {"c": 1, "c": 2}}}"#, "c", "$.a.b", 1),
        (#"[{"id": 1}, {"id": 2}, {"id": 3, "x": [], "id": 4}]"#, "id", "$[2]", 1),
        (#"{"list": [[{"k": 1}], [{"k": 1, "k": 1}]]}"#, "k", "$.list[1][0]", 1),
        (#"{"a": 1, "\u0061": 2}"#, "a", "$", 1),
        (#"{"\/": 1, "/": 2}"#, "/", "$", 1),
        (#"{"😀": 1, "\ud83d\ude00": 2}"#, "😀", "$", 1),
        ("{\"\u{E9}\": 1, \"e\u{301}\": 2}", "\u{E9}", "$", 1),
        (#"{"odd key": {"x": 0, "x": 0}}"#, "x", #"$["odd key"]"#, 1),
        (#"{"a": 1, "b": 2, "b": 3, "a": 4}"#, "b", "$", 1),
        (#"{"tab\there\\": 1, "tab\u0009here\u005C": 2}"#, "tab\there\\", "$", 1),
    ])
    func theFirstRepeatedKeyIsFoundWithItsPathAndLine(json: String, key: String, path: String, line: Int) throws {
        let duplicate = try #require(JSONDuplicateKeys.firstDuplicate(in: json))
        #expect(duplicate.key == key)
        #expect(duplicate.path == path)
        #expect(duplicate.line == line)
        #expect(JSONDuplicateKeys.firstDuplicate(in: Data(json.utf8)) == duplicate)
    }

    @Test(arguments: [
        #"{"a": 1, "b": 2}"#,
        #"{"a": {"a": {"a": 1}}, "b": [{"a": 1}, {"a": 2}]}"#,
        #"{"a": "}{\"a\": 1, \"a\": 2}", "b": "[{,:\\"}"#,
        #"{"A": 1, "a": 2, "a ": 3, " a": 4}"#,
        #"{"\u0000": 1, "": 2}"#,
        #"[{"k": 1}, {"k": 2}]"#,
        #"{}"#, "[]", "1", #""a""#, "null", " [ ] ",
    ])
    func distinctKeysPass(json: String) {
        #expect(JSONDuplicateKeys.firstDuplicate(in: json) == nil)
        guard case .valid(nil, _) = JSONDuplicateKeys.scan(json) else {
            Issue.record("\(json) was not read as valid JSON without duplicates")
            return
        }
    }

    @Test(arguments: [
        ("", 1, 1), ("{", 1, 2), ("{\"a\" 1}", 1, 6), ("[,]", 1, 2), ("{\"a\":1,,}", 1, 8), ("01", 1, 2),
        ("[1.]", 1, 4), ("\"\\x\"", 1, 3), ("\"a\u{1}\"", 1, 3), ("[\"\\ud800\"]", 1, 10), ("tru", 1, 1),
        ("[1] [2]", 1, 5), ("{'a': 1}", 1, 2), ("[\n\n  nope]", 3, 3),
    ])
    func invalidJSONSaysWhereAndTheCheckRefusesIt(json: String, line: Int, column: Int) throws {
        guard case .invalid(let foundLine, let foundColumn, let reason) = JSONDuplicateKeys.scan(json) else {
            Issue.record("\(json.debugDescription) was read as valid")
            return
        }
        #expect((foundLine, foundColumn) == (line, column), "\(reason)")
        #expect(!reason.isEmpty)
        #expect(JSONDuplicateKeys.firstDuplicate(in: json) == nil)
        do throws(JSONCheckError) {
            try JSONDuplicateKeys.check(json, file: "x.json")
            Issue.record("\(json.debugDescription) passed the check")
        } catch {
            #expect(error.problem == .invalid(line: line, column: column, reason: reason))
            #expect(error.description.hasPrefix("x.json, line \(line), column \(column): not valid JSON: "))
        }
    }

    @Test(arguments: ["[1,]", "{\"a\": 1,}", "[[], ]", "\u{FEFF}[1]", "\u{FEFF}{\"a\": 1, \"b\": 2,\n}"])
    func trailingCommasAndAByteOrderMarkAreReadAsFoundationReadsThem(json: String) throws {
        try JSONDuplicateKeys.check(json, file: "x.json")
        #expect(JSONDuplicateKeys.firstDuplicate(in: json + "") == nil)
        #expect(JSONDuplicateKeys.firstDuplicate(in: "\u{FEFF}{\"a\": 1, \"a\": 2,}")?.key == "a")
    }

    @Test func invalidUTF8IsInvalidJSON() {
        let bytes = Data([UInt8(ascii: "["), UInt8(ascii: "\""), 0xFF, UInt8(ascii: "\""), UInt8(ascii: "]")])
        guard case .invalid(_, _, let reason) = JSONDuplicateKeys.scan(bytes) else {
            Issue.record("accepted invalid UTF-8")
            return
        }
        #expect(reason.contains("UTF-8"))
    }

    @Test func nestingIsLimitedLikeFoundationWithoutUsingTheStack() {
        let deep = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(JSONDuplicateKeys.scan(deep) == .valid(firstDuplicate: nil, members: 0))
        guard case .invalid = JSONDuplicateKeys.scan(tooDeep) else {
            Issue.record("accepted 513 levels")
            return
        }
        let hostile = String(repeating: "[", count: 1_000_000)
        guard case .invalid = JSONDuplicateKeys.scan(hostile) else {
            Issue.record("accepted a million open brackets")
            return
        }
    }

    @Test func theErrorNamesTheFileTheKeyAndTheLineAndShowsTheKeySafely() {
        let json = "{\n\"status\": \"authorizedAlways\",\n\"status\": \"denied\"}"
        #expect(throws: JSONCheckError.self) { try JSONDuplicateKeys.check(json, file: "/tmp/consent.json") }
        do throws(JSONCheckError) {
            try JSONDuplicateKeys.check(Data(json.utf8), file: "/tmp/consent.json")
            Issue.record("no error")
        } catch {
            #expect(
                error.description
                    == "/tmp/consent.json, line 3: the key \"status\" appears twice in the top-level object "
                    + "(lines 2 and 3); a key may appear only once.")
            #expect(error.localizedDescription.hasPrefix("line 3: the key \"status\""))
        }
        let hostile = JSONDuplicateKeys.firstDuplicate(in: #"{"\u001b[2J": 1, "\u001b[2J": 2}"#)
        #expect(hostile?.description.contains("\\x1B[2J") == true)
        #expect(hostile?.description.contains("\u{1B}") == false)
    }

    @Test func membersAreCountedWithDuplicates() {
        #expect(JSONDuplicateKeys.scan(#"[{"a": 1, "b": {"c": 2}}, {"a": 1, "a": 2}]"#).members == 5)
    }
}

extension JSONDuplicateKeys.Scan {
    fileprivate var members: Int? {
        if case .valid(_, let members) = self { return members }
        return nil
    }
}
