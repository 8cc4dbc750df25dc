import Hummingbird

/// Where this server is for a visitor: the scheme and authority absolute links start with
/// (`http://petspot.example:8080`), as the shared tags of a card need them (``ShareTags``).
///
/// Today it is the request's own origin: its scheme (`http` unless the request says
/// otherwise) and its `Host` (which ``AllowedHostsMiddleware`` has already allowed). A server
/// behind a proxy that ends TLS will want a configured address (`--public-url`): this is the
/// one function to change.
enum PublicBase {
    /// `scheme://host[:port]` of `request`, or `nil` without a `Host`.
    static func of(_ request: Request) -> String? {
        guard let authority = request.head.authority, !authority.isEmpty else { return nil }
        let scheme = request.head.scheme.flatMap { $0 == "https" ? "https" : nil } ?? "http"
        return scheme + "://" + authority
    }
}
