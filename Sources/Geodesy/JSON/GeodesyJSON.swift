import Geodata
public import PetSpotJSON

/// The JSON of `petspot distance --json` and `petspot radius --json/--geojson`, which the
/// service answers too.
public enum GeodesyJSON {
    /// `{"meters": …, "initialBearing": …, "finalBearing": …}`, bearings in compass degrees
    /// (0 to 360, clockwise from north).
    public static func distance(_ path: GeodesicPath) -> JSONValue {
        .object([
            ("meters", .number(path.meters)),
            ("initialBearing", .number(GeodesicPath.compassBearing(path.initialBearing))),
            ("finalBearing", .number(GeodesicPath.compassBearing(path.finalBearing))),
        ])
    }

    /// `{"label", "radiusText", "radiusMeters", "areaSquareMeters"}`: the Pet details card's
    /// line and the circle's area.
    public static func radius(label: String, circle: SearchCircle) -> JSONValue {
        .object([
            ("label", .string(label)), ("radiusText", .string(RadiusDisplay.radiusText(circle.radius))),
            ("radiusMeters", .number(circle.radius.meters)), ("areaSquareMeters", .number(circle.area)),
        ])
    }

    /// The circle as a GeoJSON Feature (RFC 7946): properties `label`, `name`, `center`
    /// (`[longitude, latitude]`), `radiusMeters`, `areaSquareMeters`; `geometry` the circle's.
    public static func radiusFeature(
        label: String, name: String?, circle: SearchCircle, geometry: GeoJSONGeometry
    ) -> JSONValue {
        let centre = circle.center
        return .object([
            ("type", "Feature"),
            (
                "properties",
                .object([
                    ("label", .string(label)), ("name", .string(name)),
                    ("center", .array([.number(centre.longitude.degrees), .number(centre.latitude.degrees)])),
                    ("radiusMeters", .number(circle.radius.meters)), ("areaSquareMeters", .number(circle.area)),
                ])
            ),
            ("geometry", JSONValue(geometry)),
        ])
    }
}

extension JSONValue {
    /// A GeoJSON geometry, `type` first, positions as `[longitude, latitude]`.
    public init(_ geometry: GeoJSONGeometry) {
        func position(_ position: GeoJSONPosition) -> JSONValue {
            .array([.number(position.longitude), .number(position.latitude)])
        }
        func ring(_ ring: [GeoJSONPosition]) -> JSONValue { .array(ring.map(position)) }
        let coordinates: JSONValue =
            switch geometry {
            case .point(let point): position(point)
            case .polygon(let rings): .array(rings.map(ring))
            case .multiPolygon(let polygons): .array(polygons.map { .array($0.map(ring)) })
            }
        self = .object([("type", .string(geometry.type)), ("coordinates", coordinates)])
    }
}
