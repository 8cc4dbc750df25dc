/// The Found-pet wizard (spec 004) for a front end that lives with it: a ``ReportFlow`` over
/// ``FoundReportMachine`` that sends the report through a ``FoundReportSubmitting``.
///
/// ```swift
/// let flow = FoundPetReportFlow(locationRequester: requester, submitter: api)
/// try flow.photoStep.attach(filename: "found.jpg", bytes: bytes)
/// flow.continueTapped()                          // → .petDetails
/// await flow.useCurrentLocation()                // fills the found location
/// …
/// await flow.submitTapped()                      // .submitted(id) or .failed(message)
/// ```
public typealias FoundPetReportFlow = ReportFlow<FoundReportMachine>

extension ReportFlow where Machine == FoundReportMachine {
    /// Where sending the report stands.
    public typealias Submission = FoundReportMachine.Submission

    /// A fresh wizard.
    ///
    /// - Parameters:
    ///   - locationRequester: What answers "Use current location".
    ///   - submitter: What sends the report.
    ///   - today: "Today" for the date field; the system clock by default.
    public convenience init(
        locationRequester: any CurrentLocationRequesting, submitter: any FoundReportSubmitting,
        today: Today = .system()
    ) {
        self.init(machine: FoundReportMachine(today: today), locationRequester: locationRequester) { effect in
            guard case .submit(let payload, let photo, let request) = effect else { return nil }
            do {
                return .sent(id: try await submitter.submit(payload, photo: photo), request: request)
            } catch {
                return .sendFailed(message: (error as? FoundReportSubmissionFailure)?.message, request: request)
            }
        }
    }

    /// "Use current location" on *Pet details*: the same path as the Missing flow's Request
    /// GPS position (one request at a time).
    public func useCurrentLocation() async { await requestLocation() }

    /// "Submit report": validates *Contact information*; when valid, sends the payload.
    ///
    /// - Returns: ``StepOutcome/advance`` when the report was sent (``submission`` is
    ///   `.submitted`); otherwise `.stay` with the toast to show — the validation toast, or the
    ///   send failure (``FoundFlowCopy/submissionFailed``), after which a new tap retries with
    ///   everything kept.
    @discardableResult
    public func submitTapped() async -> StepOutcome { await run(.submitTapped).outcome }
}
