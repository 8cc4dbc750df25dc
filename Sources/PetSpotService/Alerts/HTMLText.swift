/// Text made safe for an HTML mail's body and attributes: `&`, `<`, `>`, `"` and `'` escaped.
/// Hand-written: the pages escape through Mustache, mails are built in Swift.
enum HTMLText {
    static func escaped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
