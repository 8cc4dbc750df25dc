public import Foundation
public import Location
import Locking

/// The ``LocationProvider`` that feeds a ``LocationService`` from a scenario, the same way
/// ``GPSDProvider`` feeds it from gpsd.
///
/// While the service runs it, the provider listens to the scenario's ``ScenarioReceiver``:
/// it reports ``ProviderEvent/connected`` (or ``ProviderEvent/disconnected(endpoint:reason:)``
/// while the receiver is lost) at once, then every fix, no-fix and lost/back report the
/// ``ScenarioRunner`` plays, until the service cancels it. Its fixes are marked simulated
/// (``LocationFix/isSimulated``), like CoreLocation's `isSimulatedBySoftware`.
///
/// ```swift
/// let receiver = ScenarioReceiver(name: "default")
/// let service = LocationService(
///     provider: ScenarioProvider(receiver: receiver), authorizer: authorizer, clock: VirtualClock())
/// ```
public struct ScenarioProvider: LocationProvider {
    /// The receiver this provider listens to.
    public let receiver: ScenarioReceiver

    /// A provider listening to `receiver`.
    public init(receiver: ScenarioReceiver) {
        self.receiver = receiver
    }

    /// `scenario NAME`.
    public var source: FixSource { receiver.source }

    /// Listens to the receiver until the calling task is cancelled.
    public func run(clock: LocationClock, send: @escaping @Sendable (ProviderEvent) -> Void) async {
        let id = receiver.attach(send)
        await CancellationGate().wait()
        receiver.detach(id)
    }
}

/// Suspends a task until it is cancelled, without a timer (so that a virtual clock has no
/// sleeper to advance to).
final class CancellationGate: Sendable {
    private struct State {
        var cancelled = false
        var continuation: CheckedContinuation<Void, Never>?
    }

    private let state = Locked(State())

    /// Returns when the calling task is cancelled (at once if it already is).
    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.cancelled || Task.isCancelled { return true }
                    state.continuation = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
                state.cancelled = true
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume()
        }
    }
}

extension ScenarioFix {
    /// This fix as the provider reports it: simulated, from `source`, with the receiver
    /// time `receiverTime`.
    public func locationFix(source: FixSource, receiverTime: Date) -> LocationFix {
        LocationFix(
            coordinate: coordinate, mode: altitude == nil ? .twoDimensional : .threeDimensional, altitude: altitude,
            horizontalAccuracy: horizontalAccuracy, verticalAccuracy: verticalAccuracy, speed: speed, course: course,
            satellitesUsed: satellites, receiverTime: receiverTime, source: source, isSimulated: true)
    }
}
