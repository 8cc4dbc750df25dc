import Foundation

/// An `application/x-www-form-urlencoded` body, as the one-button pages post it: `name=value`
/// pairs joined by `&`. Only the fields those pages send are read (tokens and codes of
/// hexadecimal digits, or a one-click `List-Unsubscribe=One-Click`), so values are taken as sent.
enum FormFields {
    /// The value of field `name` in `body`, if it has one.
    static func value(_ name: String, in body: Data) -> String? {
        for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
            let parts: [Substring] = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, parts[0] == name { return String(parts[1]) }
        }
        return nil
    }
}
