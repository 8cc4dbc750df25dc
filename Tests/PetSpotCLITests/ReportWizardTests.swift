import Foundation
import GPSDTestSupport
import LocationTestSupport
import Testing

/// `petspot report missing|found` end to end: the built binary on a pseudo-terminal,
/// answered like a person would, and with answers files through pipes.
@Suite("petspot report", .serialized, .timeLimit(.minutes(3)))
struct ReportWizardTests {
    /// A scratch folder with its own config directory (no saved consent) and a PNG photo.
    final class Workspace {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-report-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            // A PNG is recognised from its signature; the rest is filler.
            let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 24)
            try Data(png).write(to: photo)
            try Data("not an image".utf8).write(to: url.appendingPathComponent("notes.txt"))
        }
        var photo: URL { url.appendingPathComponent("luna.png") }
        var environment: [String: String] { ["XDG_CONFIG_HOME": url.path, "PETSPOT_LOCATION_POLICY": ""] }
        func file(_ name: String) -> URL { url.appendingPathComponent(name) }
        func write(_ name: String, _ text: String) throws -> URL {
            let file = file(name)
            try Data(text.utf8).write(to: file)
            return file
        }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    // MARK: Missing, on a terminal

    @Test func missingWizardShowsErrorsAndToastKeepsValuesOnBackAndFillsLatLongFromTheScenario() throws {
        let workspace = try Workspace()
        let output = workspace.file("missing.json")
        let session = try PseudoTerminalSession(
            ["report", "missing", "--scenario", "default", "--output", output.path], environment: workspace.environment)
        try session.expect("Microchip number")
        try session.expect("1/4")
        session.type("1")
        try session.expect("Microchip number (optional)")
        session.type("12345abc")
        try session.expect("Digits only (spaces and hyphens are fine), not “a”; nothing was changed")
        session.type("1")
        session.type("123456789012345")
        try session.expect("12345-67890-12345")
        session.type("c")
        try session.expect("Animal photo")
        try session.expect("2/4")
        try session.expect("A photo of the animal is required to continue.")
        session.type("c")
        try session.expect("Photo is mandatory")
        session.type("1")
        try session.expect("Photo file path:")
        session.type(workspace.file("notes.txt").path)
        try session.expect("This file is not a JPG, PNG, HEIC, GIF or WEBP image. Choose a photo.")
        session.type("1")
        try session.expect("Photo file path:")
        session.type(workspace.photo.path)
        try session.expect("luna.png · PNG · 32 B")
        session.type("c")
        try session.expect("Animal description")
        try session.expect("3/4")
        try session.expect("[g] Request GPS position")

        session.type("7")
        try session.expect("Lat:")
        session.type("95")
        session.type("c")
        try session.expect("✕ Must be between -90 and 90")
        try session.expect("✕ Enter a longitude too, or clear the latitude")
        try session.expect("Please correct the highlighted fields")
        session.type("2")
        try session.expect("Animal species [1-5]:")
        session.type("1")
        try session.expect("Dog")

        session.type("b")
        try session.expect("Animal photo")
        try session.expect("luna.png · PNG · 32 B")
        session.type("c")
        try session.expect("Animal description")
        let kept = try session.expect("[1-9] edit field")
        #expect(kept.contains("Dog"))
        #expect(kept.contains("95"))

        session.type("g")
        try session.expect("shown: Allow “PetSpot” to use your location?")
        try session.expect("person    grant → authorizedWhenInUse")
        try session.expect("← located 52.22970, 21.01220")
        let filled = try session.expect("Location captured successfully")
        #expect(filled.contains("7. Lat"))
        #expect(filled.range(of: #"7\. Lat\s+52\.22970"#, options: .regularExpression) != nil)
        #expect(filled.range(of: #"8\. Long\s+21\.01220"#, options: .regularExpression) != nil)

        session.type("3")
        try session.expect("Animal race")
        session.type("Beagle")
        session.type("4")
        try session.expect("Gender [1-2]:")
        session.type("female")
        session.type("5")
        try session.expect("Animal age (optional):")
        session.type("3")
        session.type("1")
        try session.expect("Date of disappearance (DD/MM/YYYY, D/M/YYYY, DD.MM.YYYY or YYYY-MM-DD) [")
        session.type("18/11/2025")
        session.type("c")
        try session.expect("Contact details")
        try session.expect("4/4")
        session.type("s")
        try session.expect("✕ Enter a phone number or an email")
        try session.expect("Please correct the highlighted fields")
        session.type("2")
        try session.expect("Email")
        session.type("owner@example.com")
        session.type("s")
        try session.expect("Missing report complete")
        #expect(try session.waitForExit() == 0)

        let report = try Self.object(String(contentsOf: output, encoding: .utf8))
        #expect(report["flow"] as? String == "missing")
        #expect(report["lastSeenDate"] as? String == "2025-11-18")
        #expect(report["species"] as? String == "DOG")
        #expect(report["breed"] as? String == "Beagle")
        #expect(report["gender"] as? String == "FEMALE")
        #expect(report["approximateAge"] as? Int == 3)
        #expect(report["locationLatitude"] as? Double == 52.2297)
        #expect(report["locationLongitude"] as? Double == 21.0122)
        #expect((report["photo"] as? [String: Any])?["filename"] as? String == "luna.png")
        #expect(report["microchipNumber"] as? String == "123456789012345")
        #expect(report["email"] as? String == "owner@example.com")
        #expect(report["phone"] is NSNull)
    }

    @Test func permissionDeniedScenarioShowsTheAlertAndGoToSettingsExplainsPermissionGrant() throws {
        let workspace = try Workspace()
        let session = try PseudoTerminalSession(
            ["report", "missing", "--scenario", "permission-denied"], environment: workspace.environment,
            columns: 200)  // the Go to Settings notice on one line
        try session.passMicrochip()
        try session.expect("Animal photo")
        session.type("1")
        session.type(workspace.photo.path)
        session.type("c")
        try session.expect("Animal description")
        session.type("g")
        try session.expect("app       ← permission denied")
        try session.expect("┌ Location access is off")
        try session.expect("PetSpot is not allowed to use your location.")
        try session.expect("[1] Cancel  [2] Go to Settings")
        session.type("2")
        try session.expect("Location access is off. Type the coordinates, or allow access in Settings and try again.")
        try session.expect("There is no Settings app here")
        try session.expect("`petspot permission grant`")
        session.type("q")
        try session.expect("Cancel this report?")
        session.type("y")
        try session.expect("Report cancelled; nothing was written.")
        #expect(try session.waitForExit() == 2)
    }

    @Test func deniedConsentWithGPSDShowsTheAlertAndCancelKeepsTheFields() async throws {
        let workspace = try Workspace()
        #expect(try await PetSpotProcess.run(["permission", "deny"], environment: workspace.environment).status == 0)
        let session = try PseudoTerminalSession(
            ["report", "missing", "--gpsd", "127.0.0.1:1"], environment: workspace.environment)
        try session.passMicrochip()
        try session.expect("Animal photo")
        session.type("1")
        session.type(workspace.photo.path)
        session.type("c")
        try session.expect("Animal description")
        session.type("7")
        session.type("52.1")
        try session.expect("52.1")
        session.type("g")
        try session.expect("┌ Location access is off")
        session.type("1")
        let screen = try session.expect("[1-9] edit field")
        #expect(screen.contains("52.1"))
        #expect(!screen.contains("There is no Settings app here"))
        session.type("q")
        session.type("n")
        try session.expect("Not cancelled; everything is kept.")
        session.type("q")
        session.type("y")
        #expect(try session.waitForExit() == 2)
    }

    @Test func endOfInputEndsTheWizardWithStatusTwoAndWritesNothing() throws {
        let workspace = try Workspace()
        let output = workspace.file("never.json")
        let session = try PseudoTerminalSession(
            ["report", "found", "--scenario", "default", "--output", output.path], environment: workspace.environment)
        try session.expect("Upload photo")
        try session.expect("Choose:")
        session.endInput()
        try session.expect("Input ended before the report was complete; nothing was written.")
        #expect(try session.waitForExit() == 2)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    // MARK: Found, on a terminal, with a real gpsd

    @Test(.enabled(if: GPSDTools.shouldRunGPSDTests))
    func foundWizardFillsTheLocationFromGpsfakeAndPrintsThePayloadWithCaregiverPhoneAndAddress() async throws {
        let workspace = try Workspace()
        let logDate = Date(timeIntervalSince1970: 1_560_000_000)
        let fake = try GPSFake.start(
            log: (0..<5).flatMap { second in
                NMEA.epoch(latitude: 50.061_43, longitude: 19.936_58, time: logDate.addingTimeInterval(Double(second)))
            })
        defer { fake.stop() }
        let session = try PseudoTerminalSession(
            ["report", "found", "--gpsd", "127.0.0.1:\(fake.port)"], environment: workspace.environment)
        try session.expect("Upload photo")
        try session.expect("1/3")
        try session.expect("PNG or JPG up to 10 MB")
        session.type("1")
        session.type(workspace.photo.path)
        try session.expect("luna.png · PNG")
        session.type("c")
        try session.expect("Pet details")
        try session.expect("2/3")
        try session.expect("[u] Use current location")
        session.type("1")
        try session.expect("Date found (DD/MM/YYYY, D/M/YYYY, DD.MM.YYYY or YYYY-MM-DD):")
        session.type("18/11/2025")
        session.type("2")
        session.type("cat")
        session.type("4")
        session.type("2")
        session.type("c")
        try session.expect("✕ Latitude is required")
        try session.expect("Please correct the highlighted fields")

        session.type("u")
        try session.expect("Allow PetSpot to use your location while you use it? [y/N]")
        session.type("y")
        let filled = try session.expect("Location captured successfully", quiet: 30)
        #expect(filled.range(of: #"7\. Latitude\s+50\.06143"#, options: .regularExpression) != nil)
        #expect(filled.range(of: #"8\. Longitude\s+19\.93658"#, options: .regularExpression) != nil)
        session.type("c")
        try session.expect("Contact info")
        try session.expect("3/3")
        try session.expect("Share your contact details so the pet\u{2019}s owner can reach you.")
        session.type("1")
        session.type("+48 123 456 789")
        session.type("2")
        session.type("finder@example.com")
        session.type("3")
        session.type("+48 987 654 321")
        session.type("4")
        session.type("Shelter, Main St 1")
        session.type("s")
        try session.expect("Found report complete")
        #expect(try session.waitForExit() == 0)

        let line = try #require(
            session.transcript.split(separator: "\n").first { $0.hasPrefix("{\"status\":\"FOUND\"") },
            "\(session.transcript.suffix(1500))")
        #expect(
            line
                == #"{"status":"FOUND","lastSeenDate":"2025-11-18","species":"CAT","gender":"MALE","locationLatitude":50.06143,"locationLongitude":19.93658,"phone":"+48123456789","email":"finder@example.com","caregiverPhone":"+48987654321","currentAddress":"Shelter, Main St 1"}"#
        )
        let consent = try await PetSpotProcess.run(["permission"], environment: workspace.environment)
        #expect(consent.stdout.hasPrefix("Location permission: authorizedWhenInUse"))
    }
}
