import Foundation
import Location
import OutsideInput

/// Turns a decoded ``ScenarioDocument`` into a ``Scenario``: reads its tracks, lays the
/// timeline out on absolute times, and checks what only the whole file can tell.
struct ScenarioCompiler {
    /// Reads a file that a scenario refers to (a track), by the name written in the file.
    var readFile: (_ name: String) throws -> Data
    /// The scenario file's name, for errors.
    var file: String
    /// The name of the scenario.
    var name: String

    func compile(_ document: ScenarioDocument) throws(ScenarioError) -> Scenario {
        var timeline: [ScenarioTimedEvent] = []
        var cursor = Duration.zero
        var authorizations = [document.authorization.status]
        for entry in document.timeline {
            if let at = entry.at {
                guard at.duration >= cursor else {
                    throw ScenarioError(
                        file: file, at: entry.position,
                        message:
                            "at: \(at) is before the previous event (at \(ScenarioDuration(cursor))); events must be in time order"
                    )
                }
                cursor = at.duration
            }
            let origin = entry.position.map { "\(file):\($0.line)" }
            switch entry.item {
            case .wait(let duration): cursor += duration.duration
            case .fix(let fix): timeline.append(ScenarioTimedEvent(time: cursor, event: .fix(fix), origin: origin))
            case .noFix: timeline.append(ScenarioTimedEvent(time: cursor, event: .noFix, origin: origin))
            case .receiverLost: timeline.append(ScenarioTimedEvent(time: cursor, event: .receiverLost, origin: origin))
            case .receiverBack: timeline.append(ScenarioTimedEvent(time: cursor, event: .receiverBack, origin: origin))
            case .authorization(let authorization):
                authorizations.append(authorization.status)
                timeline.append(
                    ScenarioTimedEvent(time: cursor, event: .authorizationChanged(authorization), origin: origin))
            case .track(let track):
                cursor = try append(track, at: cursor, to: &timeline)
            }
            guard cursor <= ScenarioLimits.maximumDuration else {
                throw ScenarioError(
                    file: file, at: entry.position,
                    message:
                        "the timeline reaches \(ScenarioDuration.secondsText(cursor.milliseconds))s, beyond the limit of \(ScenarioLimits.maximumDurationText)"
                )
            }
            guard timeline.count <= ScenarioLimits.maximumEvents else {
                throw ScenarioError(
                    file: file, at: entry.position,
                    message:
                        "the timeline has more than \(ScenarioLimits.maximumEvents) events; the limit is \(ScenarioLimits.maximumEvents)"
                )
            }
        }
        if authorizations.contains(.notDetermined), document.prompt == nil {
            throw ScenarioError(
                file: file, at: document.positions[.authorization],
                message:
                    "authorization can be notDetermined, so say how the person answers the prompt: prompt: grant, grantApproximate, grantAlways or deny"
            )
        }
        return Scenario(
            name: name, file: file, title: document.title, summary: document.description,
            authorization: document.authorization, prompt: document.prompt,
            start: document.start ?? Scenario.defaultStart,
            timeline: timeline, consumer: document.consumer ?? Scenario.defaultConsumer, expectations: document.expect)
    }

    /// Appends a track's points starting at `start`; returns the time of its last point.
    private func append(
        _ track: TrackReference, at start: Duration, to timeline: inout [ScenarioTimedEvent]
    ) throws(ScenarioError) -> Duration {
        guard let format = track.format ?? TrackFormat(fileName: track.file) else {
            throw ScenarioError(
                file: file, at: track.position,
                message:
                    "cannot tell the format of \(InputQuote.quoted(track.file)): name it .gpx or .nmea, or add format: gpx|nmea"
            )
        }
        let data: Data
        do {
            data = try readFile(track.file)
        } catch let error as ScenarioError {
            throw ScenarioError(file: file, at: track.position, message: error.message)
        } catch {
            throw ScenarioError(
                file: file, at: track.position, message: "cannot read track \(InputQuote.quoted(track.file)): \(error)")
        }
        guard data.count <= ScenarioLimits.maximumFileBytes else {
            throw ScenarioError(
                file: file, at: track.position,
                message:
                    "track \(InputQuote.quoted(track.file)) is \(data.count) bytes; the limit is \(ScenarioLimits.maximumFileBytes)"
            )
        }
        let points: [TrackPoint]
        do {
            switch format {
            case .gpx: points = try GPXTrackReader.read(data)
            case .nmea: points = try NMEATrackReader.read(String(decoding: data, as: UTF8.self))
            }
        } catch {
            throw error.inFile(track.file)
        }
        guard let first = points.first else {
            throw ScenarioError(
                file: file, at: track.position, message: "track \(InputQuote.quoted(track.file)) has no points")
        }
        guard timeline.count + points.count <= ScenarioLimits.maximumEvents else {
            throw ScenarioError(
                file: file, at: track.position,
                message:
                    "track \(InputQuote.quoted(track.file)) has \(points.count) points; a timeline is limited to \(ScenarioLimits.maximumEvents) events"
            )
        }
        let interval = track.interval?.duration ?? .seconds(1)
        let timed = first.time != nil && points.allSatisfy { $0.time != nil }
        var time = start
        var previousTime = first.time
        for (index, point) in points.enumerated() {
            if timed, let pointTime = point.time, let previous = previousTime {
                let step = pointTime.timeIntervalSince(previous)
                guard step >= 0 else {
                    throw ScenarioError(
                        file: track.file, line: point.line,
                        message: "this point's time is before the previous point's; track points must be in time order")
                }
                time += .milliseconds(Int64(roundingSaturating: step * 1000) ?? 0)
                previousTime = pointTime
            } else if index > 0 {
                time += interval
            }
            guard time <= ScenarioLimits.maximumDuration else {
                throw ScenarioError(
                    file: track.file, line: point.line,
                    message: "the track reaches beyond the limit of \(ScenarioLimits.maximumDurationText) of timeline")
            }
            let origin = "\(track.file):\(point.line)"
            if var fix = point.fix {
                if fix.horizontalAccuracy == nil || track.accuracy != nil {
                    fix.horizontalAccuracy = track.accuracy ?? fix.horizontalAccuracy
                }
                timeline.append(ScenarioTimedEvent(time: time, event: .fix(fix), origin: origin))
            } else {
                timeline.append(ScenarioTimedEvent(time: time, event: .noFix, origin: origin))
            }
        }
        return time
    }
}

extension Duration {
    /// Whole milliseconds.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
