import Geodata
import ReportSteps
import Testing

@Suite("Coordinate fields and the location button (spec 002 §8)")
struct CoordinateFieldsTests {
    @Test func aSecondTapWhileInFlightStartsNothing() {
        var fields = CoordinateFields(requirement: .missingPetFlow, copy: .missingFlow)
        let started = fields.beginLocationRequest()
        #expect(started)
        #expect(fields.isRequestInFlight)
        let startedAgain = fields.beginLocationRequest()
        #expect(!startedAgain)
        #expect(fields.helperText == "Getting your position…")
    }

    @Test func successFillsBothFieldsWithFiveDecimalsAndConfirms() {
        var fields = CoordinateFields(requirement: .foundPetFlow, copy: .foundFlow)
        fields.latitudeText = "garbage"
        _ = fields.validate()
        #expect(fields.latitudeError == .invalidFormat)
        let started = fields.beginLocationRequest()
        #expect(started)
        fields.finishLocationRequest(.located(Fixtures.warsaw))
        #expect(fields.latitudeText == "52.22968")
        #expect(fields.longitudeText == "21.01223")
        #expect(fields.latitudeError == nil)
        #expect(fields.helperText == "Location captured successfully")
        #expect(!fields.isRequestInFlight)
        let validation = fields.validate()
        #expect(validation.isValid)
    }

    @Test(arguments: [
        (
            LocationRequestFailure.noFix,
            "No GPS fix: the receiver has no position yet. Try again in the open, or type the coordinates."
        ),
        (.timedOut, "Getting your position took too long. Try again, or type the coordinates."),
        (
            .providerUnavailable(reason: "gpsd is not running"),
            "Location is unavailable (gpsd is not running). Type the coordinates, or try again later."
        ),
    ])
    func failureSaysWhatHappenedAndLeavesTheFieldsUntouched(failure: LocationRequestFailure, text: String) {
        var fields = CoordinateFields(requirement: .missingPetFlow, copy: .missingFlow)
        fields.latitudeText = "52.1"
        fields.longitudeText = "21.1"
        let started = fields.beginLocationRequest()
        #expect(started)
        fields.finishLocationRequest(.failed(failure))
        #expect(fields.helperText == text)
        #expect(fields.latitudeText == "52.1" && fields.longitudeText == "21.1")
        #expect(fields.alert == nil)
        let startedAgain = fields.beginLocationRequest()
        #expect(startedAgain, "a new tap may retry")
    }

    @Test(arguments: [LocationPermissionBlock.denied, .restricted])
    func blockedPermissionShowsTheCancelAndGoToSettingsAlert(block: LocationPermissionBlock) throws {
        var fields = CoordinateFields(requirement: .missingPetFlow, copy: .missingFlow)
        let started = fields.beginLocationRequest()
        #expect(started)
        fields.finishLocationRequest(.permissionBlocked(block))
        let alert = try #require(fields.alert)
        #expect(alert.cancelTitle == "Cancel")
        #expect(alert.settingsTitle == "Go to Settings")
        #expect(alert.block == block)
        #expect(fields.latitudeText.isEmpty)
        let opensSettings = fields.resolveAlert(.goToSettings)
        #expect(opensSettings)
        #expect(fields.alert == nil)
        #expect(fields.helperText.hasPrefix("Location access is off."))
    }

    @Test func cancelOnTheAlertOnlyClosesIt() {
        var fields = CoordinateFields(requirement: .missingPetFlow, copy: .missingFlow)
        _ = fields.beginLocationRequest()
        fields.finishLocationRequest(.permissionBlocked(.denied))
        let opensSettings = fields.resolveAlert(.cancel)
        #expect(!opensSettings)
        #expect(fields.alert == nil)
        fields.latitudeText = "1"
        fields.longitudeText = "2"
        let validation = fields.validate()
        #expect(validation.isValid, "manual entry stays possible")
    }

    @Test func missingFlowIdleHelperSaysNoOtherLocationDetailsAreCollected() {
        let fields = CoordinateFields(requirement: .missingPetFlow, copy: .missingFlow)
        #expect(fields.helperText.contains("No other location details are collected in this step."))
    }

    /// "Location captured successfully" describes the filled value; typing over it puts the
    /// idle hint back, and typing the captured text again is not a capture.
    @Test func theCapturedHelperFollowsTheValue() throws {
        var fields = CoordinateFields(requirement: .missingPetFlow, copy: .missingFlow)
        let taken1 = fields.beginLocationRequest()
        #expect(taken1)
        fields.finishLocationRequest(.located(Fixtures.warsaw))
        #expect(fields.helperText == "Location captured successfully")
        fields.latitudeText = "52.2"
        #expect(fields.helperText == CoordinateFieldsCopy.missingFlow.idleHelperText)
        #expect(fields.requestStatus == .idle)
        // A failure's helper is about the request, not the value: it stays while typing.
        let taken2 = fields.beginLocationRequest()
        #expect(taken2)
        fields.finishLocationRequest(.failed(.timedOut))
        fields.longitudeText = "21"
        #expect(fields.helperText == "Getting your position took too long. Try again, or type the coordinates.")
    }
}
