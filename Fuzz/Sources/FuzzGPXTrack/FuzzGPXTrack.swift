import Foundation
import FuzzTrackProperties
import Scenarios

/// Fuzzes GPX track import (the format Xcode uses to simulate location): every imported point
/// has a valid coordinate (Geodata ranges) and a positive line number, or the import fails
/// with a `TrackError` naming a line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGPXTrack(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    checkTrackImport { () throws(TrackError) in try GPXTrackReader.read(Data(bytes: data, count: size)) }
    return 0
}
