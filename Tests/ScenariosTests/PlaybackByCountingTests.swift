import Foundation
import Scenarios
import Testing

/// Playback settles by counting the work it hands out, so a long track plays in order — every
/// update the app receives is written at its fix's instant, before time moves on — however
/// loaded the machine is. (Settling by real-time quiet got this wrong on a loaded machine:
/// 126 of 100,000 update lines landed half a second late.)
@Suite("Scenario playback: settling by counting")
struct PlaybackByCountingTests {
    /// A scenario whose app watches a `count`-point GPX track, one point per 500 ms.
    static func track(points count: Int) throws -> Scenario {
        var gpx = "<gpx>\n"
        for index in 0..<count { gpx += "<trkpt lat=\"\(52 + Double(index % 1000) / 10_000)\" lon=\"21.0122\"/>\n" }
        gpx += "</gpx>\n"
        return try decodeScenario(
            """
            title: a long walk
            authorization: authorizedWhenInUse
            timeline:
              - noFix
              - track: {file: walk.gpx, interval: 500ms, accuracy: 5}
              - receiverLost
              - wait: 1s
              - receiverBack
            consumer:
              - watch: {for: \(count)s}
              - requestLocation: {timeout: 5s}
            expect:
              - fixes: \(count)
              - request: timedOut
            """, tracks: ["walk.gpx": gpx])
    }

    @Test func everyUpdateIsWrittenAtItsFixsInstant() async throws {
        let run = await ScenarioRunner(scenario: try Self.track(points: 2000)).run()
        #expect(run.passed, "\(run.summaryText)")
        #expect(run.consumerFinished)
        var pending: (Duration, String)?
        var updates = 0
        for entry in run.transcript {
            if entry.actor == .receiver, entry.event.hasPrefix("fix ") {
                #expect(pending == nil, "the update for \(pending.map(\.1) ?? "") was not written before the next fix")
                pending = (entry.time, String(entry.event.dropFirst(4).prefix { $0 != "±" }))
            } else if entry.actor == .app, entry.event.hasPrefix("← update: fix "), let (time, coordinate) = pending {
                #expect(entry.time == time && entry.event.dropFirst(14).hasPrefix(coordinate))
                pending = nil
                updates += 1
            }
        }
        #expect(updates == 2000)
    }

    @Test func aLongTrackGivesTheSameTranscriptEveryTime() async throws {
        let scenario = try Self.track(points: 1000)
        let first = await ScenarioRunner(scenario: scenario).run()
        let second = await ScenarioRunner(scenario: scenario).run()
        #expect(first.text == second.text)
        #expect(first.text.contains("receiver  lost"))
        #expect(first.text.contains("app       ← timedOut: "))
    }
}
