/// A GeoJSON geometry (RFC 7946) as ``SearchCircle/geoJSON(points:)`` makes it.
///
/// Encodes as GeoJSON: `{"type": "Polygon", "coordinates": [[[21.0122, 52.3646], …]]}`,
/// positions as `[longitude, latitude]`. Polygons are lists of linear rings; each ring
/// is closed (its last position repeats the first).
public enum GeoJSONGeometry: Sendable, Hashable, Codable {
    /// A single position (a circle of radius zero).
    case point(GeoJSONPosition)
    /// One polygon: an exterior ring (the only ring this module makes).
    case polygon([[GeoJSONPosition]])
    /// Several polygons: a circle cut at the antimeridian.
    case multiPolygon([[[GeoJSONPosition]]])

    /// The GeoJSON `type` member: `"Point"`, `"Polygon"` or `"MultiPolygon"`.
    public var type: String {
        switch self {
        case .point: "Point"
        case .polygon: "Polygon"
        case .multiPolygon: "MultiPolygon"
        }
    }

    private enum CodingKeys: String, CodingKey {
        case type, coordinates
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        switch self {
        case .point(let position): try container.encode(position, forKey: .coordinates)
        case .polygon(let rings): try container.encode(rings, forKey: .coordinates)
        case .multiPolygon(let polygons): try container.encode(polygons, forKey: .coordinates)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "Point": self = .point(try container.decode(GeoJSONPosition.self, forKey: .coordinates))
        case "Polygon": self = .polygon(try container.decode([[GeoJSONPosition]].self, forKey: .coordinates))
        case "MultiPolygon":
            self = .multiPolygon(try container.decode([[[GeoJSONPosition]]].self, forKey: .coordinates))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unsupported geometry type '\(type)'")
        }
    }
}

/// A GeoJSON position: `[longitude, latitude]` in degrees (RFC 7946 §3.1.1), as
/// ``SearchCircle/geoJSON(points:)`` makes it or a decoder reads it.
public struct GeoJSONPosition: Sendable, Hashable {
    /// East–west, −180…180.
    public var longitude: Double
    /// North–south, −90…90.
    public var latitude: Double
}

extension GeoJSONPosition: Codable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(longitude)
        try container.encode(latitude)
    }

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        longitude = try container.decode(Double.self)
        latitude = try container.decode(Double.self)
    }
}
