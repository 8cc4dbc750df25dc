public import Location
public import ReportSteps

/// The "Request GPS position" / "Use current location" path over a `LocationService`,
/// exactly as research notes 002 §8 lay it out:
///
/// 1. status `notDetermined` → ``LocationService/requestWhenInUseAuthorization()``; if the
///    answer is not an authorization → the permission alert;
/// 2. `authorizedWhenInUse` / `authorizedAlways` → one `requestLocation`;
/// 3. `denied` / `restricted` → the permission alert (Cancel, Go to Settings), no request.
///
/// A fix becomes ``LocationRequestOutcome/located(_:)``; a `LocationError` becomes the
/// matching failure (the receiver reported no fix, nothing came before the timeout, the
/// provider is unreachable). The capture time is dropped: only the coordinate goes on.
///
/// ```swift
/// let requester = ReportLocationRequester(service: service, timeout: .seconds(30))
/// switch await requester.requestCurrentLocation() {
/// case .located(let coordinate): print(coordinate)          // "52.22970, 21.01220"
/// case .permissionBlocked(let block): print(block)          // show the alert
/// case .failed(let failure): print(failure.helperText)
/// }
/// ```
public struct ReportLocationRequester: CurrentLocationRequesting {
    /// The service asked.
    public let service: LocationService
    /// How long one request waits for a fix, on the service's clock.
    public let timeout: Duration
    /// The accuracy wanted, in meters; `nil` takes the first fix (or the best one seen by the
    /// timeout).
    public let desiredAccuracy: Double?

    /// A requester over `service`.
    ///
    /// - Parameters:
    ///   - service: the location service.
    ///   - timeout: how long to wait for a fix (30 s by default). Spec 000 sets no explicit
    ///     timeout; a terminal or headless front end needs one so a request always ends.
    ///   - desiredAccuracy: the largest acceptable accuracy in meters, or `nil`.
    public init(service: LocationService, timeout: Duration = .seconds(30), desiredAccuracy: Double? = nil) {
        self.service = service
        self.timeout = timeout
        self.desiredAccuracy = desiredAccuracy
    }

    /// Runs the permission flow, then one request; see the type's documentation.
    public func requestCurrentLocation() async -> LocationRequestOutcome {
        var status = service.authorizationStatus
        if status == .notDetermined {
            status = await service.requestWhenInUseAuthorization()
        }
        guard status.isAuthorized else { return .permissionBlocked(status == .restricted ? .restricted : .denied) }
        do {
            let fix = try await service.requestLocation(timeout: timeout, desiredAccuracy: desiredAccuracy)
            return .located(fix.coordinate)
        } catch {
            return Self.outcome(for: error)
        }
    }

    /// The outcome a `LocationError` stands for: what a front end shows when a request it
    /// made some other way (a played scenario, a recorded run) ended with `error`.
    ///
    /// ```swift
    /// ReportLocationRequester.outcome(for: .denied)   // .permissionBlocked(.denied)
    /// ```
    public static func outcome(for error: LocationError) -> LocationRequestOutcome {
        switch error {
        case .notDetermined, .denied: .permissionBlocked(.denied)
        case .restricted: .permissionBlocked(.restricted)
        case .noFix(_, let lastSeen):
            switch lastSeen {
            case .waitingForFix?, .fixLost?: .failed(.noFix)
            case .providerUnavailable(let endpoint, let reason)?:
                .failed(.providerUnavailable(reason: "\(endpoint): \(reason)"))
            case .authorizationDenied(let status)?: .permissionBlocked(status == .restricted ? .restricted : .denied)
            case .fix?, nil: .failed(.timedOut)
            }
        case .providerUnavailable(let endpoint, let reason):
            .failed(.providerUnavailable(reason: "\(endpoint): \(reason)"))
        case .cancelled: .failed(.cancelled)
        }
    }
}
