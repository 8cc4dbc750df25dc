import Geodata
import ReportSteps
import Testing

/// A web page's location button: the browser's Geolocation answers end in the same outcomes,
/// and so on the same screens, as a `LocationService` request.
struct BrowserGeolocationResultTests {
    @Test(arguments: [
        (BrowserGeolocationResult.error(code: 1), LocationRequestOutcome.permissionBlocked(.denied)),
        (.error(code: 2), .failed(.providerUnavailable(reason: BrowserGeolocationResult.unavailableReason))),
        (.error(code: 3), .failed(.timedOut)),
        (.unsupported, .failed(.providerUnavailable(reason: BrowserGeolocationResult.unsupportedReason))),
    ])
    func browserErrorsBecomeTheModelsOutcomes(result: BrowserGeolocationResult, outcome: LocationRequestOutcome) {
        #expect(result.outcome == outcome)
    }

    @Test func aPositionFillsBothFieldsToFiveDecimals() throws {
        let result = BrowserGeolocationResult.position(try Coordinate(latitude: 50.061_432_1, longitude: 19.936_578_9))
        var fields = CoordinateFields(requirement: .foundPetFlow, copy: .foundFlow)
        let started = fields.beginLocationRequest()
        #expect(started)
        fields.finishLocationRequest(result.outcome)
        #expect(fields.latitudeText == "50.06143")
        #expect(fields.longitudeText == "19.93658")
        #expect(fields.helperText == CoordinateFields.capturedHelperText)
    }

    @Test func aDeniedBrowserRaisesTheSettingsAlertAndKeepsTypedValues() {
        var fields = CoordinateFields(requirement: .missingPetFlow, copy: .missingFlow)
        fields.latitudeText = "52.1"
        _ = fields.beginLocationRequest()
        fields.finishLocationRequest(BrowserGeolocationResult.error(code: 1).outcome)
        #expect(fields.alert?.settingsAccessibilityIdentifier == "locationPermissionAlert.goToSettings.tap")
        #expect(fields.latitudeText == "52.1")
    }

    @Test func wizardControlsFollowTheIdentifierConvention() {
        #expect(
            WizardNavigationCopy.backAccessibilityIdentifier(screen: "animalDescription")
                == AnimalDescriptionCopy.ID.back)
        #expect(
            WizardNavigationCopy.cancelAccessibilityIdentifier(screen: "foundPetDetails")
                == "foundPetDetails.cancelButton.tap")
        let question = WizardNavigationCopy.cancelQuestion
        #expect(question.keepAccessibilityIdentifier.split(separator: ".").count == 3)
        #expect(question.confirmAccessibilityIdentifier.split(separator: ".").count == 3)
    }
}
