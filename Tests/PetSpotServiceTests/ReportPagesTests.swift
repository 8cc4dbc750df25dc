import Foundation
import PetSpotService
import Scenarios
import Testing

/// The report pages as served: rendered from the models (copy, identifiers), escaped,
/// self-contained, and built from the templates embedded in the binary.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ReportPagesTests {
    static var pagesFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/PetSpotService/Pages")
    }

    static var packageText: String {
        let url = pagesFolder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Package.swift")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }

    /// Every `data-testid="…"` value of `html`.
    static func testIDs(_ html: String) -> [String] {
        html.components(separatedBy: "data-testid=\"").dropFirst().compactMap { $0.split(separator: "\"").first }
            .map(String.init)
    }

    @Test func theFoundPageCarriesTheSpecsCopyAndIdentifiers() async throws {
        try await TestServer.with { server in
            let page = try await server.request("/report/found")
            #expect(page.status == 200)
            #expect(page.header("content-type") == "text/html; charset=utf-8")
            #expect(page.header("cache-control") == "no-store")
            #expect(page.header("content-security-policy")?.contains("default-src 'none'") == true)
            for text in [
                "Upload a clear photo of the pet you found. This helps the owner recognize them quickly.",
                "Tap to upload a photo", "PNG or JPG up to 10 MB", "Tell us what you know about the animal you found.",
                "Collar data (optional)", "00000-00000-00000", "Use current location", "Contact information",
                "Share your contact details so the pet\u{2019}s owner can reach you.", "Your phone number",
                "+1 (555) 000-0000", "Caregiver phone number (optional)", "Current physical address (optional)",
                "Full address where the animal is currently located", "Submit report", ">1/3<", ">2/3<", ">3/3<",
                "accept=\"image/jpeg,image/png\"",
            ] {
                #expect(page.body.contains(text), "\(text)")
            }
            let ids = Self.testIDs(page.body)
            for id in [
                "foundUploadPhoto.browse", "foundUploadPhoto.remove", "foundUploadPhoto.continue",
                "foundPetDetails.datePicker.tap", "foundPetDetails.speciesDropdown.tap",
                "foundPetDetails.speciesDropdown.tap.dog", "foundPetDetails.sexFemale.tap",
                "foundPetDetails.sexMale.tap",
                "foundPetDetails.latitudeTextField.input", "foundPetDetails.longitudeTextField.input",
                "foundPetDetails.useCurrentLocationButton.tap", "foundPetDetails.continueButton.tap",
                "foundContact.submitButton.tap", "foundContact.backButton.tap", "foundPetDetails.cancelButton.tap",
                "locationPermissionAlert.cancel.tap", "locationPermissionAlert.goToSettings.tap",
                "cancelReportAlert.keepEditing.tap", "cancelReportAlert.confirm.tap",
            ] {
                #expect(ids.contains(id), "\(id)")
            }
            #expect(Set(ids).count == ids.count, "identifiers repeat")
        }
    }

    @Test func theMissingPageHasAllFourSteps() async throws {
        try await TestServer.with { server in
            let page = try await server.request("/report/missing")
            #expect(page.status == 200)
            for text in [
                "Microchip number", ">1/4<", "Microchip number (optional)", "00000-00000-00000", "Animal photo",
                ">2/4<", "Animal description", ">3/4<", "Contact details", ">4/4<", "Request GPS position",
                "Date of disappearance", "Animal additional description (optional)", "Select a species first",
                "Phone number", "Email", "Submit report",
                "Tap Request GPS position or type the coordinates. No other location details are collected in this step.",
            ] {
                #expect(page.body.contains(text), "\(text)")
            }
            #expect(!page.body.contains("not available on the web yet"))
            #expect(page.body.contains(#"type="date" min="1900-01-01" max=""#), "the date field offers 1900 onwards")
            let ids = Self.testIDs(page.body)
            for id in [
                "microchipNumber.microchipTextField.input", "microchipNumber.continueButton.tap",
                "microchipNumber.cancelButton.tap", "animalPhoto.backButton.tap", "animalPhoto.browse",
                "animalPhoto.remove", "animalPhoto.continue", "animalDescription.backButton.tap",
                "animalDescription.requestGPSButton.tap", "animalDescription.raceTextField.input",
                "animalDescription.genderFemale.tap", "animalDescription.continueButton.tap",
                "missingContactDetails.backButton.tap", "missingContactDetails.phoneTextField.input",
                "missingContactDetails.emailTextField.input", "missingContactDetails.submitButton.tap",
            ] {
                #expect(ids.contains(id), "\(id)")
            }
            #expect(!ids.contains("microchipNumber.backButton.tap"), "the first step has no back arrow")
        }
    }

    @Test func thePetDetailsPageIsTheCardsFrameWithThePresentersTexts() async throws {
        try await TestServer.with { server in
            let page = try await server.request("/pets/r-1")
            #expect(page.status == 200)
            for text in [
                "Unable to load pet details", ">Retry<", "Remove Report", "Remove this report?", "data-pet-id=\"r-1\"",
                "/report/assets/pet.js", #"<h1 class="screen-title"><span class="sr">Pet details</span></h1>"#,
            ] {
                #expect(page.body.contains(text), "\(text)")
            }
            let ids = Self.testIDs(page.body)
            for id in [
                "petDetails.retry.button", "petDetails.removeReport.button", "petDetails.showMap.button",
                "removeReportAlert.keep.tap", "removeReportAlert.confirm.tap",
            ] {
                #expect(ids.contains(id), "\(id)")
            }
            #expect(try await server.request("/pets/a%20b").status == 404)
        }
    }

    @Test func thePageLearnsWhereLocationComesFrom() async throws {
        try await TestServer.with { server in
            let page = try await server.request("/report/found")
            #expect(page.body.contains("&quot;locationSource&quot;:&quot;browser&quot;"))
            #expect(page.body.contains("open the site settings"))
        }
        let loop = ScenarioLoop(scenario: try ScenarioLibrary.load("default"))
        var scenario = ServiceConfiguration(
            location: .scenario(loop, startsLoop: false, logger: TestServer.quietLogger), logger: TestServer.quietLogger
        )
        // The receiver is the operator's: the pages use the visitor's browser unless asked.
        try await TestServer.with(scenario) { server in
            let page = try await server.request("/report/missing")
            #expect(page.body.contains("&quot;locationSource&quot;:&quot;browser&quot;"))
        }
        scenario.pagesUseServerLocation = true
        try await TestServer.with(scenario) { server in
            let page = try await server.request("/report/missing")
            #expect(page.body.contains("&quot;locationSource&quot;:&quot;server&quot;"))
            #expect(page.body.contains("petspot permission grant"))
        }
    }

    @Test func theScriptAndStyleAreServedFromTheBinary() async throws {
        try await TestServer.with { server in
            let script = try await server.request("/report/assets/report.js")
            #expect(script.status == 200)
            #expect(script.header("content-type") == "text/javascript; charset=utf-8")
            #expect(script.body.contains("from './report-steps.js'"))
            let requests = try await server.request("/report/assets/report-steps.js")
            #expect(requests.header("content-type") == "text/javascript; charset=utf-8")
            #expect(requests.body.contains("/v1/report-steps/"))
            let style = try await server.request("/report/assets/report.css")
            #expect(style.header("content-type") == "text/css; charset=utf-8")
            let missing = try await server.request("/report/assets/..%2F..%2FPackage.swift")
            #expect(missing.status == 404)
            #expect(missing.header("content-type") == "application/problem+json")
        }
    }

    @Test func theEmbeddedFilesAreThePagesFolder() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.pagesFolder.path)
            .filter { !$0.hasSuffix(".swift") && $0 != "Leaflet" }.sorted()
        #expect(Self.listed("reportPageFiles") == files)
        let leaflet = try FileManager.default.contentsOfDirectory(
            atPath: Self.pagesFolder.appendingPathComponent("Leaflet").path)
        #expect(Self.listed("leafletFiles") == leaflet.sorted())
    }

    /// The names in `Package.swift`'s `let NAME = [ … ]`.
    static func listed(_ name: String) -> [String]? {
        packageText.components(separatedBy: "let \(name) = [").dropFirst().first?
            .components(separatedBy: "]").first?.components(separatedBy: "\"").enumerated()
            .filter { $0.offset % 2 == 1 }.map(\.element).sorted()
    }

    @Test func noTemplateRendersTextUnescaped() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.pagesFolder.path)
            .filter { $0.hasSuffix(".mustache") }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: Self.pagesFolder.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("{{{"), "\(file)")
            #expect(!text.contains("{{&"), "\(file)")
            #expect(!text.contains("<script>"), "\(file): inline script (the policy allows none)")
        }
        let scripts = try FileManager.default.contentsOfDirectory(atPath: Self.pagesFolder.path)
            .filter { $0.hasSuffix(".js") }
        #expect(scripts.contains("report.js"))
        for file in scripts {
            let script = try String(contentsOf: Self.pagesFolder.appendingPathComponent(file), encoding: .utf8)
            #expect(!script.contains("innerHTML"), "\(file)")
            #expect(!script.contains("eval("), "\(file)")
        }
    }
}
