import Foundation
import Geodata

/// A Sendable copy of the position part of one libgps report (a gpsd `TPV`), taken on the
/// reader thread so nothing of libgps' `gps_data_t` leaves it.
struct GPSDReport: Sendable, Hashable {
    /// gpsd's mode: 0 unknown, 1 no fix, 2 2D, 3 3D.
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
    var time: Date?
    var satellitesUsed: Int?

    /// What the provider tells the service: a fix for mode 2 or 3 with a finite position,
    /// otherwise ``ProviderEvent/noFix`` (mode 0 or 1, or a position gpsd did not fill in).
    func event(source: FixSource) -> ProviderEvent {
        guard mode >= 2, latitude.isFinite, longitude.isFinite,
            let coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
        else { return .noFix }
        let horizontal: Double? =
            eph.isFinite ? eph : (epx.isFinite && epy.isFinite ? (epx * epx + epy * epy).squareRoot() : nil)
        return .fix(
            LocationFix(
                coordinate: coordinate, mode: mode >= 3 ? .threeDimensional : .twoDimensional,
                altitude: altitudeMSL.isFinite ? altitudeMSL : altitudeHAE,
                horizontalAccuracy: horizontal, verticalAccuracy: epv, speed: speed, course: track,
                satellitesUsed: satellitesUsed, receiverTime: time, source: source))
    }
}
