import ArgumentParser
import Foundation
import Location
import Scenarios

extension PetSpot {
    /// `petspot record --gpsd HOST:PORT --duration S OUT.yaml`.
    struct Record: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Capture a live gpsd session as a scenario that replays without hardware.",
            discussion: """
                Watches gpsd for --duration seconds and writes what it reported (fixes, no \
                fix, gpsd lost and back) as a scenario file with the times it happened. \
                `petspot scenario run OUT.yaml` then replays it on a virtual clock. Uses the \
                location permission like `watch` does. Values a scenario file cannot hold are \
                brought within its bounds (Docs/Scenarios.md). Ctrl-C, SIGTERM or SIGHUP \
                end the recording early and save what was recorded so far. Standard error \
                says when the first fix came, and at the end what was written.

                Exit status: 0 written, 2 permission denied or restricted, 64 usage error, \
                73 OUT cannot be written.
                """
        )

        @OptionGroup var gpsd: GPSDOptions

        @Option(help: ArgumentHelp("How long to record.", valueName: "seconds"), transform: PlainNumber.option)
        var duration: Double

        @Option(help: "The scenario's title (default: where it was recorded).")
        var title: String?

        @Argument(
            help: ArgumentHelp("The scenario file to write (.yaml; - for standard output).", valueName: "out.yaml"))
        var output: String

        func validate() throws {
            guard duration.isFinite, duration > 0, duration <= ScenarioLimits.maximumDurationSeconds else {
                throw ValidationError("--duration must be a number of seconds above 0 (at most 86400).")
            }
        }

        func run() async throws {
            let endpoint = try gpsd.endpoint()
            do {
                try OutputFile.check(output)  // before the recording, not after it is lost
            } catch {
                printError(error.description)
                throw ExitCode(73)
            }
            let service = makeLocationService(endpoint: endpoint)
            try await requireAuthorization(service, json: false)
            let length = Duration.milliseconds(Int64((duration * 1000).rounded()))
            let recording = await SessionRecording.captureUntilSignalled(service, for: length) { after in
                printError(
                    "recording: first fix after \(after.secondsText) s; recording for \(length.secondsText) s "
                        + "(Ctrl-C ends it early and saves what was recorded)")
            }
            let yaml = ScenarioWriter.yaml(
                title: title ?? "Recorded from gpsd \(endpoint)",
                comment:
                    "Recorded by `petspot record` from gpsd \(endpoint) on \(LocationJSON.isoTime(recording.started)).",
                timeline: recording.timeline, start: recording.replayableStart,
                watchFor: max(length, (recording.timeline.last?.time ?? .zero) + .seconds(1)))
            do {
                try OutputFile.write(yaml, to: output)
            } catch {
                printError(error.description)
                throw ExitCode(73)
            }
            let fixes = recording.timeline.filter { if case .fix = $0.event { true } else { false } }.count
            printError("recorded \(recording.timeline.count) events (\(fixes) fixes) in \(output)")
        }
    }
}

/// A gpsd session as scenario events, timed from the start of the recording.
struct SessionRecording {
    var started: Date
    var receiverStart: Date?
    var timeline: [ScenarioTimedEvent]

    /// The receiver's time at 0 s when it is one a scenario's `start:` can hold (years 1970
    /// to 9999), else the wall-clock start.
    var replayableStart: Date {
        guard let receiverStart, (0...253_402_300_799).contains(receiverStart.timeIntervalSince1970) else {
            return started
        }
        return receiverStart
    }

    /// Listens to `service` for `length` of wall-clock time; calls `firstFix` with the time
    /// of the first fix from the start, when it comes.
    static func capture(
        _ service: LocationService, for length: Duration, firstFix: @escaping @Sendable (Duration) -> Void = { _ in }
    ) async -> SessionRecording {
        let started = Date()
        let clock = ContinuousClock()
        let origin = clock.now
        let captured = await withTaskGroup(of: SessionRecording?.self) { group in
            group.addTask {
                var recording = SessionRecording(started: started, receiverStart: nil, timeline: [])
                var lost = false
                var sawFix = false
                for await update in service.updates {
                    let time = Duration.milliseconds(origin.duration(to: clock.now).wholeMilliseconds)
                    func append(_ event: ScenarioEvent) {
                        recording.timeline.append(ScenarioTimedEvent(time: time, event: event))
                    }
                    switch update {
                    case .fix(let fix):
                        if lost { append(.receiverBack) }
                        lost = false
                        append(.fix(ScenarioFix(recording: fix)))
                        if !sawFix { firstFix(time) }  // once it is in the recording
                        sawFix = true
                        // The receiver's time at 0 s: the first fix's time, less when it came.
                        if recording.receiverStart == nil, let receiverTime = fix.receiverTime {
                            recording.receiverStart = receiverTime.addingTimeInterval(
                                -Double(time.wholeMilliseconds) / 1000)
                        }
                    case .waitingForFix, .fixLost:
                        if lost { append(.receiverBack) }
                        lost = false
                        append(.noFix)
                    case .providerUnavailable:
                        if !lost { append(.receiverLost) }
                        lost = true
                    case .authorizationDenied:
                        break
                    }
                }
                return recording
            }
            group.addTask {
                try? await Task.sleep(for: length)
                return nil
            }
            var result = await group.next() ?? nil
            group.cancelAll()
            for await recording in group where recording != nil { result = recording }
            return result
        }
        return captured ?? SessionRecording(started: started, receiverStart: nil, timeline: [])
    }
}

extension SessionRecording {
    /// ``capture(_:for:firstFix:)``, ended early by SIGINT, SIGTERM or SIGHUP with what was
    /// recorded so far: a recording is never lost to a terminal closing or a `kill`.
    static func captureUntilSignalled(
        _ service: LocationService, for length: Duration, firstFix: @escaping @Sendable (Duration) -> Void = { _ in }
    ) async -> SessionRecording {
        let recording = await SignalTrap.run(cancellingOn: [SIGINT, SIGTERM, SIGHUP]) {
            await SessionRecording.capture(service, for: length, firstFix: firstFix)
        }
        return recording ?? SessionRecording(started: Date(), receiverStart: nil, timeline: [])
    }
}

extension Duration {
    /// Whole milliseconds.
    var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
