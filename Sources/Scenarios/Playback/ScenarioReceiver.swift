public import Location
import Locking

/// The simulated receiver of a scenario: what it reports now, and the provider runs
/// listening to it.
///
/// The ``ScenarioRunner`` plays the timeline into it (`fix`, `noFix`, `receiverLost`,
/// `receiverBack`) at each event's time on the virtual clock; every running
/// ``ScenarioProvider`` gets those reports as ``ProviderEvent``s, like a gpsd connection gets
/// a receiver's. A provider that starts late first gets the receiver's current condition
/// (connected and no fix, or disconnected), as gpsd tells a new client, never old fixes.
public final class ScenarioReceiver: Sendable {
    private struct State {
        var lost = false
        var hasReportedNoFix = false
        var listeners: [UInt64: @Sendable (ProviderEvent) -> Void] = [:]
        var nextID: UInt64 = 0
        var delivered = 0
    }

    private let state = Locked(State())
    /// The source fixes are marked with: `scenario NAME`.
    public let source: FixSource
    /// Told after a delivery, and when a provider run attaches or leaves.
    private let changed: (@Sendable () -> Void)?

    /// A receiver for the scenario named `name`.
    public convenience init(name: String) {
        self.init(name: name, changed: nil)
    }

    /// A receiver that calls `changed` after it delivers an event and when a provider run
    /// attaches or leaves (a scenario's ``ScenarioActivity``).
    init(name: String, changed: (@Sendable () -> Void)?) {
        source = FixSource(kind: "scenario", name: name)
        self.changed = changed
    }

    /// How many provider runs are listening.
    public var listenerCount: Int { state.withLock { $0.listeners.count } }

    /// How many events have been handed to listening providers in all.
    public var deliveredCount: Int { state.withLock { $0.delivered } }

    /// Registers a provider run; it gets the receiver's current condition at once.
    func attach(_ send: @escaping @Sendable (ProviderEvent) -> Void) -> UInt64 {
        defer { changed?() }
        return state.withLock { state in
            state.nextID += 1
            state.listeners[state.nextID] = send
            if state.lost {
                send(.disconnected(endpoint: source.description, reason: "receiver lost"))
                state.delivered += 1
            } else {
                send(.connected)
                state.delivered += 1
                if state.hasReportedNoFix {
                    send(.noFix)
                    state.delivered += 1
                }
            }
            return state.nextID
        }
    }

    /// Removes a provider run.
    func detach(_ id: UInt64) {
        _ = state.withLock { $0.listeners.removeValue(forKey: id) }
        changed?()
    }

    /// Plays one receiver event, delivering it to every listening provider.
    ///
    /// - Returns: `true` when at least one provider got it.
    @discardableResult
    public func play(_ event: ProviderEvent) -> Bool {
        defer { changed?() }
        return state.withLock { state in
            switch event {
            case .disconnected:
                state.lost = true
            case .connected:
                state.lost = false
                state.hasReportedNoFix = false
            case .noFix:
                if state.lost { return false }
                state.hasReportedNoFix = true
            case .fix:
                if state.lost { return false }
                state.hasReportedNoFix = false
            }
            for send in state.listeners.values { send(event) }
            state.delivered += state.listeners.count
            return !state.listeners.isEmpty
        }
    }
}
