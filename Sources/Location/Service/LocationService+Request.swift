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
        if let error = LocationError(status: authorizer.authorization.status) { throw error }
        if let cached = latestFix, state != .fixLost,
            cached.arrivalTime.duration(to: clock.now) <= maximumAge,
            Self.meets(cached, desiredAccuracy)
        {
            return cached
        }
        let id = makeID()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<LocationFix, LocationError>, Never>) in
                guard !Task.isCancelled else {
                    continuation.resume(returning: .failure(.cancelled))
                    return
                }
                startRequest(
                    id, continuation: continuation, timeout: max(timeout, .zero), desiredAccuracy: desiredAccuracy)
            }
        } onCancel: {
            Task { await self.finishRequest(id, with: .failure(.cancelled)) }
        }
        return try result.get()
    }

    static func meets(_ fix: LocationFix, _ desiredAccuracy: Double?) -> Bool {
        guard let desiredAccuracy else { return true }
        guard let accuracy = fix.horizontalAccuracy else { return false }
        return accuracy <= desiredAccuracy
    }

    private func startRequest(
        _ id: UInt64, continuation: CheckedContinuation<Result<LocationFix, LocationError>, Never>,
        timeout: Duration, desiredAccuracy: Double?
    ) {
        let deadline = clock.now.advanced(by: timeout)
        let clock = self.clock
        let timer = Task { [weak self] in
            do {
                try await clock.sleep(until: deadline, tolerance: nil)
            } catch {
                return
            }
            await self?.requestTimedOut(id)
        }
        requests[id] = PendingRequest(
            continuation: continuation, desiredAccuracy: desiredAccuracy, timeout: timeout, deadline: deadline,
            lastSeen: state, timer: timer)
        updateDemand()
    }

    /// Offers a new fix to the waiting requests.
    func offer(_ fix: LocationFix) {
        for (id, request) in requests {
            if Self.meets(fix, request.desiredAccuracy) {
                finishRequest(id, with: .success(fix))
                continue
            }
            var updated = request
            if let best = request.best, (best.horizontalAccuracy ?? .infinity) <= (fix.horizontalAccuracy ?? .infinity)
            {
                updated.best = best
            } else {
                updated.best = fix
            }
            updated.lastSeen = .fix(fix)
            requests[id] = updated
        }
    }

    /// Records the current state in every waiting request (for the no-fix message).
    func noteRequests(_ state: LocationUpdate?) {
        guard let state else { return }
        for id in Array(requests.keys) { requests[id]?.lastSeen = state }
    }

    func requestTimedOut(_ id: UInt64) {
        guard let request = requests[id] else { return }
        if let best = request.best {
            finishRequest(id, with: .success(best))
        } else {
            finishRequest(id, with: .failure(.noFix(waited: request.timeout, lastSeen: request.lastSeen)))
        }
    }

    /// Resumes the request `id` (once) and stops the provider if nobody else listens.
    func finishRequest(_ id: UInt64, with result: Result<LocationFix, LocationError>) {
        guard let request = requests.removeValue(forKey: id) else { return }
        request.timer?.cancel()
        request.continuation.resume(returning: result)
        updateDemand()
    }
}
