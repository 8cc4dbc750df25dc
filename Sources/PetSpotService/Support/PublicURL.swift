public import Foundation

/// Where visitors reach this server (`--public-url`, PETSPOT_PUBLIC_URL): the base of every link
/// a mail carries (confirm, unsubscribe, a card), `https://petspot.example` or
/// `http://localhost:8080/`, kept without its trailing slash. A path is allowed (a server behind
/// a proxy under `/petspot`); a query, a fragment or a user is not.
///
/// ```swift
/// let base = try PublicURL("https://petspot.example/")
/// base.link("/pets/r-1")      // "https://petspot.example/pets/r-1"
/// ```
public struct PublicURL: Sendable, Hashable, CustomStringConvertible {
    /// The base, without a trailing slash.
    public let text: String

    /// Reads `text`.
    /// - Throws: ``PublicURLError`` saying what to write instead.
    public init(_ text: String) throws(PublicURLError) {
        guard let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = parts.host, !host.isEmpty
        else {
            throw PublicURLError(
                text: "write the address visitors use, like https://petspot.example, not \(Self.quoted(text))")
        }
        guard parts.query == nil, parts.fragment == nil, parts.user == nil, parts.password == nil else {
            throw PublicURLError(text: "a query, fragment or user means nothing there: \(Self.quoted(text))")
        }
        var base = text
        while base.hasSuffix("/") { base.removeLast() }
        self.text = base
    }

    /// `path` (starting with `/`) under the base.
    public func link(_ path: String) -> String { text + path }

    public var description: String { text }

    private static func quoted(_ text: String) -> String {
        "\"\(text.prefix(80).unicodeScalars.map { $0.value < 0x20 ? "?" : String($0) }.joined())\""
    }
}

/// A `--public-url` that cannot be used; the text says what to write.
public struct PublicURLError: Error, Sendable, CustomStringConvertible {
    public let text: String
    public var description: String { "the public URL cannot be used: \(text)" }
}
