extension LocationService {
    /// One fix: the first that arrives accurate enough, a recent one already seen, or the
    /// best one seen when `timeout` ends; like `CLLocationManager.requestLocation()`.
    ///
    /// - A fix that arrived at most `maximumAge` ago (on the service's clock, by arrival, not
    ///   by the receiver's timestamp) and meets `desiredAccuracy` is returned at once.
    /// - Otherwise the provider runs (shared with other consumers) until a fix meets
    ///   `desiredAccuracy`. When `timeout` ends, the most accurate fix seen is returned, or
    ///   ``LocationError/noFix(waited:lastSeen:)`` is thrown when none came.
    /// - When the provider is unreachable and no fix came, it throws
    ///   ``LocationError/providerUnavailable(endpoint:reason:)`` at once.
    /// - Cancelling the calling task throws ``LocationError/cancelled`` promptly and stops
    ///   the provider when nobody else listens.
    ///
    /// ```swift
    /// let fix = try await service.requestLocation(timeout: .seconds(30), desiredAccuracy: 50)
    /// fix.coordinate.formatted      // "52.22970, 21.01220"
    /// ```
    ///
    /// - Parameters:
    ///   - timeout: how long to wait for a fix (on the service's clock).
    ///   - desiredAccuracy: the largest acceptable horizontal accuracy in meters, or `nil`
    ///     for any fix. A fix without a known accuracy does not meet a desired accuracy.
    ///   - maximumAge: how old an already-seen fix may be and still be returned.
    /// - Throws: ``LocationError``: `notDetermined`, `denied`, `restricted`,
    ///   `noFix(waited:lastSeen:)`, `providerUnavailable(endpoint:reason:)`, `cancelled`.
    public func requestLocation(
        timeout: Duration = .seconds(30), desiredAccuracy: Double? = nil, maximumAge: Duration = .seconds(5)
    ) async throws(LocationError) -> LocationFix {
        if Task.isCancelled { throw .cancelled }
        let start = machine.startRequest(
            desiredAccuracy: desiredAccuracy, maximumAge: maximumAge, now: clock.now,
            authorization: authorizer.authorization)
        switch start {
        case .fail(let error): throw error
        case .recent(let fix): return fix
        case .wait: break
        }
        let id = machine.makeID()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<LocationFix, LocationError>, Never>) in
                guard !Task.isCancelled else {
                    continuation.resume(returning: .failure(.cancelled))
                    return
                }
                waiters[id] = Waiter(continuation: continuation)
                perform(
                    machine.addRequest(
                        id, timeout: timeout, desiredAccuracy: desiredAccuracy, now: clock.now,
                        authorization: authorizer.authorization))
            }
        } onCancel: {
            Task { await self.requestCancelled(id) }
        }
        return try result.get()
    }

    func requestCancelled(_ id: UInt64) {
        perform(machine.requestCancelled(id, authorization: authorizer.authorization))
    }

    func requestTimedOut(_ id: UInt64) {
        perform(machine.requestTimedOut(id, authorization: authorizer.authorization))
    }

    /// Starts the timer that ends a request at its deadline.
    func startTimer(_ timer: LocationServiceStateMachine.Actions.TimerStart) {
        let clock = self.clock
        let id = timer.request
        waiters[id]?.timer = Task { [weak self] in
            do {
                try await clock.sleep(until: timer.deadline, tolerance: nil)
            } catch {
                return
            }
            await self?.requestTimedOut(id)
        }
    }
}
