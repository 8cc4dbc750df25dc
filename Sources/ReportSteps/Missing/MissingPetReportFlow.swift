/// The Missing-pet wizard for a front end that lives with it: a ``ReportFlow`` over
/// ``MissingReportMachine``.
///
/// ```swift
/// let flow = MissingPetReportFlow(locationRequester: ReportLocationRequester(service: service))
/// flow.microchipStep.setMicrochip("123456789012345")
/// flow.continueTapped()                       // .advance → .animalPhoto (the number is optional)
/// try flow.photoStep.attach(filename: "luna.jpg", bytes: bytes)
/// flow.continueTapped()                       // .advance → .animalDescription
/// await flow.requestGPSPosition()             // fills Lat / Long, or raises the alert
/// flow.continueTapped()                       // .advance → .contactDetails
/// flow.contactStep.setEmail("owner@example.com")
/// flow.continueTapped()                       // .advance: isComplete, the state holds the report
/// ```
public typealias MissingPetReportFlow = ReportFlow<MissingReportMachine>

extension ReportFlow where Machine == MissingReportMachine {
    /// A fresh flow.
    ///
    /// - Parameters:
    ///   - locationRequester: What answers Request GPS position.
    ///   - today: "Today" for the date field; the system clock by default.
    ///   - state: Values to start from (empty by default).
    public convenience init(
        locationRequester: any CurrentLocationRequesting, today: Today = .system(),
        state: ReportMissingPetFlowState = ReportMissingPetFlowState()
    ) {
        self.init(machine: MissingReportMachine(today: today, state: state), locationRequester: locationRequester)
    }

    /// Request GPS position on *Animal description*: runs one request unless one is already
    /// in flight, then fills the fields, raises the alert or sets the helper text.
    public func requestGPSPosition() async { await requestLocation() }
}
