import Location
import ReportLocation
import ReportSteps

/// "Request GPS position" / "Use current location" on the pages: the server's own source
/// when it has one (the same `LocationService` call `GET /v1/location` makes), else what the
/// browser's Geolocation API answered. Both end in a ``LocationRequestOutcome`` from the
/// ReportSteps model, so both paths show the same things.
enum PageLocationRequest {
    /// How long one request waits for a fix, on both paths.
    static let timeout: Duration = .seconds(30)
    /// The fix accuracy wanted, in metres: the first fix this good ends the wait; otherwise the
    /// best fix seen by the timeout (the default scenario's consumer asks the same).
    static let desiredAccuracy = 10.0
    /// How old an already-seen fix may be.
    static let maximumAge: Duration = .seconds(5)
    /// The reason shown when a page asks a server that has no source for a position.
    static let noSourceReason = "this server has no location source"

    /// The outcome of one request on `source`'s service. Nothing here asks for or grants
    /// permission: a source whose consent is not given answers the permission alert.
    static func serverOutcome(_ source: LocationSource) async -> LocationRequestOutcome {
        guard let service = source.service else {
            return .failed(.providerUnavailable(reason: noSourceReason))
        }
        do throws(LocationError) {
            let fix = try await service.requestLocation(
                timeout: timeout, desiredAccuracy: desiredAccuracy, maximumAge: maximumAge)
            return .located(fix.coordinate)
        } catch {
            return ReportLocationRequester.outcome(for: error)
        }
    }
}
