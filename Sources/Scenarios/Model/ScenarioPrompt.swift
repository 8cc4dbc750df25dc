public import Location

/// How the person answers the permission prompt: `prompt: grant`, or
/// `prompt: {answer: grantApproximate, after: 3s}`.
public struct ScenarioPrompt: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The person's answer.
    public enum Answer: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
        /// "Allow While Using App": `authorizedWhenInUse`, full accuracy.
        case grant
        /// "Allow While Using App" with Precise off: `authorizedWhenInUse`, reduced accuracy.
        case grantApproximate
        /// "Allow Always": `authorizedAlways`, full accuracy.
        case grantAlways
        /// "Don't Allow": `denied`.
        case deny

        public var description: String { rawValue }

        /// The authorization this answer gives.
        public var authorization: LocationAuthorization {
            switch self {
            case .grant: LocationAuthorization(.authorizedWhenInUse)
            case .grantApproximate: LocationAuthorization(.authorizedWhenInUse, accuracy: .reducedAccuracy)
            case .grantAlways: LocationAuthorization(.authorizedAlways)
            case .deny: LocationAuthorization(.denied)
            }
        }

        public init(from decoder: any Decoder) throws {
            self = try decoder.caseName(
                "prompt answer", expected: "one of: " + Self.allCases.map(\.rawValue).joined(separator: ", "))
        }
    }

    /// What the person taps.
    public var answer: Answer
    /// How long the person takes to answer (virtual time); zero by default.
    public var after: ScenarioDuration

    /// An answer given after `after`.
    public init(_ answer: Answer, after: ScenarioDuration = ScenarioDuration(.zero)) {
        self.answer = answer
        self.after = after
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case answer, after }

    public init(from decoder: any Decoder) throws {
        if (try? decoder.singleValueContainer().decode(String.self)) != nil {
            self.init(try Answer(from: decoder))
            return
        }
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self, describing: "the prompt")
        self.init(
            try container.decode(Answer.self, forKey: .answer),
            after: try container.decodeIfPresent(ScenarioDuration.self, forKey: .after) ?? ScenarioDuration(.zero))
    }

    /// `"grant"`, or `"grant after 2s"`.
    public var description: String {
        after.duration == .zero ? answer.description : "\(answer) after \(after)"
    }
}
