import Location
import Yams

/// One item of a file's `timeline:` list, as written (tracks not yet read).
struct TimelineEntry: Decodable {
    /// What the item does.
    enum Item {
        case wait(ScenarioDuration)
        case fix(ScenarioFix)
        case noFix
        case receiverLost
        case receiverBack
        case authorization(LocationAuthorization)
        case track(TrackReference)
    }

    static let kinds = ["wait", "fix", "noFix", "receiverLost", "receiverBack", "authorization", "track"]

    /// The absolute time (`at: 5s`), when given.
    var at: ScenarioDuration?
    var item: Item
    var position: ScenarioSourcePosition?

    init(from decoder: any Decoder) throws {
        position = decoder.sourcePosition
        let entry = try SingleKeyEntry(
            from: decoder, kinds: Self.kinds, shared: ["at"], describing: "a timeline event")
        at = try entry.shared(ScenarioDuration.self, "at")
        switch entry.kind {
        case "wait": item = .wait(try entry.value(ScenarioDuration.self))
        case "fix": item = .fix(try entry.value(ScenarioFix.self))
        case "noFix": item = .noFix
        case "receiverLost": item = .receiverLost
        case "receiverBack": item = .receiverBack
        case "authorization": item = .authorization(try entry.value(AuthorizationEntry.self).authorization)
        default: item = .track(try entry.value(TrackReference.self))
        }
        if case .wait = item, at != nil {
            throw decoder.failure("'wait' and 'at' cannot be combined: use one or the other")
        }
        if ["noFix", "receiverLost", "receiverBack"].contains(entry.kind), entry.hasValue {
            throw decoder.failure("'\(entry.kind)' takes no value: write it as '- \(entry.kind)'")
        }
    }
}

/// A track file played as fixes: `track: walking-warsaw.gpx`, or
/// `track: {file: log.nmea, interval: 1s, accuracy: 5}`.
struct TrackReference: Decodable {
    var file: String
    var format: TrackFormat?
    /// The time between points when the file has no times (default 1 s).
    var interval: ScenarioDuration?
    /// The horizontal accuracy of points that carry none.
    var accuracy: Double?
    var position: ScenarioSourcePosition?

    enum CodingKeys: String, CodingKey, CaseIterable { case file, format, interval, accuracy }

    init(from decoder: any Decoder) throws {
        position = decoder.sourcePosition
        if let file = try? decoder.singleValueContainer().decode(String.self) {
            self.file = file
            return
        }
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self, describing: "a track")
        file = try container.decode(String.self, forKey: .file)
        format = try container.decodeIfPresent(TrackFormat.self, forKey: .format)
        interval = try container.decodeIfPresent(ScenarioDuration.self, forKey: .interval)
        if interval?.duration == .zero {
            throw container.failure(at: .interval, "interval must be more than zero")
        }
        accuracy = try container.measurement(.accuracy, "accuracy", range: 0...100_000_000)
    }
}

/// A track file's format.
public enum TrackFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// GPX 1.0/1.1: `wpt`, `trkpt` or `rtept` points, with optional `time` and `ele`.
    case gpx
    /// NMEA 0183 sentences (GGA, RMC), as gpsfake replays them.
    case nmea

    /// The format a file name's extension implies (`.gpx`; `.nmea`, `.log`, `.txt`).
    public init?(fileName: String) {
        let lowered = fileName.lowercased()
        if lowered.hasSuffix(".gpx") {
            self = .gpx
        } else if lowered.hasSuffix(".nmea") || lowered.hasSuffix(".log") || lowered.hasSuffix(".txt") {
            self = .nmea
        } else {
            return nil
        }
    }

    public init(from decoder: any Decoder) throws {
        self = try decoder.caseName("track format", expected: "gpx or nmea")
    }
}

extension Decoder {
    /// Where this value starts in the YAML or JSON text, when decoding from Yams.
    var sourcePosition: ScenarioSourcePosition? {
        mark.map { ScenarioSourcePosition(line: $0.line, column: $0.column) }
    }
}
