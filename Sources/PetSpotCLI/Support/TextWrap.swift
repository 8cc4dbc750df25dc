/// Breaks text into lines for a terminal of a known width, at spaces, never inside a word
/// unless the word alone is wider than the line (then it is cut where the line ends).
///
/// Widths count `Character`s, so a line of accented letters or emoji is not cut in the middle
/// of one; wide (East Asian) characters count as one, which errs towards longer lines.
enum TextWrap {
    /// The lines of `text` at most `width` characters long (at least 1), the first at most
    /// `firstWidth` when given. Line breaks in the text are kept; runs of spaces at a break are
    /// dropped.
    ///
    /// ```swift
    /// TextWrap.lines("Tap Request GPS position or type the coordinates.", width: 20)
    /// // ["Tap Request GPS", "position or type the", "coordinates."]
    /// ```
    static func lines(_ text: String, width: Int, firstWidth: Int? = nil) -> [String] {
        var result: [String] = []
        func room() -> Int { max(1, result.isEmpty ? (firstWidth ?? width) : width) }
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            // Each word with the spaces written before it: kept inside a line (aligned columns
            // stay aligned), dropped where the line breaks.
            for (spaces, word) in words(of: paragraph) {
                var word = word
                if !line.isEmpty, line.count + spaces.count + word.count <= room() {
                    line += spaces + word
                    continue
                }
                if !line.isEmpty {
                    result.append(line)
                    line = ""
                }
                while word.count > room() {
                    let size = room()
                    result.append(String(word.prefix(size)))
                    word = word.dropFirst(size)
                }
                line = String(word)
            }
            result.append(line)
        }
        return result
    }

    /// The words of `text`, each with the run of spaces before it (leading spaces dropped).
    private static func words(of text: Substring) -> [(spaces: String, word: Substring)] {
        var result: [(spaces: String, word: Substring)] = []
        var index = text.startIndex
        var spaces = ""
        while index < text.endIndex {
            if text[index] == " " {
                spaces.append(" ")
                index = text.index(after: index)
                continue
            }
            let end = text[index...].firstIndex(of: " ") ?? text.endIndex
            result.append((result.isEmpty ? "" : spaces, text[index..<end]))
            spaces = ""
            index = end
        }
        return result
    }

    /// `text` wrapped to `width`, the first line indented by `firstIndent` spaces and the others
    /// by `indent`; unchanged (one line) when `width` is `nil` (not a terminal: a pipe or file
    /// gets one line per item, as before). Each line keeps at least 20 characters of text.
    static func block(_ text: String, width: Int?, firstIndent: Int = 0, indent: Int = 0) -> [String] {
        let first = String(repeating: " ", count: firstIndent)
        guard let width else { return [first + text] }
        let rest = String(repeating: " ", count: indent)
        return lines(text, width: max(20, width - indent), firstWidth: max(20, width - firstIndent))
            .enumerated().map { index, line in (index == 0 ? first : rest) + line }
    }
}
