import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// An interrupted wizard loses nothing (seed 001: a draft survives more than 30 minutes):
/// what was entered is saved under `$XDG_STATE_HOME/petspot/drafts` after every change and
/// offered on the next start; `--fresh` starts empty; Cancel and a finished report remove it.
@Suite("petspot report: drafts", .serialized, .timeLimit(.minutes(3)))
struct ReportDraftTests {
    typealias Workspace = ReportWizardTests.Workspace

    /// The workspace's environment with its own state folder, shared by the runs of one test.
    static func environment(_ workspace: Workspace) -> [String: String] {
        var environment = workspace.environment
        environment["XDG_STATE_HOME"] = workspace.file("state").path
        return environment
    }

    static func draftFile(_ workspace: Workspace, _ flow: String = "missing") -> URL {
        workspace.file("state/petspot/drafts/report-\(flow).json")
    }

    /// Fills photo, species and race, then leaves as `leave` says.
    static func startAndFill(_ workspace: Workspace, leave: (PseudoTerminalSession) -> Void) throws -> Int32 {
        let session = try PseudoTerminalSession(["report", "missing"], environment: environment(workspace))
        try session.passMicrochip()
        try session.expect("Animal photo")
        try session.pickPhoto(workspace.photo.path)
        try session.expect("luna.png · PNG · 32 B")
        session.type("c")
        try session.expect("[1-9] edit field")
        for answer in ["2", "dog", "3", "Beagle", "5", "abc"] { session.type(answer) }  // age not valid yet: kept
        try session.expect(#"abc"#)
        try session.expect("Choose:")
        leave(session)
        return try session.waitForExit()
    }

    @Test func endOfInputKeepsADraftThatTheNextStartResumes() throws {
        let workspace = try Workspace()
        let status = try Self.startAndFill(workspace) { $0.endInput() }
        #expect(status == 2)
        let draft = Self.draftFile(workspace)
        #expect(FileManager.default.fileExists(atPath: draft.path))
        var info = stat()
        #expect(stat(draft.path, &info) == 0 && info.st_mode & 0o777 == 0o600, "a draft holds personal data")

        let session = try PseudoTerminalSession(["report", "missing"], environment: Self.environment(workspace))
        try session.expect("An unfinished missing-pet report was saved less than a minute ago")
        try session.expect("(Animal description, 3/4; photo luna.png).")
        try session.expect("Resume it? [Y/n]:")
        session.type("")
        let screen = try session.expect("[1-9] edit field")
        #expect(screen.range(of: #"2\. Animal species\s+Dog"#, options: .regularExpression) != nil, "\(screen)")
        #expect(screen.range(of: #"3\. Animal race\s+Beagle"#, options: .regularExpression) != nil)
        #expect(screen.range(of: #"5\. Animal age \(optional\)\s+abc"#, options: .regularExpression) != nil)
        session.type("b")
        try session.expect("luna.png · PNG · 32 B")  // the photo's card is back too
        session.type("q")
        session.type("y")
        try session.expect("Report cancelled; nothing was written.")
        #expect(try session.waitForExit() == 2)
        #expect(!FileManager.default.fileExists(atPath: draft.path), "cancel clears the draft (spec 004 FR-004)")
    }

    @Test func ctrlCKeepsTheDraftAndFreshStartsEmpty() throws {
        let workspace = try Workspace()
        var said = ""
        let status = try Self.startAndFill(workspace) { session in
            session.interrupt()
            said = (try? session.expect("--fresh starts over).")) ?? ""
        }
        #expect(status == 130, "128 + SIGINT")
        #expect(said.contains("Interrupted; nothing was written. What you entered is kept as a draft"))
        #expect(FileManager.default.fileExists(atPath: Self.draftFile(workspace).path))

        let fresh = try PseudoTerminalSession(
            ["report", "missing", "--fresh"], environment: Self.environment(workspace))
        let first = try fresh.expect("Choose:")
        #expect(!first.contains("Resume it?"))
        #expect(first.contains("Microchip number"))
        fresh.endInput()
        #expect(try fresh.waitForExit() == 2)
        // --fresh did not change anything yet: the old draft is still there to resume.
        let again = try PseudoTerminalSession(["report", "missing"], environment: Self.environment(workspace))
        try again.expect("Resume it? [Y/n]:")
        again.type("n")
        let screen = try again.expect("Choose:")
        #expect(screen.contains("Microchip number") && !screen.contains("luna.png"))
        again.endInput()
        #expect(try again.waitForExit() == 2)
        #expect(!FileManager.default.fileExists(atPath: Self.draftFile(workspace).path), "no: the draft goes")
    }

    @Test func aFinishedReportRemovesItsDraftAndAnOldDraftIsNotOffered() throws {
        let workspace = try Workspace()
        let output = workspace.file("out.json")
        let session = try PseudoTerminalSession(
            ["report", "missing", "--output", output.path], environment: Self.environment(workspace))
        try session.passMicrochip()
        try session.expect("Animal photo")
        for answer in ["1", workspace.photo.path, "c", "2", "cat", "3", "Tabby", "4", "f", "c"] { session.type(answer) }
        try session.expect("Contact details")
        for answer in ["1", "600 700 800", "s"] { session.type(answer) }
        try session.expect("Missing report complete")
        #expect(try session.waitForExit() == 0)
        #expect(!FileManager.default.fileExists(atPath: Self.draftFile(workspace).path))

        // A draft saved 25 hours ago (past the 24 hours drafts are kept) is not offered.
        _ = try Self.startAndFill(workspace) { $0.endInput() }
        let draft = Self.draftFile(workspace)
        var text = try String(contentsOf: draft, encoding: .utf8)
        let old = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-25 * 3600))
        text = text.replacingOccurrences(
            of: #""savedAt":"[^"]*""#, with: "\"savedAt\":\"\(old)\"", options: .regularExpression)
        try Data(text.utf8).write(to: draft)
        let later = try PseudoTerminalSession(["report", "missing"], environment: Self.environment(workspace))
        let first = try later.expect("Choose:")
        #expect(!first.contains("Resume it?"), "\(first)")
        later.endInput()
        #expect(try later.waitForExit() == 2)
    }
}
