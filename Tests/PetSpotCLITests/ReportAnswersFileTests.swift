import Foundation
import LocationTestSupport
import Testing

/// `petspot report missing|found --answers FILE`: the wizards without a terminal, answered by a
/// YAML or JSON file through pipes (the same flows and rules as on a terminal), and the usage
/// errors and help of the command.
@Suite("petspot report --answers", .serialized, .timeLimit(.minutes(3)))
struct ReportAnswersFileTests {

    @Test func foundAnswersFileWritesThePayloadAndExitsZero() async throws {
        let workspace = try ReportWizardTests.Workspace()
        let answers = try workspace.write(
            "found.yaml",
            """
            photo: luna.png
            lastSeenDate: 18/11/2025
            species: Dog
            breed: Beagle
            gender: male
            microchipNumber: 12345-67890-12345
            locationLatitude: 52.22970
            locationLongitude: "21.0122"
            phone: +48 123 456 789
            email: finder@example.com
            caregiverPhone: +48 987 654 321
            currentAddress: Shelter, Main St 1
            """)
        let run = try await PetSpotProcess.run(
            ["report", "found", "--answers", answers.path], environment: workspace.environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout
                == #"{"status":"FOUND","lastSeenDate":"2025-11-18","species":"DOG","breed":"Beagle","gender":"MALE","locationLatitude":52.2297,"locationLongitude":21.0122,"microchipNumber":"123456789012345","phone":"+48123456789","email":"finder@example.com","caregiverPhone":"+48987654321","currentAddress":"Shelter, Main St 1"}"#
                + "\n")
        #expect(!run.stdout.contains("\u{1B}["))
    }

    @Test func missingAnswersAsJSONWithUseCurrentLocationFillsTheCoordinatesFromTheScenario() async throws {
        let workspace = try ReportWizardTests.Workspace()
        let answers = try workspace.write(
            "missing.json",
            #"{"microchipNumber": "12345 67890", "photo": "luna.png", "species": "cat", "breed": "Tabby", "gender": "f", "approximateAge": 7, "useCurrentLocation": true, "phone": "+48 600 700 800"}"#
        )
        let output = workspace.file("out.json")
        let run = try await PetSpotProcess.run(
            ["report", "missing", "--answers", answers.path, "--scenario", "default", "--output", output.path],
            environment: workspace.environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        let report = try ReportWizardTests.object(String(contentsOf: output, encoding: .utf8))
        #expect(report["locationLatitude"] as? Double == 52.2297)
        #expect(report["locationLongitude"] as? Double == 21.0122)
        #expect(report["approximateAge"] as? Int == 7)
        #expect(report["gender"] as? String == "FEMALE")
        #expect(report["microchipNumber"] as? String == "1234567890")
        #expect(report["phone"] as? String == "+48600700800")
    }

    @Test func invalidAnswersListEveryFieldOnALineAndExitOne() async throws {
        let workspace = try ReportWizardTests.Workspace()
        let answers = try workspace.write(
            "bad.yaml",
            """
            photo: notes.txt
            lastSeenDate: 31/02/2025
            species: dragon
            gender: female
            approximateAge: 41
            locationLatitude: 95
            locationLongitude: 21.0122
            locationRadius: 7
            colour: brown
            microchipNumber: 12345-abc
            """)
        let output = workspace.file("never.json")
        let run = try await PetSpotProcess.run(
            ["report", "missing", "--answers", answers.path, "--output", output.path],
            environment: workspace.environment)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "petspot: \(answers.path): 10 invalid fields; nothing was written.")
        #expect(
            Array(lines.dropFirst()) == [
                "colour: not a field of this report (fields: microchipNumber, photo, lastSeenDate, species, breed, gender, approximateAge, description, locationLatitude, locationLongitude, locationRadius, useCurrentLocation, phone, email)",
                "microchipNumber: Digits only (spaces and hyphens are fine), not \u{201C}a\u{201D}; nothing was changed",
                "photo: This file is not a JPG, PNG, HEIC, GIF or WEBP image. Choose a photo.",
                "lastSeenDate: \(Self.invalidDayMessage)",
                "species: \"dragon\" is not one of the species (Dog, Cat, Bird, Rabbit, Other)",
                "locationRadius: \"7\" is not one of the search radii (1, 2, 5, 10, 15, 25 or 50 km)",
                "approximateAge: Age must be a whole number from 0 to 40",
                "locationLatitude: Must be between -90 and 90",
                "phone: Enter a phone number or an email",
                "email: Enter a phone number or an email",
            ])
    }

    @Test func invalidFoundAnswersUseTheFoundRulesAndWriteNothing() async throws {
        let workspace = try ReportWizardTests.Workspace()
        let big = workspace.file("big.png")
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += Array(repeating: 0, count: 11 * 1_048_576)
        try Data(bytes).write(to: big)
        let answers = try workspace.write(
            "found.json",
            #"{"photo": "big.png", "lastSeenDate": "18/11/2025", "species": "cat", "gender": "female", "locationLatitude": "50.06143", "#
                + #""phone": "+48 123 456 789", "email": "finder@", "caregiverPhone": "12"}"#)
        let run = try await PetSpotProcess.run(
            ["report", "found", "--answers", answers.path], environment: workspace.environment)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(
            Array(run.stderr.split(separator: "\n").dropFirst()) == [
                "photo: This photo is 11.5 MB; the largest photo we take is 10 MB. Choose a smaller one.",
                "locationLongitude: Longitude is required",
                "email: Enter a valid email address",
                "caregiverPhone: Enter a valid phone number (7–11 digits)",
            ])
    }

    @Test func answersThatPressTheLocationActionWhileDeniedNameTheProblem() async throws {
        let workspace = try ReportWizardTests.Workspace()
        let answers = try workspace.write(
            "denied.yaml",
            "photo: luna.png\nspecies: dog\nbreed: Beagle\ngender: m\nuseCurrentLocation: yes\nphone: 600700800\n")
        let run = try await PetSpotProcess.run(
            ["report", "missing", "--answers", answers.path, "--scenario", "permission-denied"],
            environment: workspace.environment)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr.split(separator: "\n").last
                == "useCurrentLocation: Location access is off: PetSpot is not allowed to use your location. Allow it in Settings, or type the coordinates yourself. On this computer: `petspot permission grant`."
        )
    }

    /// CalendarDayError.invalidDay's message (ReportSteps), carried verbatim.
    static let invalidDayMessage = "This date does not exist"

    @Test func withoutATerminalOrAnswersTheWizardExits64InsteadOfWaiting() async throws {
        let run = try await PetSpotProcess.run(["report", "found"], timeout: 20)
        #expect(run.status == 64)
        #expect(run.stderr.contains("report found is interactive and standard input is not a terminal"))
        #expect(run.stderr.contains("--answers FILE"))
    }

    @Test func unreadableAnswersFileExits65() async throws {
        let run = try await PetSpotProcess.run(["report", "missing", "--answers", "/nonexistent/answers.yaml"])
        #expect(run.status == 65)
        #expect(run.stderr.hasPrefix("petspot: Cannot read the answers file /nonexistent/answers.yaml"))
    }

    @Test(arguments: [["report", "missing"], ["report", "found"]])
    func helpNamesEveryOptionAndTheExitStatus(command: [String]) async throws {
        let help = try await PetSpotProcess.run(command + ["--help"])
        #expect(help.status == 0)
        for text in [
            "--gpsd", "--scenario", "--answers", "--output", "--location-timeout", "Exit status:", "Go to Settings",
        ] {
            #expect(help.stdout.contains(text), "\(text) missing from \(command.joined(separator: " ")) --help")
        }
    }
}
