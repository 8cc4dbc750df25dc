import Foundation
import FuzzSupport
import Geodata
import Location
import OutsideInput

/// Fuzzes the gpsd report path: the input's lines go, one decoder for the whole input (so a
/// `SKY` line affects the fixes after it), through libgps' own JSON parser
/// (`libgps_json_unpack`, as for a line from the socket) and the provider's conversion into
/// `ProviderEvent`s (`GPSDLineDecoder`), then into the text a person sees.
///
/// Properties: no trap; a fix has an in-range coordinate and every number finite and within
/// `LocationFix`'s documented bounds or `nil`; its text renderings (`description`, which
/// prints the accuracy in whole meters, the update's and the approximated fix's) contain no
/// control or bidi-override character; its JSON line (`LocationJSON.fix`, what `watch --json`,
/// `locate --json` and the service's event stream send) is one line of valid JSON whose
/// numbers are the fix's own.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGPSDReport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var decoder = GPSDLineDecoder(source: FixSource(kind: "gpsd", name: "fuzz:2947"))
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
        guard case .fix(let fix)? = decoder.decode(String(decoding: line, as: UTF8.self)) else { continue }
        check(fix)
        check(fix.approximated())
    }
    return 0
}

private func check(_ fix: LocationFix) {
    let latitude = fix.coordinate.latitude.degrees
    let longitude = fix.coordinate.longitude.degrees
    require((-90...90).contains(latitude) && (-180...180).contains(longitude), "coordinate out of range: \(fix)")
    func inRange(_ value: Double?, _ range: ClosedRange<Double>, _ name: String) {
        guard let value else { return }
        require(value.isFinite && range.contains(value), "\(name) \(value) outside \(range)")
    }
    inRange(fix.horizontalAccuracy, LocationFix.accuracyRange, "horizontalAccuracy")
    inRange(fix.verticalAccuracy, LocationFix.accuracyRange, "verticalAccuracy")
    inRange(fix.altitude, LocationFix.altitudeRange, "altitude")
    inRange(fix.speed, LocationFix.speedRange, "speed")
    if let course = fix.course { require(course >= 0 && course < 360, "course \(course) outside 0..<360") }
    if let satellites = fix.satellitesUsed {
        require(LocationFix.satellitesUsedRange.contains(satellites), "satellitesUsed \(satellites)")
    }
    if let time = fix.receiverTime { require(LocationFix.receiverTimeRange.contains(time), "receiverTime \(time)") }
    checkJSON(fix)
    for text in [fix.description, LocationUpdate.fix(fix).description] {
        require(
            !text.unicodeScalars.contains(where: TerminalSafeText.isUnsafe),
            "control character in \(text.debugDescription)")
        require(text.hasPrefix(fix.coordinate.formatted), "rendering does not start with the coordinate: \(text)")
    }
}

/// The numbers of a fix line, read back with `JSONDecoder` (not `JSONSerialization`, which on
/// Linux reads `152336.80182433847` as an `NSDecimalNumber` whose `doubleValue` is another
/// double: the fuzzer's first finding on this property was that, not the encoder).
private struct FixLine: Decodable {
    var latitude: Double
    var longitude: Double
    var horizontalAccuracy: Double?
    var altitude: Double?
}

/// `LocationJSON.fix(fix)` parses back as a JSON object on one line, with the fix's numbers.
private func checkJSON(_ fix: LocationFix) {
    let line = LocationJSON.fix(fix)
    require(!line.utf8.contains { $0 < 0x20 }, "control character in the JSON line \(line.debugDescription)")
    guard let decoded = try? JSONDecoder().decode(FixLine.self, from: Data(line.utf8)) else {
        require(false, "not a fix object: \(line)")
        return
    }
    require(
        decoded.latitude == fix.coordinate.latitude.degrees && decoded.longitude == fix.coordinate.longitude.degrees,
        "the JSON coordinate is not the fix's: \(line)")
    require(decoded.horizontalAccuracy == fix.horizontalAccuracy, "accuracy: \(line)")
    require(decoded.altitude == fix.altitude, "altitude: \(line)")
}
