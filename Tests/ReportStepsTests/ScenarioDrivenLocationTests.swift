import Foundation
import Geodata
import ReportSteps
import ScenarioSteps
import Scenarios
import Testing

/// "Request GPS position" (Animal description) and "Use current location" (Pet details)
/// driven by the bundled scenarios through the real `LocationService` (spec 002 §8).
@Suite("Location button driven by bundled scenarios")
struct ScenarioDrivenLocationTests {
    /// What the step must show after one press, for each scenario.
    enum Shown: Sendable, CustomStringConvertible {
        /// Both fields filled with these 5-decimal texts, no alert.
        case filled(String, String)
        /// The permission alert; both fields untouched (empty).
        case alert
        /// No alert, fields untouched, a helper text saying what happened.
        case failure(String)

        var description: String {
            switch self {
            case .filled(let latitude, let longitude): "filled \(latitude), \(longitude)"
            case .alert: "permission alert"
            case .failure(let text): "failure: \(text)"
            }
        }
    }

    static let cases: [(String, Shown)] = [
        ("default", .filled("52.22970", "21.01220")),
        ("permission-denied", .alert),
        ("restricted", .alert),
        ("not-determined-denied", .alert),
        ("no-fix-timeout", .failure(LocationRequestFailure.noFix.helperText)),
    ]

    @Test(arguments: cases, [ReportStepPlayback.Step.animalDescription, .petDetails])
    func aPressShowsWhatTheScenarioLeadsTo(_ example: (String, Shown), step: ReportStepPlayback.Step) async throws {
        let (name, shown) = example
        let fields = await ReportStepPlayback.press(step, in: try ScenarioLibrary.load(name))
        switch shown {
        case .filled(let latitude, let longitude):
            #expect(fields.latitudeText == latitude)
            #expect(fields.longitudeText == longitude)
            #expect(fields.alert == nil)
            #expect(fields.helperText == CoordinateFields.capturedHelperText)
        case .alert:
            let alert = try #require(fields.alert, "\(name): no alert, helper \(fields.helperText)")
            #expect(alert.cancelTitle == "Cancel" && alert.settingsTitle == "Go to Settings")
            #expect(fields.latitudeText.isEmpty && fields.longitudeText.isEmpty)
        case .failure(let text):
            #expect(fields.alert == nil)
            #expect(fields.helperText == text)
            #expect(fields.latitudeText.isEmpty && fields.longitudeText.isEmpty)
        }
    }

    @Test func aFixArrivingOverTypedTextReplacesBothFieldsAndAFailureKeepsThem() async throws {
        // Typed text is kept when the scenario ends without a fix…
        var fields = CoordinateFields(requirement: .missingPetFlow, copy: .missingFlow)
        fields.latitudeText = "51,1"
        fields.longitudeText = "17.03"
        let timeout = try ScenarioLibrary.load("no-fix-timeout")
        let failed = await ReportStepPlayback.press(.animalDescription, in: timeout)
        if case .failed(let failure) = failed.requestStatus {
            fields.finishLocationRequest(.failed(failure))
        } else {
            Issue.record("no-fix-timeout did not fail: \(failed.requestStatus)")
        }
        #expect(fields.latitudeText == "51,1" && fields.longitudeText == "17.03")
        // …and replaced by a fix.
        let captured = await ReportStepPlayback.press(.animalDescription, in: try ScenarioLibrary.load("default"))
        if case .captured(let coordinate) = captured.requestStatus {
            fields.finishLocationRequest(.located(coordinate))
        }
        #expect(fields.latitudeText == "52.22970" && fields.longitudeText == "21.01220")
    }
}
