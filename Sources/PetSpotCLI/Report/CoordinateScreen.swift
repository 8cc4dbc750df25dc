import ReportSteps

/// The permission alert a location request on Missing *Animal description* or Found *Pet
/// details* can raise (their coordinates are edited as any field: ``ReportWizard/editField(_:of:)``).
extension WizardConsole {
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
