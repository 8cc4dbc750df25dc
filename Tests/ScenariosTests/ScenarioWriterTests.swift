import Foundation
import Geodata
import Scenarios
import Testing

@Suite("Scenario writer (petspot record's files)")
struct ScenarioWriterTests {
    @Test func writtenFilesDecodeToTheSameTimeline() throws {
        let timeline = [
            ScenarioTimedEvent(time: .zero, event: .noFix),
            ScenarioTimedEvent(
                time: .milliseconds(1250),
                event: .fix(
                    ScenarioFix(
                        coordinate: try Coordinate(latitude: -33.8688, longitude: 151.2093), horizontalAccuracy: 4.2,
                        verticalAccuracy: 6, altitude: 20.5, speed: 1.25, course: 270, satellites: 8))),
            ScenarioTimedEvent(time: .seconds(2), event: .receiverLost),
            ScenarioTimedEvent(time: .seconds(3), event: .receiverBack),
            ScenarioTimedEvent(
                time: .seconds(4), event: .fix(ScenarioFix(coordinate: try Coordinate(latitude: 90, longitude: -180)))),
        ]
        let start = Date(timeIntervalSince1970: 1_700_000_000.5)
        let yaml = ScenarioWriter.yaml(
            title: "Recorded \"here\"", comment: "Recorded by a test", timeline: timeline, start: start,
            watchFor: .seconds(5))
        let scenario = try decodeScenario(yaml)
        #expect(scenario.title == "Recorded \"here\"")
        #expect(scenario.timeline.map(\.event) == timeline.map(\.event))
        #expect(scenario.timeline.map(\.time) == timeline.map(\.time))
        #expect(scenario.start == start)
        #expect(scenario.consumer == [.watch(count: nil, duration: ScenarioDuration(.seconds(5)))])
        #expect(scenario.expectations.map(\.description) == ["the app receives 2 fixes"])
    }

    @Test func anEmptyRecordingIsStillAScenario() throws {
        let yaml = ScenarioWriter.yaml(
            title: "Nothing", timeline: [], start: Scenario.defaultStart, watchFor: .seconds(1))
        let scenario = try decodeScenario(yaml)
        #expect(scenario.timeline.isEmpty)
        #expect(scenario.expectations.map(\.description) == ["the app receives 0 fixes"])
    }
}
