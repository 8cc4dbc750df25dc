import Foundation
import GPSDTestSupport
import LocationTestSupport
import Testing

/// What a new user tripped over in the report wizards (issue 21), on a pseudo-terminal as a
/// person types: screens that tell the truth, nothing lost without a word, the conventions
/// people expect.
@Suite("petspot report: honest screens", .serialized, .timeLimit(.minutes(3)))
struct WizardHonestScreenTests {
    typealias Workspace = ReportWizardTests.Workspace

    /// Starts `report missing` with the default scenario and attaches the workspace's photo.
    static func missingAtDescription(_ workspace: Workspace, _ extra: [String] = [], columns: UInt16 = 100) async throws
        -> PseudoTerminalSession
    {
        let session = try PseudoTerminalSession(
            ["report", "missing", "--scenario", "default"] + extra, environment: workspace.environment,
            columns: columns)
        try session.passMicrochip()
        try session.expect("Animal photo")
        try session.pickPhoto(workspace.photo.path)
        try session.expect("luna.png · PNG · 32 B")
        session.type("c")
        try session.expect("[1-9] edit field")
        return session
    }

    /// The text of the next screen (from its title, which the previous screen's was consumed
    /// past), up to its `Choose:` prompt.
    static func nextScreen(_ session: PseudoTerminalSession, title: String = "Animal description") async throws
        -> String
    {
        try session.expect(title)
        return try session.expect("Choose:")
    }

    @Test func aCorrectedSpeciesLosesItsMessageBeforeTheNextContinue() async throws {
        let workspace = try Workspace()
        let session = try await Self.missingAtDescription(workspace)
        session.type("c")
        try session.expect("✕ Please select a species")
        try session.expect("Please correct the highlighted fields")
        session.type("2")
        try session.expect("Animal species [1-5]:")
        session.type("1")
        let screen = try await Self.nextScreen(session)
        #expect(screen.contains("Dog"))
        #expect(!screen.contains("Please select a species"), "\(screen)")
        #expect(screen.contains("✕ Please select a gender"), "a field still wrong keeps its message")
        session.type("4")
        try session.expect("Gender [1-2]:")
        session.type("m")  // as answers files take it
        let gender = try await Self.nextScreen(session)
        #expect(gender.range(of: #"4\. Gender\s+Male"#, options: .regularExpression) != nil, "\(gender)")
        #expect(!gender.contains("Please select a gender"))
    }

    @Test func contactMessagesClearWhenCorrectedAfterBack() async throws {
        let workspace = try Workspace()
        let session = try PseudoTerminalSession(
            ["report", "found", "--scenario", "default", "--output", workspace.file("out.json").path],
            environment: workspace.environment)
        try session.expect("Upload photo")
        try session.pickPhoto(workspace.photo.path)
        try session.expect("luna.png · PNG")
        session.type("c")
        try session.expect("Pet details")
        for answer in ["1", "18/11/2025", "2", "d", "4", "f", "7", "52.2297", "8", "21.0122", "c"] {
            session.type(answer)
        }
        try session.expect("Contact info")
        session.type("s")
        try session.expect("✕ Please enter your phone number")
        try session.expect("✕ Please enter your email")
        session.type("b")
        try session.expect("Pet details")
        session.type("c")
        try session.expect("Contact info")
        session.type("1")
        session.type("+48 123 456 789")
        let screen = try await Self.nextScreen(session, title: "Contact info ")  // the title, not "Contact information"
        #expect(!screen.contains("Please enter your phone number"), "\(screen)")
        #expect(screen.contains("✕ Please enter your email"))
        session.type("q")
        session.type("y")
        #expect(try session.waitForExit() == 2)
    }

    @Test func typingOverACapturedPositionDropsLocationCapturedSuccessfully() async throws {
        let workspace = try Workspace()
        let session = try await Self.missingAtDescription(workspace)
        session.type("g")
        try session.expect("Location captured successfully")
        session.type("7")
        try session.expect("Lat [52.22970]:")
        session.type("52.1")
        let screen = try await Self.nextScreen(session)
        #expect(screen.range(of: #"7\. Lat\s+52\.1\n"#, options: .regularExpression) != nil, "\(screen)")
        #expect(!screen.contains("Location captured successfully"), "\(screen)")
        #expect(screen.contains("Tap Request GPS position or type the coordinates."))
    }

    @Test func aSpeciesChangeSaysTheRaceWasCleared() async throws {
        let workspace = try Workspace()
        let session = try await Self.missingAtDescription(workspace)
        for answer in ["2", "dog", "3", "Beagle", "2", "cat"] { session.type(answer) }
        _ = try await Self.nextScreen(session)  // after the species
        _ = try await Self.nextScreen(session)  // after the race
        let screen = try await Self.nextScreen(session)
        #expect(screen.range(of: #"2\. Animal species\s+Cat"#, options: .regularExpression) != nil, "\(screen)")
        #expect(screen.contains("Cleared because the species changed (it was “Beagle”)."), "\(screen)")
    }

    @Test func aRefusedPhotoIsSaidOnceWithOneReason() async throws {
        let workspace = try Workspace()
        try Data().write(to: workspace.file("empty.png"))
        let session = try PseudoTerminalSession(["report", "missing"], environment: workspace.environment)
        try session.passMicrochip()
        try session.expect("Animal photo")
        try session.pickPhoto(workspace.file("empty.png").path)
        let first = try session.expect("Choose:")
        #expect(first.components(separatedBy: "This file is empty").count == 2, "once:\n\(first)")
        try session.pickPhoto(workspace.file("nope.png").path)
        let second = try session.expect("Choose:")
        #expect(second.components(separatedBy: "No file at").count == 2, "once:\n\(second)")
        #expect(!second.contains("This file is empty"), "one reason at a time:\n\(second)")
        // Remove is not offered without a photo, and the wizard does not say it is.
        session.type("r")
        let refused = try session.expect("Choose:")
        #expect(refused.contains("\"r\" is not an action here: type 1, c, b or q."), "\(refused)")
        session.endInput()
        #expect(try session.waitForExit() == 2)
    }

    @Test func aPhotoPathWithATildeStartsAtHOME() async throws {
        let workspace = try Workspace()
        var environment = workspace.environment
        environment["HOME"] = workspace.url.path
        let session = try PseudoTerminalSession(["report", "missing"], environment: environment)
        try session.passMicrochip()
        try session.expect("Animal photo")
        try session.pickPhoto("~/luna.png")
        try session.expect("luna.png · PNG · 32 B")
        session.endInput()
        #expect(try session.waitForExit() == 2)
    }

    @Test(arguments: [
        ("silent-receiver", "Getting your position took too long. Try again, or type the coordinates."),
        (
            "no-fix-timeout",
            "No GPS fix: the receiver has no position yet. Try again in the open, or type the coordinates."
        ),
    ])
    func nothingHeardIsTookTooLongAndNoFixReportedIsNoGPSFix(scenario: String, helper: String) async throws {
        let workspace = try Workspace()
        let session = try PseudoTerminalSession(
            ["report", "missing", "--scenario", scenario], environment: workspace.environment, columns: 160)
        try session.passMicrochip()
        try session.expect("Animal photo")
        try session.pickPhoto(workspace.photo.path)
        session.type("c")
        try session.expect("[1-9] edit field")
        session.type("g")
        try session.expect(helper)
        session.endInput()
        #expect(try session.waitForExit() == 2)
    }

    @Test func collarDataRefusesLettersAndASixteenthDigitAndKeepsTheNumber() async throws {
        let workspace = try Workspace()
        let session = try PseudoTerminalSession(["report", "found"], environment: workspace.environment, columns: 160)
        try session.expect("Upload photo")
        try session.pickPhoto(workspace.photo.path)
        session.type("c")
        try session.expect("[1-8] edit field")
        session.type("5")
        session.type("12345 678")
        try session.expect("12345-678")
        session.type("5")
        try session.expect("Collar data (optional) [12345-678]:")
        session.type("abc")
        let letters = try await Self.nextScreen(session, title: "Pet details")
        #expect(letters.range(of: #"5\. Collar data \(optional\)\s+12345-678\n"#, options: .regularExpression) != nil)
        #expect(letters.contains("✕ Digits only (spaces and hyphens are fine), not “a”; nothing was changed"))
        session.type("5")
        session.type("12345-67890-12345-999")
        let long = try await Self.nextScreen(session, title: "Pet details")
        #expect(long.range(of: #"5\. Collar data \(optional\)\s+12345-678\n"#, options: .regularExpression) != nil)
        #expect(long.contains("✕ At most 15 digits; this one has 18 (nothing was cut)"))
        session.endInput()
        #expect(try session.waitForExit() == 2)
    }

    @Test func theDateTakesEveryFormatItsHintNames() async throws {
        let workspace = try Workspace()
        let session = try await Self.missingAtDescription(workspace)
        for (typed, shown) in [
            ("2025-11-18", "Nov 18, 2025"), ("1.2.2025", "Feb 1, 2025"), ("3/4/2025", "Apr 3, 2025"),
        ] {
            session.type("1")
            try session.expect("(DD/MM/YYYY, D/M/YYYY, DD.MM.YYYY or YYYY-MM-DD)")
            session.type(typed)
            let screen = try await Self.nextScreen(session)
            #expect(screen.range(of: #"1\. Date of disappearance\s+\#(shown)"#, options: .regularExpression) != nil)
        }
        session.type("1")
        try session.expect("[03/04/2025]:")  // the current value in the hint's format
        session.type("Nov 3")
        try session.expect("Date of disappearance: Use DD/MM/YYYY, D/M/YYYY, DD.MM.YYYY or YYYY-MM-DD")
        session.endInput()
        #expect(try session.waitForExit() == 2)
    }

    /// On an 80-column terminal nothing breaks mid-word, no line is wider than the terminal, and
    /// a 500-character description stays on the screen, out of the prompt line.
    @Test func screensWrapToAnEightyColumnTerminalAndKeepLongValuesOutOfThePrompt() async throws {
        let workspace = try Workspace()
        let session = try await Self.missingAtDescription(workspace, columns: 80)
        let description = (0..<100).map { "word\($0)" }.joined(separator: " ").prefix(500)
        session.type("6")
        session.type(String(description))
        let screen = try await Self.nextScreen(session)
        session.type("6")
        let prompt = try session.expect("]:")
        #expect(
            prompt.hasSuffix("Animal additional description (optional) [Enter keeps the 500 characters shown above]:"))
        for line in screen.split(separator: "\n") {
            #expect(line.count <= 80, "wider than 80: \(line)")
        }
        // Every word of the description is on the screen whole.
        let words = Set(screen.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
        for word in description.split(separator: " ").dropLast() {
            #expect(words.contains(String(word)), "\(word) was broken")
        }
        #expect(screen.contains("Report a missing pet"), "the context line")
        // Each screen starts on a cleared terminal (ESC [H ESC [2J), not below the last one.
        #expect(session.rawOutput.contains("\u{1B}[H\u{1B}[2J"))
        session.type("")
        session.endInput()
        #expect(try session.waitForExit() == 2)
    }

    @Test func submittingIntoAMissingFolderSaysWhatFailedAndKeepsEverything() async throws {
        let workspace = try Workspace()
        let output = workspace.file("no-such-folder/report.json")
        let session = try PseudoTerminalSession(
            ["report", "found", "--output", output.path], environment: workspace.environment, columns: 200)
        try session.expect("Upload photo")
        try session.pickPhoto(workspace.photo.path)
        session.type("c")
        try session.expect("Pet details")
        for answer in ["1", "18/11/2025", "2", "cat", "4", "female", "7", "50.06143", "8", "19.93658", "c"] {
            session.type(answer)
        }
        try session.expect("Contact info")
        for answer in ["1", "+48 123 456 789", "2", "finder@example.com", "s"] { session.type(answer) }
        try session.expect("We couldn’t write your report: Cannot write ")
        let toast = try session.expect("Choose:")
        #expect(toast.contains("/no-such-folder/report.json: the folder"), "\(toast)")
        #expect(toast.contains("does not exist"))
        #expect(!session.transcript.contains("Check your connection"))
        try FileManager.default.createDirectory(
            at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        session.type("s")
        try session.expect(
            "Photo luna.png (PNG, 32 B) written to \(workspace.file("no-such-folder/report-photo.png").path)")
        try session.expect("Found report complete")
        #expect(try session.waitForExit() == 0)
        #expect(
            FileManager.default.contents(atPath: output.deletingLastPathComponent().path + "/report-photo.png")
                == (try Data(contentsOf: workspace.photo)))
    }

    /// Ctrl-D at "Allow PetSpot to use your location?" ends the wizard like Ctrl-D anywhere
    /// else: no denied alert, nothing stored, status 2.
    @Test func endOfInputAtThePermissionQuestionEndsCleanlyAndStoresNothing() async throws {
        let workspace = try Workspace()
        let session = try PseudoTerminalSession(
            ["report", "missing", "--gpsd", "127.0.0.1:1"], environment: workspace.environment)
        try session.passMicrochip()
        try session.expect("Animal photo")
        try session.pickPhoto(workspace.photo.path)
        session.type("c")
        try session.expect("[1-9] edit field")
        session.type("g")
        try session.expect("Allow PetSpot to use your location while you use it? [y/N]")
        session.endInput()
        try session.expect("Input ended before the report was complete; nothing was written.")
        #expect(try session.waitForExit() == 2)
        #expect(!session.transcript.contains("Location access is off"))
        let consent = try await PetSpotProcess.run(["permission"], environment: workspace.environment)
        #expect(consent.stdout.hasPrefix("Location permission: notDetermined"), "\(consent.stdout)")
    }
}
