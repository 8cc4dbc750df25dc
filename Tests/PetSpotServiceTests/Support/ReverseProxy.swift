import Foundation
import GPSDTestSupport
import LocationTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A real reverse proxy in front of a test's `petspot serve`, run from the sample configuration
/// the project ships (`deploy/nginx.conf`, `deploy/Caddyfile`), changed only where a test must:
/// its ports, petspot's port, and for nginx a certificate the test makes (Caddy serves plain
/// HTTP here: its automatic certificates need a public name).
final class ReverseProxy: Sendable {
    enum Kind: String, Sendable, CaseIterable, CustomStringConvertible {
        case nginx, caddy
        var description: String { rawValue }
        /// Where Debian puts it.
        var executable: String { self == .nginx ? "/usr/sbin/nginx" : "/usr/bin/caddy" }
    }

    let kind: Kind
    /// The port people reach the proxy on (HTTPS for nginx, HTTP for Caddy).
    let port: Int
    let folder: URL
    private let process: ChildProcess

    /// The proxy's base URL at `host`.
    func url(_ host: String, _ path: String) -> String {
        "\(kind == .nginx ? "https" : "http")://\(host):\(port)\(path)"
    }

    /// Starts `kind` in front of petspot on 127.0.0.1:`upstream`, listening on every interface.
    init(_ kind: Kind, upstream: Int) async throws {
        self.kind = kind
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-\(kind)-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        port = try LoopbackSocket.freePort()
        let sample = try String(
            contentsOf: Self.deploy.appendingPathComponent(kind == .nginx ? "nginx.conf" : "Caddyfile"), encoding: .utf8
        )
        let replacements: [(String, String)]
        switch kind {
        case .nginx:
            let (certificate, key) = try await Self.certificate(in: folder)
            replacements = [
                ("server 127.0.0.1:8080;", "server 127.0.0.1:\(upstream);"),
                ("    listen [::]:80;\n", ""), ("    listen [::]:443 ssl http2;\n", ""),
                ("listen 80;", "listen \(try LoopbackSocket.freePort());"),
                ("listen 443 ssl http2;", "listen \(port) ssl http2;"),
                ("/etc/letsencrypt/live/petspot.example/fullchain.pem", certificate),
                ("/etc/letsencrypt/live/petspot.example/privkey.pem", key),
            ]
        case .caddy:
            replacements = [
                ("petspot.example {", "{\n\tadmin off\n}\n\nhttp://:\(port) {"),
                ("reverse_proxy 127.0.0.1:8080", "reverse_proxy 127.0.0.1:\(upstream)"),
            ]
        }
        var configuration = sample
        for (from, to) in replacements {
            guard configuration.contains(from) else { throw Failure("\(kind)'s sample has no '\(from)'") }
            configuration = configuration.replacingOccurrences(of: from, with: to)
        }
        let path = folder.path
        switch kind {
        case .nginx:
            try configuration.write(to: folder.appendingPathComponent("site.conf"), atomically: true, encoding: .utf8)
            let main = """
                \(geteuid() == 0 ? "user root;" : "")
                worker_processes 1;
                error_log \(path)/error.log warn;
                pid \(path)/nginx.pid;
                events { worker_connections 1024; }
                http {
                    access_log \(path)/access.log;
                    client_body_temp_path \(path)/body; proxy_temp_path \(path)/proxy;
                    fastcgi_temp_path \(path)/fastcgi; uwsgi_temp_path \(path)/uwsgi; scgi_temp_path \(path)/scgi;
                    include \(path)/site.conf;
                }
                """
            try main.write(to: folder.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
            process = try ChildProcess.start(
                kind.executable,
                ["-p", path, "-c", "\(path)/nginx.conf", "-e", "\(path)/error.log", "-g", "daemon off;"],
                directory: folder)
        case .caddy:
            try configuration.write(to: folder.appendingPathComponent("Caddyfile"), atomically: true, encoding: .utf8)
            process = try ChildProcess.start(
                kind.executable, ["run", "--config", "\(path)/Caddyfile", "--adapter", "caddyfile"],
                environment: ["HOME": path, "XDG_DATA_HOME": path, "XDG_CONFIG_HOME": path], directory: folder)
        }
        let port = self.port
        let process = self.process
        guard await eventually(hangGuard, { LoopbackSocket.accepts(port: port) || !process.isRunning }),
            process.isRunning
        else {
            process.kill()
            throw Failure("\(kind) did not start: \(process.output)")
        }
    }

    func stop() {
        process.kill()
        try? FileManager.default.removeItem(at: folder)
    }

    /// What the proxy printed.
    var output: String { process.output }

    /// The project's `deploy/` folder.
    static var deploy: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("deploy")
    }

    /// A self-signed certificate and its key, made with `openssl` in `folder`.
    static func certificate(in folder: URL) async throws -> (certificate: String, key: String) {
        let certificate = folder.appendingPathComponent("cert.pem").path
        let key = folder.appendingPathComponent("key.pem").path
        let made = try await ProcessRun.run(
            URL(fileURLWithPath: "/usr/bin/openssl"),
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "1",
                "-subj", "/CN=petspot.example",
            ], timeout: .seconds(120))
        guard made.status == 0 else { throw Failure("openssl: \(made.stderr)") }
        return (certificate, key)
    }

    /// An IPv4 address of this machine that is not loopback: a client connecting to it is, to
    /// the proxy, a client from elsewhere.
    static func outsideAddress() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else {
                continue
            }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard
                getnameinfo(
                    address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0,
                    NI_NUMERICHOST) == 0
            else { continue }
            let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !text.hasPrefix("127.") { return text }
        }
        return nil
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
