/// An authorization status in a scenario file, with CoreLocation's case names.
public enum ScenarioPermission: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The person has not answered yet: a request shows the prompt.
    case notDetermined
    /// A system policy forbids location use (an administrator, parental controls).
    case restricted
    /// The person said no.
    case denied
    /// Allowed while in use.
    case authorizedWhenInUse
    /// Allowed at any time.
    case authorizedAlways

    /// The case name, as written in files: `"authorizedWhenInUse"`.
    public var description: String { rawValue }

    /// Decodes a case name, naming every accepted one when the text is none of them.
    public init(from decoder: any Decoder) throws {
        self = try decoder.caseName(
            "authorization status", expected: "one of: " + Self.allCases.map(\.rawValue).joined(separator: ", "))
    }
}

/// How precise the allowed locations are, like CoreLocation's `CLAccuracyAuthorization`.
public enum ScenarioAccuracy: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Fixes as precise as the receiver gives them.
    case full
    /// Approximate fixes only.
    case reduced

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        self = try decoder.caseName("accuracy", expected: "full or reduced")
    }
}

/// Where a scenario's authorization starts: `authorization: notDetermined`, or
/// `authorization: {status: authorizedWhenInUse, accuracy: reduced}`.
public struct ScenarioAuthorization: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The status when the scenario starts.
    public var status: ScenarioPermission
    /// How precise allowed fixes are (meaningful when ``status`` is authorized).
    public var accuracy: ScenarioAccuracy

    /// A status with an accuracy.
    public init(_ status: ScenarioPermission, accuracy: ScenarioAccuracy = .full) {
        self.status = status
        self.accuracy = accuracy
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case status, accuracy }

    public init(from decoder: any Decoder) throws {
        if (try? decoder.singleValueContainer().decode(String.self)) != nil {
            self.init(try ScenarioPermission(from: decoder), accuracy: .full)
            return
        }
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self, describing: "the authorization")
        self.init(
            try container.decode(ScenarioPermission.self, forKey: .status),
            accuracy: try container.decodeIfPresent(ScenarioAccuracy.self, forKey: .accuracy) ?? .full)
    }

    /// `"notDetermined"`, or `"authorizedWhenInUse (reduced)"`.
    public var description: String {
        accuracy == .reduced ? "\(status) (reduced)" : status.description
    }
}

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
        public var authorization: ScenarioAuthorization {
            switch self {
            case .grant: ScenarioAuthorization(.authorizedWhenInUse)
            case .grantApproximate: ScenarioAuthorization(.authorizedWhenInUse, accuracy: .reduced)
            case .grantAlways: ScenarioAuthorization(.authorizedAlways)
            case .deny: ScenarioAuthorization(.denied)
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
