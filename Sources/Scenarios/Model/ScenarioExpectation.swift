public import Location
import OutsideInput

/// Something a scenario file says must be true after it has played, checked by
/// `petspot scenario check`.
///
/// In a file, under `expect:`, one kind per item:
///
/// ```yaml
/// expect:
///   - authorization: authorizedWhenInUse   # the status when the scenario ends
///   - request: fix                         # how the last requestLocation ended
///   - request: {number: 1, ends: denied}   # …or a given one (1 = first)
///   - latitude: "52.22970"                 # the latitude field the last fix fills
///   - longitude: "21.01220"
///   - fixes: 5                             # fixes the consumer received in all
///   - prompted: true                       # whether the permission prompt was shown
///   - simulated: true                      # every fix is marked simulated
///   - step: {shows: permissionAlert}       # a report step's reaction (see ``StepExpectation``)
/// ```
public struct ScenarioExpectation: Sendable, Hashable, Decodable, CustomStringConvertible {
    /// What is expected.
    public enum Kind: Sendable, Hashable {
        /// The authorization status when the scenario ends.
        case authorization(AuthorizationStatus)
        /// How a `requestLocation` ended: `number` counts from 1; nil means the last one.
        case request(RequestOutcome, number: Int?)
        /// The latitude text (5 decimals) of the last fix the consumer received.
        case latitude(String)
        /// The longitude text (5 decimals) of the last fix the consumer received.
        case longitude(String)
        /// How many fixes the consumer received in all.
        case fixes(Int)
        /// Whether the permission prompt was shown.
        case prompted(Bool)
        /// Whether every fix the consumer received is marked simulated.
        case simulated(Bool)
        /// A report step's reaction; checked by an evaluator the report-step layer provides.
        case step(StepExpectation)
    }

    /// How a location request can end.
    public enum RequestOutcome: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// With a fix.
        case fix
        /// Failed: the person has not been asked (request without requestAuthorization).
        case notDetermined
        /// Failed: the person denied location.
        case denied
        /// Failed: location is restricted by policy.
        case restricted
        /// Failed: the receiver reported, but no fix came before the timeout.
        case noFix
        /// Failed: nothing was heard from the receiver before the timeout (a silent receiver).
        case timedOut
        /// Failed: the receiver (provider) is unavailable.
        case unavailable
        /// Cancelled.
        case cancelled

        public var description: String { rawValue }
    }

    /// What is expected.
    public var kind: Kind
    /// Where the expectation is written.
    public var position: ScenarioSourcePosition?

    /// An expectation of `kind`.
    public init(_ kind: Kind, position: ScenarioSourcePosition? = nil) {
        self.kind = kind
        self.position = position
    }

    static let kinds = [
        "authorization", "request", "latitude", "longitude", "fixes", "prompted", "simulated", "step",
    ]

    private enum RequestKeys: String, CodingKey, CaseIterable { case ends, number }

    public init(from decoder: any Decoder) throws {
        position = decoder.sourcePosition
        let entry = try SingleKeyEntry(from: decoder, kinds: Self.kinds, describing: "an expectation")
        guard let container = entry.container, entry.hasValue else {
            throw decoder.failure("'\(entry.kind)' needs a value: write '\(entry.kind): …'")
        }
        switch entry.kind {
        case "authorization":
            kind = .authorization(try AuthorizationEntry.status(container.superDecoder(forKey: entry.key)))
        case "request":
            let value = try container.superDecoder(forKey: entry.key)
            if (try? value.singleValueContainer().decode(String.self)) != nil {
                kind = .request(try Self.outcome(value), number: nil)
            } else {
                let request = try value.strictContainer(keyedBy: RequestKeys.self, describing: "a request expectation")
                let number = try request.decodeIfPresent(Int.self, forKey: .number)
                if let number, !(1...ScenarioLimits.maximumActions).contains(number) {
                    throw request.failure(at: .number, "number counts requests from 1, found \(number)")
                }
                kind = .request(try Self.outcome(request.superDecoder(forKey: .ends)), number: number)
            }
        case "latitude": kind = .latitude(try entry.value(String.self))
        case "longitude": kind = .longitude(try entry.value(String.self))
        case "fixes":
            let count = try entry.value(Int.self)
            guard count >= 0 else { throw container.failure(at: entry.key, "fixes cannot be negative") }
            kind = .fixes(count)
        case "prompted": kind = .prompted(try entry.value(Bool.self))
        case "simulated": kind = .simulated(try entry.value(Bool.self))
        default: kind = .step(try entry.value(StepExpectation.self))
        }
    }

    private static func outcome(_ decoder: any Decoder) throws -> RequestOutcome {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let outcome = RequestOutcome(rawValue: text) else {
            throw decoder.failure(
                "unknown request outcome \(InputQuote.quoted(text)); expected one of: \(RequestOutcome.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        return outcome
    }

    /// `"request ends with denied"`, `"latitude is 52.22970"`.
    public var description: String {
        switch kind {
        case .authorization(let status): "authorization is \(status)"
        case .request(let outcome, let number):
            "\(number.map { "request #\($0)" } ?? "the last request") ends with \(outcome)"
        case .latitude(let text): "latitude is \(text)"
        case .longitude(let text): "longitude is \(text)"
        case .fixes(let count): "the app receives \(count) fix\(count == 1 ? "" : "es")"
        case .prompted(let shown): shown ? "the permission prompt is shown" : "no permission prompt is shown"
        case .simulated(let simulated): simulated ? "every fix is simulated" : "no fix is simulated"
        case .step(let step): "step: \(step)"
        }
    }
}

/// An expectation about a report step (for example the Animal description step showing the
/// permission alert), kept as the file's key–value pairs in order.
///
/// The scenario layer does not know the report steps; an evaluator from the report-step
/// layer checks these, and rejects keys it does not know. Without one, `check` reports
/// them as failures ("not checked"), never as passes.
///
/// ```yaml
/// - step: {name: animalDescription, shows: permissionAlert}
/// - step: {name: animalDescription, latitudeField: "52.22970"}
/// ```
public struct StepExpectation: Sendable, Hashable, Decodable, CustomStringConvertible {
    /// One `key: value` pair.
    public struct Field: Sendable, Hashable {
        /// The key, e.g. `shows`.
        public var key: String
        /// The value as text, e.g. `permissionAlert`.
        public var value: String
        /// Where the key is written.
        public var position: ScenarioSourcePosition?
    }

    /// The pairs, in file order.
    public var fields: [Field]

    /// The value of `key`, if present.
    public subscript(key: String) -> String? { fields.first { $0.key == key }?.value }

    public init(from decoder: any Decoder) throws {
        let mapping = try decoder.mapping(describing: "a step expectation")
        fields = try mapping.allKeys.map { key in
            let value = try mapping.decode(String.self, forKey: key)
            return Field(
                key: key.stringValue, value: value,
                position: try mapping.superDecoder(forKey: key).sourcePosition)
        }
        guard !fields.isEmpty else { throw decoder.failure("a step expectation needs at least one key") }
    }

    /// `"name: animalDescription, shows: permissionAlert"`.
    public var description: String { fields.map { "\($0.key): \($0.value)" }.joined(separator: ", ") }
}
