import HTTPTypes

extension HTTPField.Name {
    /// `Last-Event-ID`: where an event stream resumes.
    static let lastEventID = named("Last-Event-ID")
    /// `X-Request-Id`: a request's id in the logs.
    static let requestID = named("X-Request-Id")
    /// `Idempotency-Key`: one report however often Submit is pressed.
    static let idempotencyKey = named("Idempotency-Key")
    /// `X-Forwarded-For`: the addresses a request came through, the client's first.
    static let xForwardedFor = named("X-Forwarded-For")
    /// `Forwarded` (RFC 7239): the standard form of the same.
    static let forwarded = named("Forwarded")
    /// `X-Real-IP`: one proxy's word for the client's address.
    static let xRealIP = named("X-Real-IP")
    /// `Referrer-Policy`: what a followed link tells the page it leads to.
    static let referrerPolicy = named("Referrer-Policy")

    private static func named(_ text: String) -> HTTPField.Name {
        // The names above are constant tokens; `init?` fails only for characters no header
        // name can have.
        guard let name = HTTPField.Name(text) else { preconditionFailure("not a header name: \(text)") }
        return name
    }
}
