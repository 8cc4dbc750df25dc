extension LocationServiceStateMachine {
    /// What a new ``LocationService/requestLocation(timeout:desiredAccuracy:maximumAge:)``
    /// gets before it waits.
    package enum RequestStart: Sendable, Hashable {
        /// Location use is not allowed: fail at once with this error.
        case fail(LocationError)
        /// A fix recent and accurate enough was already seen: return it.
        case recent(LocationFix)
        /// Wait: add the request with ``LocationServiceStateMachine/addRequest(_:timeout:desiredAccuracy:now:authorization:)``.
        case wait
    }

    /// Whether a request can be answered at once: an error when location use is not allowed,
    /// a fix that arrived at most `maximumAge` before `now` and meets `desiredAccuracy` (not
    /// while the receiver reports the fix lost), or ``RequestStart/wait``.
    package func startRequest(
        desiredAccuracy: Double?, maximumAge: Duration, now: LocationClock.Instant,
        authorization: LocationAuthorization
    ) -> RequestStart {
        if let error = LocationError(status: authorization.status) { return .fail(error) }
        if let recent = latestFix, published != .fixLost, recent.arrivalTime.duration(to: now) <= maximumAge,
            Self.meets(recent, desiredAccuracy)
        {
            return .recent(recent)
        }
        return .wait
    }

    /// A request starts waiting (its continuation is ready): its timer runs until
    /// `now + timeout`, and the provider starts if it is not running.
    package mutating func addRequest(
        _ id: UInt64, timeout: Duration, desiredAccuracy: Double?, now: LocationClock.Instant,
        authorization: LocationAuthorization
    ) -> Actions {
        let timeout = max(timeout, .zero)
        let deadline = now.advanced(by: timeout)
        requests.append(
            Request(
                id: id, desiredAccuracy: desiredAccuracy, timeout: timeout, deadline: deadline, lastSeen: heardState))
        var actions = Actions(startTimer: Actions.TimerStart(request: id, deadline: deadline))
        updateDemand(authorization, &actions)
        return actions
    }

    /// The request's timer fired: it gets the best fix seen, or
    /// ``LocationError/noFix(waited:lastSeen:)``. Ignored when it has already ended.
    package mutating func requestTimedOut(_ id: UInt64, authorization: LocationAuthorization) -> Actions {
        finishRequest(id, authorization: authorization) { request in
            request.best.map { .success($0) } ?? .failure(.noFix(waited: request.timeout, lastSeen: request.lastSeen))
        }
    }

    /// The requesting task was cancelled: the request fails with ``LocationError/cancelled``.
    /// Ignored when it has already ended.
    package mutating func requestCancelled(_ id: UInt64, authorization: LocationAuthorization) -> Actions {
        finishRequest(id, authorization: authorization) { _ in .failure(.cancelled) }
    }

    /// How many waiting requests have reached their deadline at `now` (their timer has fired,
    /// or is about to, and the service has not answered them yet).
    package func overdueRequestCount(at now: LocationClock.Instant) -> Int {
        requests.count { $0.deadline <= now }
    }

    /// Whether `fix` is accurate enough for `desiredAccuracy` (any fix is, for `nil`; a fix
    /// without a known accuracy is not, for a number).
    package static func meets(_ fix: LocationFix, _ desiredAccuracy: Double?) -> Bool {
        guard let desiredAccuracy else { return true }
        guard let accuracy = fix.horizontalAccuracy else { return false }
        return accuracy <= desiredAccuracy
    }

    /// Offers a new fix to the waiting requests: those it satisfies end with it, the others
    /// keep it when it is their best so far.
    mutating func offer(_ fix: LocationFix, _ actions: inout Actions) {
        var index = requests.startIndex
        while index < requests.endIndex {
            if Self.meets(fix, requests[index].desiredAccuracy) {
                let request = requests.remove(at: index)
                actions.finishRequests.append(Actions.FinishedRequest(id: request.id, result: .success(fix)))
            } else {
                requests[index].consider(fix)
                index += 1
            }
        }
    }

    private mutating func finishRequest(
        _ id: UInt64, authorization: LocationAuthorization, _ result: (Request) -> Result<LocationFix, LocationError>
    ) -> Actions {
        guard let index = requests.firstIndex(where: { $0.id == id }) else { return Actions() }
        let request = requests.remove(at: index)
        var actions = Actions(finishRequests: [Actions.FinishedRequest(id: id, result: result(request))])
        updateDemand(authorization, &actions)
        return actions
    }
}
