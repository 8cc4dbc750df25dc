public import Foundation
import LocationTestSupport

/// A real SMTP server (Debian's python3-aiosmtpd, `smtp_server.py`) for one test: it keeps each
/// mail it takes as a JSON file, and ends when the test's body returns.
public struct SMTPTestServer: Sendable {
    /// A mail the server took.
    public struct Kept: Decodable, Sendable {
        public let from: String
        public let to: [String]
        public let tls: Bool
        public let authenticated: Bool
        public let data: String
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let port: Int
    public let folder: URL

    /// Whether the tests can run: always with `CI=true` (they fail there when it is missing).
    public static var shouldRun: Bool {
        ProcessInfo.processInfo.environment["CI"] == "true"
            || FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/aiosmtpd/__init__.py")
    }

    /// The mails kept so far, in the order they came.
    public func kept() throws -> [Kept] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("mail-") && $0.hasSuffix(".json") }.sorted()
        return try names.map {
            try JSONDecoder().decode(Kept.self, from: Data(contentsOf: folder.appendingPathComponent($0)))
        }
    }

    /// Runs `body` with a server started with `arguments` (`--starttls CERT KEY`, `--auth U:P` …).
    /// The mails go to a new folder in `folder`, or to `mails` when given (a server started again
    /// where an earlier one kept its mails: pass that one's ``folder`` and ``port``).
    public static func with<T>(
        _ arguments: [String], in folder: URL, mails: URL? = nil, _ body: (SMTPTestServer) async throws -> T
    ) async throws -> T {
        let mails = mails ?? folder.appendingPathComponent("mails-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: mails, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "smtp_server.py")
        process.arguments = [script.path, mails.path] + arguments
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        defer {
            // Closing its standard input ends it; then wait, off the cooperative threads.
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        let line = await firstLine(of: output.fileHandleForReading)
        guard let line, line.hasPrefix("ready "), let port = Int(line.dropFirst(6)) else {
            process.terminate()
            throw Failure(description: "smtp_server.py did not start (it said \(line ?? "nothing"))")
        }
        return try await body(SMTPTestServer(port: port, folder: mails))
    }

    /// The first line `handle` gives, read on a thread that may block (nil at its end).
    private static func firstLine(of handle: FileHandle) async -> String? {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var bytes: [UInt8] = []
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    bytes += chunk
                    if bytes.contains(UInt8(ascii: "\n")) { break }
                }
                let text = String(decoding: bytes, as: UTF8.self)
                continuation.resume(returning: text.isEmpty ? nil : String(text.prefix { $0 != "\n" }))
            }
        }
    }

    /// A certificate authority and a certificate it signed for 127.0.0.1, made with `openssl`.
    public static func certificates(in folder: URL) async throws -> (ca: String, certificate: String, key: String) {
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        try "subjectAltName=IP:127.0.0.1,DNS:localhost\n".write(
            toFile: path("ext.cnf"), atomically: true, encoding: .utf8)
        let steps: [[String]] = [
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path("ca.key"), "-out", path("ca.pem"),
                "-days", "1", "-subj", "/CN=PetSpot Test CA",
            ],
            [
                "req", "-newkey", "rsa:2048", "-nodes", "-keyout", path("server.key"), "-out", path("server.csr"),
                "-subj", "/CN=127.0.0.1",
            ],
            [
                "x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"),
                "-CAcreateserial", "-out", path("server.pem"), "-days", "1", "-extfile", path("ext.cnf"),
            ],
        ]
        for step in steps {
            let made = try await ProcessRun.run(URL(fileURLWithPath: "/usr/bin/openssl"), step, timeout: .seconds(120))
            guard made.status == 0 else { throw Failure(description: "openssl \(step[0]): \(made.stderr)") }
        }
        return (path("ca.pem"), path("server.pem"), path("server.key"))
    }
}
