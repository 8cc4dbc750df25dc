import Foundation
import Location
import Locking

/// Everything a scenario plays on, built for one run: the virtual clock, the receiver and its
/// provider, the scripted authorizer, the real service, the app's side and the transcript.
struct ScenarioStage: Sendable {
    /// Rung by every part below whose progress the ``Settler`` counts.
    let activity: ScenarioActivity
    let clock: VirtualClock
    let receiver: ScenarioReceiver
    let recorder: TranscriptRecorder
    let authorizer: ScenarioAuthorizer
    let service: LocationService
    let consumer: ScenarioConsumer
    /// The service, as the transcript recorder reads it: the service holds the authorizer,
    /// whose events go to the recorder, which reads the service — a cycle that ``close()``
    /// breaks at the end of the run.
    private let serviceBox: Locked<LocationService?>

    /// The stage for `scenario`; `onEntry` sees each transcript entry as it is written.
    init(scenario: Scenario, onEntry: (@Sendable (TranscriptEntry) -> Void)?) {
        let activity = ScenarioActivity()
        let changed: @Sendable () -> Void = { activity.ring() }
        // One yield per step: the runner settles after every step itself (see `Settler`).
        let clock = VirtualClock(yieldsPerStep: 1, sleepersChanged: changed)
        let receiver = ScenarioReceiver(name: scenario.name, changed: changed)
        let serviceBox = Locked<LocationService?>(nil)
        let recorder = TranscriptRecorder(
            now: { clock.now.offset },
            authorization: {
                guard let service = serviceBox.withLock({ $0 }) else { return "" }
                return LocationAuthorization(service.authorizationStatus, accuracy: service.accuracyAuthorization)
                    .description
            },
            providerRunning: {
                guard let service = serviceBox.withLock({ $0 }) else { return false }
                return await service.isProviderRunning
            },
            onEntry: onEntry, changed: changed)
        let authorizer = ScenarioAuthorizer(
            initial: scenario.authorization, prompt: scenario.prompt, clock: clock,
            onEvent: { event in
                switch event {
                case .promptShown:
                    await recorder.record(.prompt, "shown: Allow “PetSpot” to use your location?")
                case .answered(let answer, let authorization):
                    await recorder.record(.person, "\(answer) → \(authorization)")
                }
            })
        let service = LocationService(
            provider: ScenarioProvider(receiver: receiver), authorizer: authorizer, clock: clock,
            afterEachAction: changed)
        serviceBox.withLock { $0 = service }
        self.activity = activity
        self.clock = clock
        self.receiver = receiver
        self.recorder = recorder
        self.authorizer = authorizer
        self.service = service
        self.consumer = ScenarioConsumer(service: service, clock: clock, recorder: recorder, changed: changed)
        self.serviceBox = serviceBox
    }

    /// Ends the run: the recorder lets go of the service, so that everything is freed.
    func close() {
        serviceBox.withLock { $0 = nil }
    }

    /// A settler watching this stage; `countsTheApp` when the file's consumer is the app.
    func settler(countsTheApp: Bool) -> Settler {
        Settler(stage: self, countsTheApp: countsTheApp)
    }

    /// Plays one timeline event into the receiver or the authorizer, and records it.
    ///
    /// - Parameter start: the receiver time at 0 s.
    /// - Returns: the receiver time of the fix it delivered to a listening provider, if any.
    func play(_ timed: ScenarioTimedEvent, start: Date) async -> Date? {
        let receiverTime = start.addingTimeInterval(Double(timed.time.milliseconds) / 1000)
        let listening = receiver.listenerCount > 0 ? "" : " (nobody listening)"
        switch timed.event {
        case .fix(let fix):
            let located = fix.locationFix(source: receiver.source, receiverTime: receiverTime)
            var delivered = false
            await recorder.record(.receiver, timed.event.description + listening, fix: located) {
                delivered = receiver.play(.fix(located))
            }
            return delivered ? receiverTime : nil
        case .noFix:
            await recorder.record(.receiver, "no fix" + listening) { receiver.play(.noFix) }
        case .receiverLost:
            await recorder.record(.receiver, "lost") {
                receiver.play(.disconnected(endpoint: receiver.source.description, reason: "receiver lost"))
            }
        case .receiverBack:
            await recorder.record(.receiver, "back") { receiver.play(.connected) }
        case .authorizationChanged(let authorization):
            await recorder.record(.person, "changes it in settings → \(authorization)") {
                authorizer.set(authorization)
            }
        }
        return nil
    }
}
