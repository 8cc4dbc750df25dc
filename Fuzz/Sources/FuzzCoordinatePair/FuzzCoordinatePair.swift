import Foundation
import FuzzSupport
import Geodata

/// Fuzzes whole coordinate pairs (`Coordinate(parsing:)`: decimal pairs, degrees-minutes-
/// seconds with hemispheres, `geo:` URIs) and checks:
/// - an accepted pair lies inside latitude −90…90 and longitude −180…180;
/// - its formatted text (`"52.22970, 21.01220"`) parses back to the same five decimals;
/// - `split` (raw degrees, no range check) agrees with `parse` on every accepted pair.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCoordinatePair(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let coordinate = try? Coordinate(parsing: text) else { return 0 }
    let latitude = coordinate.latitude.degrees
    let longitude = coordinate.longitude.degrees
    require(
        (-90...90).contains(latitude) && (-180...180).contains(longitude),
        "accepted \(coordinate) from \(text.debugDescription)")
    do {
        let again = try Coordinate(parsing: coordinate.formatted)
        require(
            again.formatted == coordinate.formatted, "round trip of \(coordinate.formatted) gave \(again.formatted)")
        let raw = try CoordinatePairParser.split(text)
        require(
            raw.latitude == latitude && raw.longitude == longitude, "split \(raw) disagrees with parse \(coordinate)")
    } catch {
        require(false, "\(coordinate.formatted) from \(text.debugDescription) did not parse again: \(error)")
    }
    return 0
}

#if canImport(Glibc)
    import Glibc
#endif
