import Foundation
import Location
import OutsideInput

/// A scenario file as written, before its tracks are read and its timeline is laid out.
struct ScenarioDocument: Decodable {
    var title: String
    var description: String?
    var authorization: LocationAuthorization
    var prompt: ScenarioPrompt?
    var start: Date?
    var timeline: [TimelineEntry]
    var consumer: [ConsumerAction]?
    var expect: [ScenarioExpectation]
    var positions: [CodingKeys: ScenarioSourcePosition] = [:]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case title, description, authorization, prompt, start, timeline, consumer, expect
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self, describing: "a scenario")
        for key in CodingKeys.allCases where container.contains(key) {
            positions[key] = try container.superDecoder(forKey: key).sourcePosition
        }
        title = try container.decode(String.self, forKey: .title)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        authorization = try container.decode(AuthorizationEntry.self, forKey: .authorization).authorization
        prompt = try container.decodeIfPresent(ScenarioPrompt.self, forKey: .prompt)
        if let text = try container.decodeIfPresent(String.self, forKey: .start) {
            // Not ISO8601DateFormatter: its ICU parser dies with SIGFPE on a long fraction.
            guard let date = ISO8601Time.date(from: text) else {
                throw container.failure(
                    at: .start,
                    "start must be an ISO 8601 time such as 2026-05-01T12:00:00Z, found \(InputQuote.quoted(text))")
            }
            start = date
        }
        timeline = try container.decodeIfPresent([TimelineEntry].self, forKey: .timeline) ?? []
        consumer = try container.decodeIfPresent([ConsumerAction].self, forKey: .consumer)
        expect = try container.decodeIfPresent([ScenarioExpectation].self, forKey: .expect) ?? []
        if timeline.count > ScenarioLimits.maximumEvents {
            throw container.failure(
                at: .timeline, "the timeline has \(timeline.count) events; the limit is \(ScenarioLimits.maximumEvents)"
            )
        }
        if let consumer, consumer.count > ScenarioLimits.maximumActions {
            throw container.failure(
                at: .consumer,
                "the consumer has \(consumer.count) actions; the limit is \(ScenarioLimits.maximumActions)")
        }
        if consumer?.isEmpty == true {
            throw container.failure(
                at: .consumer, "consumer needs at least one action, or leave it out for the default")
        }
        if expect.count > ScenarioLimits.maximumActions {
            throw container.failure(
                at: .expect, "there are \(expect.count) expectations; the limit is \(ScenarioLimits.maximumActions)")
        }
    }
}
