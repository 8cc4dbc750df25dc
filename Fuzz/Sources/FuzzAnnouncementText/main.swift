import Foundation
import FuzzSupport
import OutsideInput
import ReportSteps

/// Fuzzes an announcement JSON body all the way to the text lines `petspot show` prints
/// (``PetDetailsCardText``), plain and painted. Properties: no trap; no control or bidi
/// character from the announcement in any line (`TerminalSafeText.isUnsafe`), the painted
/// lines included once the painter's own markers are removed; a body that repeats a key is
/// never shown, whichever way the key is spelled.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnnouncementText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let card: PetDetailsCard
    do {
        card = try PetDetailsCard(json: bytes)
    } catch {
        return 0
    }
    require(JSONDuplicateKeys.firstDuplicate(in: bytes) == nil, "a body with a repeated key was shown")
    for line in PetDetailsCardText.lines(card) {
        require(!line.unicodeScalars.contains(where: TerminalSafeText.isUnsafe), "unsafe line \(line.debugDescription)")
        require(!line.contains("\n"), "a line holds a line break: \(line.debugDescription)")
    }
    let painted = PetDetailsCardText.lines(card, usesColor: true) { text, style in "\u{1}\(style)\u{2}\(text)\u{3}" }
    for line in painted {
        let unpainted = line.unicodeScalars.filter { !["\u{1}", "\u{2}", "\u{3}"].contains($0) }
        require(!unpainted.contains(where: TerminalSafeText.isUnsafe), "unsafe painted line \(line.debugDescription)")
    }
    return 0
}
