public import Geodata
import OutsideInput

/// One position a scenario's receiver reports.
///
/// In a file: `fix: {coordinate: "52.2297, 21.0122", accuracy: 5}` (the coordinate in any
/// form `petspot validate` accepts), or with `latitude:` and `longitude:` numbers. Optional:
/// `accuracy` (horizontal, meters), `verticalAccuracy`, `altitude` (meters above sea
/// level; makes the fix 3D), `speed` (m/s), `course` (degrees from true north),
/// `satellites`.
public struct ScenarioFix: Sendable, Hashable, Codable {
    /// Where.
    public var coordinate: Coordinate
    /// Horizontal accuracy in meters.
    public var horizontalAccuracy: Double?
    /// Vertical accuracy in meters.
    public var verticalAccuracy: Double?
    /// Altitude in meters above mean sea level; `nil` for a 2D fix.
    public var altitude: Double?
    /// Speed over ground in m/s.
    public var speed: Double?
    /// Course over ground in degrees clockwise from true north.
    public var course: Double?
    /// Satellites used.
    public var satellites: Int?

    /// A fix at `coordinate` with the given details.
    public init(
        coordinate: Coordinate, horizontalAccuracy: Double? = nil, verticalAccuracy: Double? = nil,
        altitude: Double? = nil, speed: Double? = nil, course: Double? = nil, satellites: Int? = nil
    ) {
        self.coordinate = coordinate
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.altitude = altitude
        self.speed = speed
        self.course = course
        self.satellites = satellites
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case coordinate, latitude, longitude, accuracy, verticalAccuracy, altitude, speed, course, satellites
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self, describing: "a fix")
        coordinate = try Self.decodeCoordinate(container, decoder: decoder)
        horizontalAccuracy = try container.measurement(.accuracy, "accuracy", range: TrackBounds.accuracy)
        verticalAccuracy = try container.measurement(.verticalAccuracy, "verticalAccuracy", range: TrackBounds.accuracy)
        altitude = try container.measurement(.altitude, "altitude", range: TrackBounds.altitude)
        speed = try container.measurement(.speed, "speed", range: TrackBounds.speed)
        course = try container.measurement(.course, "course", range: TrackBounds.course)
        if let count = try container.decodeIfPresent(Int.self, forKey: .satellites) {
            guard TrackBounds.satellites.contains(count) else {
                throw container.failure(at: .satellites, "satellites must be between 0 and 1000, found \(count)")
            }
            satellites = count
        } else {
            satellites = nil
        }
    }

    private static func decodeCoordinate(
        _ container: KeyedDecodingContainer<CodingKeys>, decoder: any Decoder
    ) throws -> Coordinate {
        if let text = try container.decodeIfPresent(String.self, forKey: .coordinate) {
            if container.contains(.latitude) || container.contains(.longitude) {
                throw container.failure(at: .coordinate, "give coordinate or latitude and longitude, not both")
            }
            do {
                return try Coordinate(parsing: text)
            } catch {
                throw container.failure(at: .coordinate, "coordinate \(InputQuote.quoted(text)): \(error.description)")
            }
        }
        guard container.contains(.latitude), container.contains(.longitude) else {
            throw decoder.failure(
                "a fix needs a position: coordinate: \"52.2297, 21.0122\", or latitude: and longitude:")
        }
        let latitude = try container.decode(Double.self, forKey: .latitude)
        let longitude = try container.decode(Double.self, forKey: .longitude)
        let parsedLatitude: Latitude
        do {
            parsedLatitude = try Latitude(degrees: latitude)
        } catch {
            throw container.failure(at: .latitude, "latitude \(latitude): \(error.description)")
        }
        do {
            return Coordinate(latitude: parsedLatitude, longitude: try Longitude(degrees: longitude))
        } catch {
            throw container.failure(at: .longitude, "longitude \(longitude): \(error.description)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(coordinate.latitude.degrees, forKey: .latitude)
        try container.encode(coordinate.longitude.degrees, forKey: .longitude)
        try container.encodeIfPresent(horizontalAccuracy, forKey: .accuracy)
        try container.encodeIfPresent(verticalAccuracy, forKey: .verticalAccuracy)
        try container.encodeIfPresent(altitude, forKey: .altitude)
        try container.encodeIfPresent(speed, forKey: .speed)
        try container.encodeIfPresent(course, forKey: .course)
        try container.encodeIfPresent(satellites, forKey: .satellites)
    }
}

extension KeyedDecodingContainer {
    /// A finite number within `range`, when the key is present.
    func measurement(_ key: Key, _ name: String, range: ClosedRange<Double>) throws -> Double? {
        guard let value = try decodeIfPresent(Double.self, forKey: key) else { return nil }
        guard value.isFinite, range.contains(value) else {
            throw failure(
                at: key,
                "\(name) must be between \(ScenarioWriter.number(range.lowerBound)) and \(ScenarioWriter.number(range.upperBound)), found \(value)"
            )
        }
        return value
    }
}
