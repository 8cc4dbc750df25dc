public import Foundation
public import Geodata
import OutsideInput

/// One position from a receiver: where, how precise, and when.
///
/// Every optional number is either a finite value within its documented range or `nil`, never
/// NaN, infinity or a `1e19`: the initializer drops what is not finite or out of range (see
/// ``accuracyRange`` and the other ranges in `LocationFix+Bounds.swift`), so a receiver's
/// "unknown" never reaches a form field as `nan` and no peer's number can overflow a conversion.
///
/// ```swift
/// let fix = LocationFix(
///     coordinate: try Coordinate(latitude: 52.2297, longitude: 21.0122),
///     mode: .threeDimensional, horizontalAccuracy: 4.2,
///     source: FixSource(kind: "gpsd", name: "localhost:2947"))
/// fix.description             // "52.22970, 21.01220 ±4 m"
/// ```
public struct LocationFix: Sendable, Hashable, CustomStringConvertible {
    /// Where (WGS84), validated by Geodata.
    public let coordinate: Coordinate
    /// 2D (latitude/longitude only) or 3D (altitude too).
    public let mode: FixMode
    /// Height above mean sea level in meters (gpsd `altMSL`, else `altHAE`); `nil` in 2D.
    public let altitude: Double?
    /// Radius of uncertainty of ``coordinate`` in meters (gpsd `eph`, else from `epx`/`epy`).
    public let horizontalAccuracy: Double?
    /// Uncertainty of ``altitude`` in meters (gpsd `epv`).
    public let verticalAccuracy: Double?
    /// Speed over ground in meters per second.
    public let speed: Double?
    /// Course over ground in degrees clockwise from true north, 0 ≤ course < 360.
    public let course: Double?
    /// Satellites used in the solution, when the receiver said.
    public let satellitesUsed: Int?
    /// The time the receiver put on the fix, as reported. Not trusted alone: replayed logs
    /// and receivers with a wrong clock (GPS week rollover) report times far in the past,
    /// so freshness is judged by ``arrivalTime``.
    public let receiverTime: Date?
    /// When the fix reached the ``LocationService``, on the service's clock. The service sets
    /// it on arrival; a provider's value is replaced.
    public internal(set) var arrivalTime: LocationClock.Instant
    /// Where the fix came from: gpsd at a host and port, or a scenario.
    public let source: FixSource
    /// `true` for fixes a scenario made up, like CoreLocation's `isSimulatedBySoftware`.
    public let isSimulated: Bool

    /// Makes a fix, turning every non-finite or out-of-range number into `nil` (the ranges are
    /// ``accuracyRange``, ``altitudeRange``, ``speedRange``, ``courseRange``,
    /// ``satellitesUsedRange`` and ``receiverTimeRange``).
    public init(
        coordinate: Coordinate, mode: FixMode = .twoDimensional, altitude: Double? = nil,
        horizontalAccuracy: Double? = nil, verticalAccuracy: Double? = nil, speed: Double? = nil,
        course: Double? = nil, satellitesUsed: Int? = nil, receiverTime: Date? = nil,
        arrivalTime: LocationClock.Instant = .origin, source: FixSource, isSimulated: Bool = false
    ) {
        self.coordinate = coordinate
        self.mode = mode
        self.altitude = mode == .threeDimensional ? altitude.within(Self.altitudeRange) : nil
        self.horizontalAccuracy = horizontalAccuracy.within(Self.accuracyRange)
        self.verticalAccuracy = mode == .threeDimensional ? verticalAccuracy.within(Self.accuracyRange) : nil
        self.speed = speed.within(Self.speedRange)
        self.course = course.within(Self.courseRange).map { value in
            let turned = value.truncatingRemainder(dividingBy: 360)
            return turned < 0 ? turned + 360 : turned
        }
        self.satellitesUsed = satellitesUsed.flatMap { Self.satellitesUsedRange.contains($0) ? $0 : nil }
        self.receiverTime = receiverTime.flatMap { Self.receiverTimeRange.contains($0) ? $0 : nil }
        self.arrivalTime = arrivalTime
        self.source = source
        self.isSimulated = isSimulated
    }

    /// `"52.22970, 21.01220 ±4 m"` (without the accuracy when unknown).
    public var description: String {
        guard let horizontalAccuracy else { return coordinate.formatted }
        return "\(coordinate.formatted) ±\(Self.metersText(horizontalAccuracy)) m"
    }

    /// Whole meters, or one decimal below 10 m: `"4"`, `"3.5"`, `"3000"`. Never traps: a value
    /// past `Int`'s range shows as that range's end, and NaN as `"?"`.
    static func metersText(_ meters: Double) -> String {
        if meters < 9.95 && meters > -9.95 && meters != meters.rounded() {
            let tenths = Int(roundingSaturating: meters * 10) ?? 0
            let sign = tenths < 0 ? "-" : ""
            let whole = abs(tenths) / 10
            let tenth = abs(tenths) % 10
            return tenth == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(tenth)"
        }
        return Int(roundingSaturating: meters).map { String($0) } ?? "?"
    }
}

/// Whether a fix has an altitude.
public enum FixMode: String, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Latitude and longitude only (gpsd mode 2).
    case twoDimensional = "2d"
    /// Latitude, longitude and altitude (gpsd mode 3).
    case threeDimensional = "3d"

    /// `"2d"` or `"3d"`, as in the CLI's JSON.
    public var description: String { rawValue }
}

/// Where fixes come from: a kind (`"gpsd"`, `"scenario"`) and a name within it
/// (`"localhost:2947"`, `"walking-warsaw"`).
public struct FixSource: Sendable, Hashable, Codable, CustomStringConvertible {
    /// `"gpsd"` or `"scenario"` (or a custom provider's kind).
    public var kind: String
    /// The host and port, or the scenario's name.
    public var name: String

    /// A source of `kind` named `name`.
    public init(kind: String, name: String) {
        self.kind = kind
        self.name = name
    }

    /// `"gpsd localhost:2947"`.
    public var description: String { name.isEmpty ? kind : "\(kind) \(name)" }
}
