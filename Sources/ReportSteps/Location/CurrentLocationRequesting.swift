/// Something that answers one "Request GPS position" / "Use current location" tap: checks
/// the permission, asks for it when undecided, and fetches one position (spec 002 §8).
///
/// `ReportLocationRequester` (ReportLocation) is the implementation over a `LocationService`; the flows take
/// any conforming value so a front end can put a different source behind the button.
public protocol CurrentLocationRequesting: Sendable {
    /// Runs one request to its end and says how it ended. Never throws: every way it can
    /// end is a ``LocationRequestOutcome``.
    func requestCurrentLocation() async -> LocationRequestOutcome
}
