import ReportSteps

/// The location fields shared by Missing *Animal description* and Found *Pet details*: fields
/// 7 (latitude) and 8 (longitude), and the permission alert a location request can raise.
extension WizardConsole {
    /// Edits the latitude text (`key` "7") or the longitude text ("8") of `coordinates`.
    func editCoordinate(_ key: String, of coordinates: inout CoordinateFields) throws(WizardExit) {
        if key == "7" {
            if let text = try edit(coordinates.copy.latitudeLabel, current: coordinates.latitudeText) {
                coordinates.latitudeText = text
            }
        } else if let text = try edit(coordinates.copy.longitudeLabel, current: coordinates.longitudeText) {
            coordinates.longitudeText = text
        }
    }

    /// After a location request: shows the alert it raised, if any (Cancel / Go to Settings),
    /// applies the choice, and explains what Go to Settings means here (for a restriction: what
    /// restricts location use and how to lift it).
    func answerLocationAlert(of coordinates: inout CoordinateFields, source: String) throws(WizardExit) {
        guard let alert = coordinates.alert else { return }
        let choice = try alertChoice(alert)
        if coordinates.resolveAlert(choice) {
            if alert.block == .restricted {
                // No grant lifts a restriction: say what restricts and how to lift it.
                notice(AnsweredReport.blockedAdvice(alert), style: .blue)
            } else {
                explainSettings(source: source)
            }
        }
    }
}

extension CoordinateFields {
    /// `true` after a request filled the fields (the helper text is then shown in green).
    var isCaptured: Bool {
        if case .captured = requestStatus { true } else { false }
    }
}
