/// Where the map page's tiles come from: a URL template with `{z}`, `{x}` and `{y}` (and an
/// optional `{s}` subdomain at the start of the host), and the attribution its terms ask for.
/// The map page's Content-Security-Policy allows images from exactly this origin.
///
/// ```swift
/// let tiles = try TileSource(template: "https://tiles.example.org/{z}/{x}/{y}.png", attribution: "© Example")
/// tiles.origin    // "https://tiles.example.org"
/// ```
public struct TileSource: Sendable, Hashable {
    /// The URL template.
    public let template: String
    /// The attribution shown on the map.
    public let attribution: String
    /// The template's origin, as a CSP source: `https://tile.openstreetmap.org`,
    /// `https://*.tile.example.org` for a `{s}.` subdomain.
    public let origin: String

    /// OpenStreetMap's standard tiles, with the attribution their policy asks for.
    public static let openStreetMap = TileSource(
        checked: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", attribution: "\u{A9} OpenStreetMap contributors",
        origin: "https://tile.openstreetmap.org")

    private init(checked template: String, attribution: String, origin: String) {
        self.template = template
        self.attribution = attribution
        self.origin = origin
    }

    /// A source for `template`, checked.
    ///
    /// - Throws: ``TileSourceError`` naming what is wrong: not http(s), a placeholder missing,
    ///   or a placeholder in the host other than a leading `{s}.`.
    public init(template: String, attribution: String) throws(TileSourceError) {
        let scheme: String
        if template.hasPrefix("https://") {
            scheme = "https://"
        } else if template.hasPrefix("http://") {
            scheme = "http://"
        } else {
            throw TileSourceError(template, "it must start with https:// or http://")
        }
        for placeholder in ["{z}", "{x}", "{y}"] where !template.contains(placeholder) {
            throw TileSourceError(template, "it has no \(placeholder)")
        }
        let rest = template.dropFirst(scheme.count)
        var host = String(rest.prefix { $0 != "/" })
        if host.hasPrefix("{s}.") { host = "*." + host.dropFirst(4) }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]*")
        guard !host.isEmpty, host.allSatisfy(allowed.contains), !host.dropFirst(1).contains("*") else {
            throw TileSourceError(template, "its host must be a name or address (a leading {s}. is allowed)")
        }
        self.init(checked: template, attribution: attribution, origin: scheme + host)
    }
}

/// A tile URL template that cannot be used, and why.
public struct TileSourceError: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String

    init(_ template: String, _ reason: String) {
        description = "The tile URL \(String(template.prefix(200))) cannot be used: \(reason)."
    }
}
