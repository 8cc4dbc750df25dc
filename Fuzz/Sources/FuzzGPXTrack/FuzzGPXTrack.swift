import Foundation
import Scenarios

/// Fuzzes GPX track import (the format Xcode uses to simulate location): every imported point
/// has a valid coordinate (Geodata ranges) and a positive line number, or the import fails
/// with a `TrackError` naming a line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGPXTrack(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    do {
        let points = try GPXTrackReader.read(Data(bytes: data, count: size))
        for point in points {
            require(point.line >= 1, "line \(point.line)")
            if let fix = point.fix {
                let latitude = fix.coordinate.latitude.degrees
                let longitude = fix.coordinate.longitude.degrees
                require((-90...90).contains(latitude) && (-180...180).contains(longitude), "\(fix.coordinate)")
                require(fix.horizontalAccuracy.map { $0.isFinite && $0 >= 0 } ?? true, "accuracy \(String(describing: fix.horizontalAccuracy))")
                require(fix.altitude.map(\.isFinite) ?? true, "altitude \(String(describing: fix.altitude))")
            }
        }
    } catch {
        require(error.line >= 0 && !error.message.isEmpty, "unhelpful error \(error)")
    }
    return 0
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        // stderr is unbuffered: the message is out before abort().
        FileHandle.standardError.write(Data("property violated: \(message())\n".utf8))
        abort()
    }
}
