import Locking

/// One alerts client's signals from the ``ReportEventFeed`` and the server's
/// ``EventStreamHeartbeat``, as an `AsyncSequence` its one loop iterates: ``Ring/change``
/// ("look again": the store changed) and ``Ring/heartbeat``. Each is one flag, so rings and
/// beats while the client is busy writing coalesce: a slow client costs two flags, never a
/// queue. A change is handed out before a heartbeat.
///
/// The sequence ends when the client's ``end()`` is called (it went away, the server shuts
/// down, the bell stopped) or its iterating task is cancelled. One task iterates it.
///
/// ```swift
/// let rings = ReportRings()
/// for await ring in rings {        // elsewhere: rings.ring(), rings.beat(), rings.end()
///     switch ring { case .change: readTheLog(); case .heartbeat: sendHeartbeat() }
/// }
/// ```
final class ReportRings: AsyncSequence, Sendable {
    typealias Failure = Never
    typealias Element = Ring

    /// What the client's loop does next.
    enum Ring: Sendable, Equatable {
        /// The store changed: read its event log again.
        case change
        /// Time for a `: heartbeat` comment.
        case heartbeat
    }

    private struct State {
        var changed = false
        var beat = false
        var ended = false
        var waiter: CheckedContinuation<Ring?, Never>?

        /// The next ring, `.some(nil)` at the end (before any ring), `nil` when there is none
        /// yet.
        mutating func take() -> Ring?? {
            if ended { return .some(nil) }
            if changed {
                changed = false
                return .change
            }
            if beat {
                beat = false
                return .heartbeat
            }
            return nil
        }
    }

    private let state = Locked(State())

    /// Says "look again".
    func ring() { signal { $0.changed = true } }

    /// Asks for a heartbeat.
    func beat() { signal { $0.beat = true } }

    /// Ends the sequence: its iteration returns `nil` at once (the rings not yet taken are
    /// dropped; the log keeps what changed).
    func end() {
        let waiter = state.withLock { state in
            state.ended = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }

    /// Whether ``end()`` was called.
    var isEnded: Bool { state.withLock { $0.ended } }

    private func signal(_ set: (inout State) -> Void) {
        let handOff = state.withLock { state -> (CheckedContinuation<Ring?, Never>, Ring)? in
            guard !state.ended else { return nil }
            set(&state)
            guard let waiter = state.waiter, let ring = state.take() ?? nil else { return nil }
            state.waiter = nil
            return (waiter, ring)
        }
        if let (waiter, ring) = handOff { waiter.resume(returning: ring) }
    }

    /// The next ring, waiting for one, or `nil` once ended.
    fileprivate func next() async -> Ring? {
        await withTaskCancellationHandler {
            if let ready = state.withLock({ $0.take() }) { return ready }
            return await withCheckedContinuation { continuation in
                let immediate = state.withLock { state -> Ring?? in
                    if let ready = state.take() { return ready }
                    state.waiter = continuation
                    return nil
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            end()
        }
    }

    /// Iterates the rings (one task only).
    struct AsyncIterator: AsyncIteratorProtocol {
        let rings: ReportRings

        mutating func next() async -> Ring? {
            await rings.next()
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(rings: self)
    }
}
