/// What the scenario's consumer (the app) does with the location service, in order.
///
/// In a file, under `consumer:` (default: `requestAuthorization`, then `requestLocation`
/// with a 30 s timeout):
///
/// ```yaml
/// consumer:
///   - requestAuthorization
///   - requestLocation: {timeout: 30s, accuracy: 50, maximumAge: 10s}
///   - watch: {count: 5, for: 60s}
///   - wait: 5s
/// ```
public enum ConsumerAction: Sendable, Hashable, Decodable, CustomStringConvertible {
    /// `requestWhenInUseAuthorization()`: shows the prompt when not determined.
    case requestAuthorization
    /// `requestLocation(timeout:desiredAccuracy:maximumAge:)`.
    case requestLocation(LocationRequest)
    /// Listens to live updates until `count` fixes arrived or `duration` passed.
    case watch(count: Int?, duration: ScenarioDuration?)
    /// Does nothing for a while.
    case wait(ScenarioDuration)

    /// The parameters of a one-shot location request.
    public struct LocationRequest: Sendable, Hashable, Decodable {
        /// How long to wait for a good enough fix (default 30 s).
        public var timeout: ScenarioDuration
        /// The accuracy in meters a fix must reach to end the request early; nil for any.
        public var accuracy: Double?
        /// How old a cached fix may be to be used at once; nil for none.
        public var maximumAge: ScenarioDuration?

        /// A request with these parameters.
        public init(
            timeout: ScenarioDuration = ScenarioDuration(.seconds(30)), accuracy: Double? = nil,
            maximumAge: ScenarioDuration? = nil
        ) {
            self.timeout = timeout
            self.accuracy = accuracy
            self.maximumAge = maximumAge
        }

        enum CodingKeys: String, CodingKey, CaseIterable { case timeout, accuracy, maximumAge }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.strictContainer(keyedBy: CodingKeys.self, describing: "requestLocation")
            self.init(
                timeout: try container.decodeIfPresent(ScenarioDuration.self, forKey: .timeout)
                    ?? ScenarioDuration(.seconds(30)),
                accuracy: try container.measurement(.accuracy, "accuracy", range: 0...100_000_000),
                maximumAge: try container.decodeIfPresent(ScenarioDuration.self, forKey: .maximumAge))
        }
    }

    private enum WatchKeys: String, CodingKey, CaseIterable {
        case count
        case duration = "for"
    }

    public init(from decoder: any Decoder) throws {
        let entry = try SingleKeyEntry(
            from: decoder, kinds: ["requestAuthorization", "requestLocation", "watch", "wait"],
            describing: "a consumer action")
        switch entry.kind {
        case "requestAuthorization":
            if entry.hasValue { throw decoder.failure("'requestAuthorization' takes no value") }
            self = .requestAuthorization
        case "requestLocation":
            self = .requestLocation(entry.hasValue ? try entry.value(LocationRequest.self) : LocationRequest())
        case "watch":
            guard let container = entry.container, entry.hasValue else {
                throw decoder.failure("watch needs count: or for: (or both), e.g. watch: {count: 5, for: 60s}")
            }
            let watch = try container.superDecoder(forKey: entry.key)
                .strictContainer(keyedBy: WatchKeys.self, describing: "watch")
            let count = try watch.decodeIfPresent(Int.self, forKey: .count)
            let duration = try watch.decodeIfPresent(ScenarioDuration.self, forKey: .duration)
            if let count, !(1...ScenarioLimits.maximumWatchCount).contains(count) {
                throw watch.failure(
                    at: .count, "count must be between 1 and \(ScenarioLimits.maximumWatchCount), found \(count)")
            }
            guard count != nil || duration != nil else {
                throw decoder.failure("watch needs count: or for: (or both), e.g. watch: {count: 5, for: 60s}")
            }
            self = .watch(count: count, duration: duration)
        default:
            self = .wait(try entry.value(ScenarioDuration.self))
        }
    }

    /// `"requestLocation(timeout: 30s)"`, `"watch(count: 5)"`.
    public var description: String {
        switch self {
        case .requestAuthorization: return "requestAuthorization"
        case .requestLocation(let request):
            var parts = ["timeout: \(request.timeout)"]
            if let accuracy = request.accuracy { parts.append("accuracy: \(ScenarioWriter.number(accuracy)) m") }
            if let maximumAge = request.maximumAge { parts.append("maximumAge: \(maximumAge)") }
            return "requestLocation(\(parts.joined(separator: ", ")))"
        case .watch(let count, let duration):
            var parts: [String] = []
            if let count { parts.append("count: \(count)") }
            if let duration { parts.append("for: \(duration)") }
            return "watch(\(parts.joined(separator: ", ")))"
        case .wait(let duration): return "wait \(duration)"
        }
    }
}
