import HTTPTypes

/// The hops a request came through, as its proxies wrote them, farthest first: the addresses of
/// `X-Forwarded-For` (every field line, comma-separated), or, when it has none, the `for=`
/// parameters of `Forwarded` (RFC 7239, §5.2: quoted, bracketed IPv6, with a port). A hop that is
/// not an address (`unknown`, `_hidden`, garbage) is `nil`.
///
/// A proxy must set one of the two and drop whatever a client sent in the other: nginx's
/// `$proxy_add_x_forwarded_for` and Caddy's `reverse_proxy` set `X-Forwarded-For`
/// (`deploy/nginx.conf`, `deploy/Caddyfile` also clear `Forwarded`).
enum ForwardedFor {
    /// At most this many hops are read (the nearest ones); a longer chain is cut from the far end.
    static let maximumHops = 32

    static func hops(_ headers: HTTPFields) -> [IPAddress?] {
        let forwardedFor = headers[values: .xForwardedFor]
        if !forwardedFor.isEmpty {
            let entries = forwardedFor.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            return entries.suffix(maximumHops).map { IPAddress($0.trimmingSpaces) }
        }
        let elements = headers[values: .forwarded].flatMap {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        return elements.suffix(maximumHops).map { element -> IPAddress? in
            for pair in element.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingSpaces.lowercased() == "for" else { continue }
                var value = parts[1].trimmingSpaces
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                    value = value.dropFirst().dropLast()
                }
                return IPAddress(value)
            }
            return nil
        }
    }
}

extension Substring {
    /// Without the spaces and tabs around it.
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
