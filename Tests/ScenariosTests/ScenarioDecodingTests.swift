import Foundation
import Geodata
import Location
import Scenarios
import Testing

@Suite("Scenario files: decoding")
struct ScenarioDecodingTests {
    static let minimal = """
        title: Minimal
        authorization: authorizedWhenInUse
        timeline:
          - fix: {coordinate: "52.2297, 21.0122", accuracy: 5}
          - wait: 2s
          - noFix
          - at: 10s
            fix: {latitude: -33.8688, longitude: 151.2093, altitude: 20}
          - receiverLost
          - wait: 1s
          - receiverBack
          - authorization: {status: authorizedWhenInUse, accuracy: reduced}
        """

    @Test func decodesTheTimelineOnAbsoluteTimes() throws {
        let scenario = try decodeScenario(Self.minimal)
        #expect(scenario.title == "Minimal")
        #expect(scenario.authorization == LocationAuthorization(.authorizedWhenInUse))
        #expect(
            scenario.timeline.map(\.time) == [
                .zero, .seconds(2), .seconds(10), .seconds(10), .seconds(11), .seconds(11),
            ])
        #expect(
            scenario.timeline.map(\.event.description) == [
                "fix 52.22970, 21.01220 ±5 m", "no fix", "fix -33.86880, 151.20930", "receiver lost", "receiver back",
                "authorization → authorizedWhenInUse (reduced)",
            ])
        #expect(scenario.consumer == Scenario.defaultConsumer)
        #expect(scenario.start == Scenario.defaultStart)
        #expect(scenario.timeline[0].origin == "test.yaml:4")
    }

    @Test func jsonDecodesToTheSameScenarioAsYAML() throws {
        let json = """
            {"title": "Minimal", "authorization": "authorizedWhenInUse",
             "timeline": [{"fix": {"coordinate": "52.2297, 21.0122", "accuracy": 5}}, {"wait": "2s"}, "noFix",
               {"at": 10, "fix": {"latitude": -33.8688, "longitude": 151.2093, "altitude": 20}},
               "receiverLost", {"wait": 1}, "receiverBack",
               {"authorization": {"status": "authorizedWhenInUse", "accuracy": "reduced"}}]}
            """
        var fromJSON = try decodeScenario(json, file: "test.json")
        let fromYAML = try decodeScenario(Self.minimal)
        fromJSON.file = fromYAML.file
        #expect(fromJSON.timeline.map(\.event) == fromYAML.timeline.map(\.event))
        #expect(fromJSON.timeline.map(\.time) == fromYAML.timeline.map(\.time))
    }

    @Test func decodesPromptConsumerAndExpectations() throws {
        let scenario = try decodeScenario(
            """
            title: Everything
            authorization: notDetermined
            prompt: {answer: grantApproximate, after: 1.5s}
            start: 2026-05-01T08:00:00Z
            consumer:
              - requestAuthorization
              - requestLocation: {timeout: 20s, accuracy: 10, maximumAge: 5s}
              - watch: {count: 3, for: 1m}
              - wait: 2s
              - requestLocation
            expect:
              - authorization: authorizedWhenInUse
              - request: fix
              - request: {number: 1, ends: noFix}
              - latitude: "52.22970"
              - longitude: "21.01220"
              - fixes: 4
              - prompted: true
              - simulated: true
              - step: {name: animalDescription, shows: permissionAlert}
            """)
        #expect(scenario.prompt == ScenarioPrompt(.grantApproximate, after: ScenarioDuration(.milliseconds(1500))))
        #expect(scenario.start == Date(timeIntervalSince1970: 1_777_622_400))
        #expect(
            scenario.consumer.map(\.description) == [
                "requestAuthorization", "requestLocation(timeout: 20s, accuracy: 10 m, maximumAge: 5s)",
                "watch(count: 3, for: 60s)", "wait 2s", "requestLocation(timeout: 30s)",
            ])
        #expect(
            scenario.expectations.map(\.description) == [
                "authorization is authorizedWhenInUse", "the last request ends with fix",
                "request #1 ends with noFix", "latitude is 52.22970", "longitude is 21.01220",
                "the app receives 4 fixes", "the permission prompt is shown", "every fix is simulated",
                "step: name: animalDescription, shows: permissionAlert",
            ])
        #expect(scenario.expectations[0].position?.line == 12)
        #expect(scenario.expectations[0].position?.column == 5)
        guard case .step(let step) = scenario.expectations.last?.kind else {
            Issue.record("expected a step expectation")
            return
        }
        #expect(step["shows"] == "permissionAlert")
        #expect(step.fields.map(\.key) == ["name", "shows"])
    }

    @Test func shortAndLongFormsOfAuthorizationAndPromptAgree() throws {
        let short = try decodeScenario("title: t\nauthorization: notDetermined\nprompt: deny\n")
        let long = try decodeScenario(
            "title: t\nauthorization: {status: notDetermined}\nprompt: {answer: deny}\n")
        #expect(short.authorization == long.authorization)
        #expect(short.prompt == long.prompt)
        #expect(short.prompt?.answer.authorization == LocationAuthorization(.denied))
    }

    @Test func eventsAtTheSameTimeKeepFileOrder() throws {
        let scenario = try decodeScenario(
            """
            title: t
            authorization: denied
            timeline:
              - fix: {coordinate: "1, 2"}
              - authorization: authorizedAlways
              - fix: {coordinate: "3, 4"}
            """)
        #expect(scenario.timeline.map(\.time) == [.zero, .zero, .zero])
        #expect(
            scenario.timeline.map(\.event.description) == [
                "fix 1.00000, 2.00000", "authorization → authorizedAlways", "fix 3.00000, 4.00000",
            ])
    }
}
