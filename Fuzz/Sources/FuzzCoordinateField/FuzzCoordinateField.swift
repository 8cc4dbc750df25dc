import Foundation
import FuzzSupport
import Geodata

/// Fuzzes one coordinate field's text (`Latitude.parse` / `Longitude.parse`) and checks
/// properties, not just "no crash":
/// - an accepted value is finite and inside its axis' range;
/// - it equals what `Double` reads from the same text once the accepted spellings (`,`, `−`,
///   surrounding white space) are normalised — so nothing accepted is misread;
/// - formatting then parsing again gives the same five decimals (round trip);
/// - an out-of-range error only comes for a number that really is out of range.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCoordinateField(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    check(Latitude.self, text, range: -90...90)
    check(Longitude.self, text, range: -180...180)
    return 0
}

private func check<Component: CoordinateComponent>(
    _ type: Component.Type, _ text: String, range: ClosedRange<Double>
) {
    let reference = Double(normalised(text))
    do {
        guard let value = try Component.parse(text) else {
            require(text.allSatisfy(\.isWhitespace), "nil (no value) for non-blank text \(text.debugDescription)")
            return
        }
        require(value.degrees.isFinite && range.contains(value.degrees), "accepted \(value.degrees) outside \(range)")
        require(
            reference == value.degrees,
            "\(text.debugDescription) read as \(value.degrees), Double says \(String(describing: reference))")
        let again = try Component.parse(value.formatted)
        require(
            again?.formatted == value.formatted, "round trip of \(value.formatted) gave \(String(describing: again))")
    } catch .outOfRange {
        require(reference.map { !range.contains($0) } ?? false, "out of range for \(text.debugDescription)")
    } catch {
        // `invalidFormat`: the only other error a single field can give.
        require(error == .invalidFormat, "unexpected \(error) for \(text.debugDescription)")
    }
}

/// The text with the spellings Geodata accepts beyond `Double`'s own (`,` as the decimal
/// separator, the Unicode minus) replaced, and surrounding white space removed.
private func normalised(_ text: String) -> String {
    let trimmed = text.unicodeScalars.drop(while: \.properties.isWhitespace)
        .reversed().drop(while: \.properties.isWhitespace).reversed()
    return String(String.UnicodeScalarView(trimmed.map { $0 == "," ? "." : $0 == "\u{2212}" ? "-" : $0 }))
}

#if canImport(Glibc)
    import Glibc
#endif
