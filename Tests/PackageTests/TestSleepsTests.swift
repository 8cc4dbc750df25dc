import Foundation
import Testing

/// No fixed waits in the tests: every real sleep under `Tests/` is one `Tests/Sleeps.md` lists
/// with its reason (a poll until a deadline, pacing a feed, or real time as the subject).
@Suite struct TestSleepsTests {
    static let tests = PackageManifest.root.appendingPathComponent("Tests")

    /// `Task.sleep(`, `usleep(`, Python's `time.sleep(` and a bare `sleep(` (not a clock's
    /// `.sleep(` nor a `func sleep`), outside comments.
    static func realSleeps(in text: String) -> Int {
        // NSRegularExpression: Swift's Regex has no lookbehind. The pattern is a constant.
        guard
            let pattern = try? NSRegularExpression(
                pattern: #"Task\.sleep\(|\busleep\(|time\.sleep\(|(?<![.\w])sleep\("#)
        else { return -1 }
        return text.split(separator: "\n").reduce(0) { count, line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("//") || trimmed.hasPrefix("#") || trimmed.contains("func sleep") { return count }
            let line = String(line)
            return count + pattern.numberOfMatches(in: line, range: NSRange(line.startIndex..., in: line))
        }
    }

    /// Every test file's real sleeps, by its path under `Tests/` (only files that have some).
    static func counted() throws -> [String: Int] {
        var found: [String: Int] = [:]
        let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard ["swift", "py"].contains(file.pathExtension) else { continue }
            let count = realSleeps(in: try String(contentsOf: file, encoding: .utf8))
            let path = String(file.standardizedFileURL.path.dropFirst(tests.standardizedFileURL.path.count + 1))
            // This file spells the calls it looks for; it sleeps nowhere.
            if count > 0, path != "PackageTests/TestSleepsTests.swift" { found[path] = count }
        }
        return found
    }

    /// The table of `Tests/Sleeps.md`: each file's allowed count.
    static func allowed() throws -> [String: Int] {
        let page = try String(contentsOf: tests.appendingPathComponent("Sleeps.md"), encoding: .utf8)
        var rows: [String: Int] = [:]
        for line in page.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3, let count = Int(cells[1]), !cells[2].isEmpty else { continue }
            rows[cells[0].replacingOccurrences(of: "`", with: "")] = count
        }
        return rows
    }

    @Test func theCounterSeesEachKindOfSleepAndNotAClocksOrAComment() {
        #expect(Self.realSleeps(in: "try await Task.sleep(for: .seconds(1))") == 1)
        #expect(Self.realSleeps(in: "usleep(20_000)\nsleep(4)\n    time.sleep(0.1)") == 3)
        #expect(Self.realSleeps(in: "try await clock.sleep(until: deadline)") == 0)
        #expect(Self.realSleeps(in: "// sleep(4) would do\n# time.sleep(1)") == 0)
        #expect(Self.realSleeps(in: "func sleep(until deadline: Instant, tolerance: Duration?) {") == 0)
    }

    @Test func everyRealSleepInTheTestsIsListedWithItsReason() throws {
        let found = try Self.counted()
        let allowed = try Self.allowed()
        #expect(!allowed.isEmpty, "Tests/Sleeps.md has no table")
        for (path, count) in found.sorted(by: { $0.key < $1.key }) {
            let listed = allowed[path] ?? 0
            #expect(
                count <= listed,
                "\(path) has \(count) real sleep(s); Tests/Sleeps.md allows \(listed). Wait on an event or a virtual clock instead, or list it with its reason."
            )
        }
        for (path, count) in allowed where (found[path] ?? 0) < count {
            Issue.record("Tests/Sleeps.md allows \(count) sleep(s) in \(path), which has \(found[path] ?? 0): lower it")
        }
    }
}
