import FuzzSupport
import Scenarios

/// What every track import (GPX, NMEA) must give: points with a positive line number and, for
/// each fix, an in-range coordinate with finite, non-negative accuracy and finite altitude; or
/// a ``TrackError`` that names a line and says something.
///
/// ```swift
/// checkTrackImport { () throws(TrackError) in try GPXTrackReader.read(data) }
/// ```
public func checkTrackImport(_ read: () throws(TrackError) -> [TrackPoint]) {
    do {
        let points = try read()
        for point in points {
            require(point.line >= 1, "line \(point.line)")
            if let fix = point.fix {
                let latitude = fix.coordinate.latitude.degrees
                let longitude = fix.coordinate.longitude.degrees
                require((-90...90).contains(latitude) && (-180...180).contains(longitude), "\(fix.coordinate)")
                require(
                    fix.horizontalAccuracy.map { $0.isFinite && $0 >= 0 } ?? true,
                    "accuracy \(String(describing: fix.horizontalAccuracy))")
                require(fix.altitude.map(\.isFinite) ?? true, "altitude \(String(describing: fix.altitude))")
            }
        }
    } catch {
        require(error.line >= 0 && !error.message.isEmpty, "unhelpful error \(error)")
    }
}
