import Foundation

/// Names compared as people type them: case, accents and the letters that do not decompose
/// (ł, ø, ß …) folded, so "krakow" finds "Kraków" and "Lodz" finds "Łódź" — and the library's
/// own spellings without accents are found by a query with them. libgeonames' own search folds
/// nothing ("Kraków" finds nothing), so the index folds both sides itself.
enum NameFolding {
    /// `text` lower-cased, without accents, hyphens and apostrophes as spaces, spaces single.
    static func fold(_ text: some StringProtocol) -> String {
        let plain = String(text).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        var folded = ""
        folded.reserveCapacity(plain.utf8.count)
        var lastWasSpace = true
        for character in plain {
            if let replacement = extra[character] {
                folded += replacement
                lastWasSpace = false
            } else if character.isLetter || character.isNumber {
                folded += character.lowercased()
                lastWasSpace = false
            } else if !lastWasSpace {
                folded += " "
                lastWasSpace = true
            }
        }
        if folded.hasSuffix(" ") { folded.removeLast() }
        return folded
    }

    /// Letters that Unicode does not decompose into a base letter and an accent.
    private static let extra: [Character: String] = [
        "ł": "l", "Ł": "l", "ø": "o", "Ø": "o", "đ": "d", "Đ": "d", "ß": "ss", "æ": "ae", "Æ": "ae",
        "œ": "oe", "Œ": "oe", "ı": "i", "ħ": "h", "þ": "th", "ð": "d",
    ]
}
