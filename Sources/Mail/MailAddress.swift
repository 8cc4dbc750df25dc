/// One mail address as an envelope and a header carry it: `local@domain`, at most 254
/// characters, no spaces, angle brackets, commas or line breaks (so one address is never two,
/// and a header never gains a line).
public struct MailAddress: Sendable, Equatable, CustomStringConvertible {
    public let text: String

    public init(_ text: String) throws(MailError) {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        let forbidden = text.unicodeScalars.contains { scalar in
            scalar.value < 0x21 || scalar.value == 0x7F || "<>,;\"()[]\\".unicodeScalars.contains(scalar)
        }
        guard text.utf8.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
            !parts[1].hasPrefix("."), !parts[1].hasSuffix("."), !forbidden
        else {
            throw .badAddress("\"\(text.prefix(80))\" (write one address, like alerts@example.org)")
        }
        self.text = text
    }

    public var description: String { text }
    /// The domain, for the message's id.
    var domain: Substring { text[text.index(after: text.firstIndex(of: "@") ?? text.startIndex)...] }
}
