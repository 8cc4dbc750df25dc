import Foundation

/// Where mail goes: `smtp://[user[:password]@]host[:port]` (STARTTLS whenever the server offers
/// it, the certificate verified; `?tls=required` refuses a server that does not offer it) or
/// `smtps://…` (TLS from the first byte), `?cafile=PATH` to trust a private certificate
/// authority. A failed verification is an error, never a fall back to plain text.
///
/// ```swift
/// let server = try SMTPServer(url: "smtp://alerts@mail.example:587?tls=required",
///                             passwordFile: "/etc/petspot/smtp-password")
/// ```
public struct SMTPServer: Sendable, Equatable {
    /// The URL given to libcurl: scheme, host and port only.
    public let endpoint: String
    public let username: String?
    let password: String?
    /// A PEM file of authorities to trust instead of the system's.
    public let caFile: String?
    /// Whether the server must offer STARTTLS (always true for `smtps`).
    public let requiresTLS: Bool

    /// Reads `url`; the password comes from `passwordFile` when given (it wins over one in the
    /// URL; the file must be the owner's alone).
    public init(url: String, passwordFile: String? = nil) throws(MailError) {
        guard let parts = URLComponents(string: url), let scheme = parts.scheme?.lowercased(),
            scheme == "smtp" || scheme == "smtps"
        else {
            throw .badServerURL("write smtp://[user[:password]@]host[:port] or smtps://…, not \(Self.quoted(url))")
        }
        guard let host = parts.host, !host.isEmpty else { throw .badServerURL("it names no host: \(Self.quoted(url))") }
        guard parts.path.isEmpty || parts.path == "/" else {
            throw .badServerURL("a path (\(parts.path)) means nothing for SMTP")
        }
        var caFile: String?
        var requiresTLS = scheme == "smtps"
        for item in parts.queryItems ?? [] {
            switch (item.name, item.value ?? "") {
            case ("cafile", let path) where !path.isEmpty: caFile = path
            case ("tls", "required"): requiresTLS = true
            case ("tls", "when-offered") where scheme == "smtp": requiresTLS = false
            default:
                throw .badServerURL(
                    "unknown setting \(item.name)=\(item.value ?? ""): cafile=PATH and tls=required are known")
            }
        }
        let port = parts.port.map { ":\($0)" } ?? ""
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        endpoint = "\(scheme)://\(bracketed)\(port)"
        username = parts.user.flatMap { $0.isEmpty ? nil : $0 }
        if let passwordFile {
            password = try Self.readPassword(passwordFile)
        } else {
            password = parts.password
        }
        self.caFile = caFile
        self.requiresTLS = requiresTLS
    }

    /// The URL as it may be shown: no password.
    public var shown: String {
        username.map { endpoint.replacingOccurrences(of: "://", with: "://\($0)@") } ?? endpoint
    }

    private static func readPassword(_ path: String) throws(MailError) -> String {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw .badPasswordFile(path: path, reason: "cannot be read (\(error.localizedDescription))")
        }
        if let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue, mode & 0o077 != 0 {
            throw .badPasswordFile(path: path, reason: "others may read it; chmod 600 \(path)")
        }
        guard let data = FileManager.default.contents(atPath: path), data.count <= 4096,
            let text = String(data: data, encoding: .utf8)
        else {
            throw .badPasswordFile(path: path, reason: "cannot be read as text of at most 4 KiB")
        }
        let password = text.trimmingCharacters(in: .newlines)
        guard !password.isEmpty else { throw .badPasswordFile(path: path, reason: "it is empty") }
        return password
    }

    private static func quoted(_ text: String) -> String {
        "\"\(text.prefix(80).unicodeScalars.map { $0.value < 0x20 ? "?" : String($0) }.joined())\""
    }
}
