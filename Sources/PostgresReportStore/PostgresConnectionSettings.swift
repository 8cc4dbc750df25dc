import Foundation
import NIOSSL
import PostgresNIO
import ReportStore

/// postgres-nio's configuration for a ``StoreURL/PostgresAddress``: TCP or the Unix socket,
/// TLS as its `sslmode` asks (libpq's meanings), the connect timeout.
///
/// | `sslmode` | postgres-nio | certificate checked |
/// | --- | --- | --- |
/// | `disable` | no TLS | — |
/// | `allow`, `prefer` | TLS when the server offers it | no |
/// | `require` | TLS or no connection | no (against the `sslrootcert` CA when one is named, as libpq) |
/// | `verify-ca` | TLS or no connection | it chains to a trusted CA |
/// | `verify-full` | TLS or no connection | it chains to a trusted CA and names the host |
///
/// Trusted CAs: the PEM file `sslrootcert` names, the system's for `sslrootcert=system`, else
/// `~/.postgresql/root.crt` (libpq's default).
enum PostgresConnectionSettings {
    /// The pool's configuration.
    static func client(_ address: StoreURL.PostgresAddress, timeout: Duration) throws(ReportStoreError)
        -> PostgresClient.Configuration
    {
        var configuration = try configuration(address, as: PostgresClient.Configuration.self)
        configuration.options.connectTimeout = min(timeout, address.connectTimeout)
        return configuration
    }

    /// A pool configuration that never connects: TLS required, no CA trusted.
    static func neverConnecting(_ address: StoreURL.PostgresAddress) -> PostgresClient.Configuration {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .certificates([])
        return PostgresClient.Configuration(
            host: address.host, port: address.port, username: address.user, password: address.password,
            database: address.database, tls: .require(tls))
    }

    /// One connection's configuration (the store's first connect, which reports a refusal at
    /// once where the pool would retry).
    static func connection(_ address: StoreURL.PostgresAddress, timeout: Duration) throws(ReportStoreError)
        -> PostgresConnection.Configuration
    {
        var configuration = try configuration(address, as: PostgresConnection.Configuration.self)
        configuration.options.connectTimeout = .seconds(Int64(min(timeout, address.connectTimeout).components.seconds))
        return configuration
    }

    /// `address` as the pool's or a connection's configuration: its Unix socket, or its host
    /// and port with the TLS its `sslmode` asks.
    ///
    /// - Throws: ``ReportStoreError/unavailable(_:_:)`` when the TLS settings cannot be used.
    private static func configuration<Configuration: PostgresAddressConfiguration>(
        _ address: StoreURL.PostgresAddress, as _: Configuration.Type
    ) throws(ReportStoreError) -> Configuration {
        if let socket = address.unixSocketPath {
            return Configuration(
                unixSocketPath: socket, username: address.user, password: address.password,
                database: address.database)
        }
        let settings = try tlsSettings(address)
        let tls: Configuration.TLS
        do {
            tls = try Configuration.tls(settings)
        } catch {
            throw .unavailable(StoreURL.postgres(address).description, "its TLS settings cannot be used (\(error)).")
        }
        return Configuration(
            host: address.host, port: address.port, username: address.user, password: address.password,
            database: address.database, tls: tls)
    }

    enum TLSSettings {
        case none
        case prefer(TLSConfiguration)
        case require(TLSConfiguration)
    }

    /// What `sslmode` and `sslrootcert` ask for.
    static func tlsSettings(_ address: StoreURL.PostgresAddress) throws(ReportStoreError) -> TLSSettings {
        var tls = TLSConfiguration.makeClientConfiguration()
        switch address.sslMode {
        case .disable:
            return .none
        case .allow, .prefer:
            tls.certificateVerification = .none
            return .prefer(tls)
        case .require:
            if let roots = try trustRoots(address, required: false) {
                tls.trustRoots = roots
                tls.certificateVerification = .noHostnameVerification
            } else {
                tls.certificateVerification = .none
            }
            return .require(tls)
        case .verifyCA, .verifyFull:
            tls.trustRoots = try trustRoots(address, required: true)
            tls.certificateVerification = address.sslMode == .verifyFull ? .fullVerification : .noHostnameVerification
            return .require(tls)
        }
    }

    /// The CAs to trust: `sslrootcert`'s file, the system's, or `~/.postgresql/root.crt`.
    private static func trustRoots(_ address: StoreURL.PostgresAddress, required: Bool) throws(ReportStoreError)
        -> NIOSSLTrustRoots?
    {
        let name = StoreURL.postgres(address).description
        if address.sslRootCertificate == "system" { return .default }
        let path =
            address.sslRootCertificate
            ?? (ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()) + "/.postgresql/root.crt"
        guard FileManager.default.isReadableFile(atPath: path) else {
            if address.sslRootCertificate == nil && !required { return nil }
            throw .unavailable(
                name,
                "sslmode \(address.sslMode.rawValue) needs the CA certificate that signed the server's, and "
                    + "\(path) cannot be read; name it with sslrootcert=FILE (PGSSLROOTCERT), or sslrootcert=system.")
        }
        do {
            return .certificates(try NIOSSLCertificate.fromPEMFile(path))
        } catch {
            throw .unavailable(name, "the CA certificate file \(path) is not PEM certificates (\(error)).")
        }
    }
}

/// postgres-nio's two configurations of an address, the pool's and one connection's: alike
/// but for their TLS type.
protocol PostgresAddressConfiguration {
    associatedtype TLS
    init(host: String, port: Int, username: String, password: String?, database: String?, tls: TLS)
    init(unixSocketPath: String, username: String, password: String?, database: String?)
    /// The TLS `settings` ask for.
    static func tls(_ settings: PostgresConnectionSettings.TLSSettings) throws -> TLS
}

extension PostgresClient.Configuration: PostgresAddressConfiguration {
    static func tls(_ settings: PostgresConnectionSettings.TLSSettings) -> TLS {
        switch settings {
        case .none: .disable
        case .prefer(let context): .prefer(context)
        case .require(let context): .require(context)
        }
    }
}

extension PostgresConnection.Configuration: PostgresAddressConfiguration {
    /// The TLS `settings` ask for, with its SSL context made.
    ///
    /// - Throws: NIOSSL's error when the context cannot be made of them.
    static func tls(_ settings: PostgresConnectionSettings.TLSSettings) throws -> TLS {
        switch settings {
        case .none: .disable
        case .prefer(let configuration): .prefer(try NIOSSLContext(configuration: configuration))
        case .require(let configuration): .require(try NIOSSLContext(configuration: configuration))
        }
    }
}
