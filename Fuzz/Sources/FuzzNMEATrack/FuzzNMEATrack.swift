import Foundation
import FuzzTrackProperties
import Scenarios

/// Fuzzes NMEA log import (the format gpsfake replays): every imported point
/// has a valid coordinate (Geodata ranges) and a positive line number, or the import fails
/// with a `TrackError` naming a line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNMEATrack(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    checkTrackImport { () throws(TrackError) in
        try NMEATrackReader.read(String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self))
    }
    return 0
}
