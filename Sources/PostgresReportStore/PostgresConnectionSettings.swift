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
        var configuration: PostgresClient.Configuration
        if let socket = address.unixSocketPath {
            configuration = PostgresClient.Configuration(
                unixSocketPath: socket, username: address.user, password: address.password,
                database: address.database)
        } else {
            let tls: PostgresClient.Configuration.TLS =
                switch try tlsSettings(address) {
                case .none: .disable
                case .prefer(let context): .prefer(context)
                case .require(let context): .require(context)
                }
            configuration = PostgresClient.Configuration(
                host: address.host, port: address.port, username: address.user, password: address.password,
                database: address.database, tls: tls)
        }
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
        var configuration: PostgresConnection.Configuration
        if let socket = address.unixSocketPath {
            configuration = PostgresConnection.Configuration(
                unixSocketPath: socket, username: address.user, password: address.password,
                database: address.database)
        } else {
            let tls: PostgresConnection.Configuration.TLS
            do {
                switch try tlsSettings(address) {
                case .none: tls = .disable
                case .prefer(let configuration): tls = .prefer(try NIOSSLContext(configuration: configuration))
                case .require(let configuration): tls = .require(try NIOSSLContext(configuration: configuration))
                }
            } catch let error as ReportStoreError {
                throw error
            } catch {
                throw .unavailable(
                    StoreURL.postgres(address).description, "its TLS settings cannot be used (\(error)).")
            }
            configuration = PostgresConnection.Configuration(
                host: address.host, port: address.port, username: address.user, password: address.password,
                database: address.database, tls: tls)
        }
        configuration.options.connectTimeout = .seconds(Int64(min(timeout, address.connectTimeout).components.seconds))
        return configuration
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
