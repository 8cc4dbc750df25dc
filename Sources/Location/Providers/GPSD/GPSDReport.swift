import Foundation
import Geodata

/// A Sendable copy of the position part of one libgps report (a gpsd `TPV`), taken where the
/// report was parsed so nothing of libgps' `gps_data_t` leaves ``GPSDConnection``.
///
/// The numbers are gpsd's (or a peer's) as parsed, untrusted: ``event(source:)`` decides what
/// they are worth, and ``LocationFix`` keeps only values within its documented bounds
/// (``LocationFix/accuracyRange`` and the others in `LocationFix+Bounds.swift`).
struct GPSDReport: Sendable, Hashable {
    /// gpsd's mode: 0 unknown, 1 no fix, 2 2D, 3 3D. Anything else is not a mode.
    var mode: Int
    var latitude: Double
    var longitude: Double
    var altitudeMSL: Double
    var altitudeHAE: Double
    var eph: Double
    var epx: Double
    var epy: Double
    var epv: Double
    var speed: Double
    var track: Double
    /// The receiver's time, seconds since 1970 (`fix.time.tv_sec`); 0 when the report has none.
    var timeSeconds: Int
    /// The fraction of ``timeSeconds`` in nanoseconds (`fix.time.tv_nsec`).
    var timeNanoseconds: Int
    var satellitesUsed: Int?

    /// What the provider tells the service: a fix for mode 2 or 3 with a valid position,
    /// otherwise ``ProviderEvent/noFix`` (mode 0 or 1, a mode gpsd does not have, or a
    /// position gpsd did not fill in or that is out of range).
    func event(source: FixSource) -> ProviderEvent {
        guard mode == 2 || mode == 3, latitude.isFinite, longitude.isFinite,
            let coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
        else { return .noFix }
        return .fix(
            LocationFix(
                coordinate: coordinate, mode: mode == 3 ? .threeDimensional : .twoDimensional,
                altitude: altitudeMSL.isFinite ? altitudeMSL : altitudeHAE,
                horizontalAccuracy: horizontalAccuracy, verticalAccuracy: epv, speed: speed, course: track,
                satellitesUsed: satellitesUsed, receiverTime: receiverTime, source: source))
    }

    /// `eph`, else √(epx² + epy²) when both are known (an overflow to infinity is unknown).
    var horizontalAccuracy: Double? {
        if eph.isFinite { return eph }
        guard epx.isFinite, epy.isFinite else { return nil }
        return (epx * epx + epy * epy).squareRoot()
    }

    /// The receiver's time, or `nil` when the report has none (``LocationFix`` then drops a
    /// time outside ``LocationFix/receiverTimeRange``).
    var receiverTime: Date? {
        guard timeSeconds > 0 else { return nil }
        return Date(timeIntervalSince1970: Double(timeSeconds) + Double(timeNanoseconds) / 1e9)
    }
}
