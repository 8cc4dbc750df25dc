import Foundation
import Location
import LocationTestSupport
import PetSpotService
import Scenarios
import Testing

/// The receiver is the operator's: on a server that does not listen only on loopback, the
/// server's own position needs the operator's token, and the pages use the visitor's browser
/// unless the operator offers the server's source to them. A token comes from a file or the
/// environment, never the command line.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct OperatorAccessTests {
    static let secret = "op-3b9f0c1a7d2e4f6a8b0c1d2e3f4a5b6c"

    static func publicServer(pages: Bool = false) throws -> ServiceConfiguration {
        let loop = ScenarioLoop(scenario: try ScenarioLibrary.load("accuracy-improving"))
        return ServiceConfiguration(
            host: "0.0.0.0", location: .scenario(loop, logger: TestServer.quietLogger),
            operatorToken: try OperatorToken(secret: secret), pagesUseServerLocation: pages,
            logger: TestServer.quietLogger)
    }

    @Test func aPublicServersPositionNeedsTheOperatorsToken() async throws {
        try await TestServer.with(try Self.publicServer()) { server in
            let anonymous = try await server.request("/v1/location?timeout=20")
            #expect(anonymous.status == 401)
            #expect(anonymous.header("www-authenticate")?.hasPrefix("Bearer") == true)
            #expect(try anonymous.object["reason"] as? String == "operatorTokenRequired")
            let stranger = try await server.request(
                "/v1/location?timeout=20", headers: [("Authorization", "Bearer not-the-operators-token-at-all-x")])
            #expect(stranger.status == 403)
            #expect(try stranger.object["reason"] as? String == "notOperator")
            let malformed = try await server.request("/v1/location", headers: [("Authorization", "Basic eDp5")])
            #expect(malformed.status == 401)
            let stream = try await server.request("/v1/location/updates")
            #expect(stream.status == 401)
            let operatorAnswer = try await server.request(
                "/v1/location?timeout=20", headers: [("Authorization", "Bearer \(Self.secret)")])
            #expect(operatorAnswer.status == 200, "\(operatorAnswer.body)")
            // A bundled scenario played for the request tells nothing of the server: open to all.
            #expect(try await server.request("/v1/location?scenario=default").status == 200)
        }
    }

    @Test func aLoopbackServersPositionIsOpenToItsUsers() async throws {
        var configuration = try Self.publicServer()
        configuration.host = "127.0.0.1"
        try await TestServer.with(configuration) { server in
            let answer = try await server.request("/v1/location?timeout=20")
            #expect(answer.status == 200, "\(answer.body)")
        }
    }

    @Test func thePagesUseTheBrowserUnlessTheOperatorOffersTheServersSource() async throws {
        try await TestServer.with(try Self.publicServer()) { server in
            let page = try await server.request("/report/found")
            #expect(page.body.contains("&quot;locationSource&quot;:&quot;browser&quot;"))
            // Asked without a browser answer, the step API does not reveal the server's fix.
            let answer = try await server.request(
                "POST", "/v1/report-steps/found/petDetails/location", headers: ExampleRequests.json,
                body: Array("{}".utf8))
            #expect(answer.body.contains(#"latitudeTextField.input","value":"","#), "\(answer.body)")
            #expect(answer.body.contains("this server has no location source"))
        }
        try await TestServer.with(try Self.publicServer(pages: true)) { server in
            let page = try await server.request("/report/found")
            #expect(page.body.contains("&quot;locationSource&quot;:&quot;server&quot;"))
        }
    }

    @Test func aTokenIsLongPrintableAndReadFromARegularFile() throws {
        #expect(throws: OperatorTokenError.self) { try OperatorToken(secret: "short") }
        #expect(throws: OperatorTokenError.self) { try OperatorToken(secret: String(repeating: "é", count: 40)) }
        let token = try OperatorToken(secret: "  \(Self.secret)\n")
        #expect(token.matches(Self.secret))
        #expect(!token.matches(Self.secret + "x"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-token-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("token")
        try Self.writeSecret(Self.secret + "\n", to: file)
        #expect(try OperatorToken.read(file: file.path).matches(Self.secret))
        do {
            _ = try OperatorToken.read(file: folder.path)
            Issue.record("a directory was read as a token file")
        } catch {
            #expect(error.description.contains("token file"), "\(error)")
        }
    }

    /// `text` in a file only its owner may read, as a token file must be.
    static func writeSecret(_ text: String, to file: URL) throws {
        try text.write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    }

    /// As libpq with a password file: a token others may read is refused, and the message says
    /// what to do (issue 43).
    @Test func aTokenFileOthersMayReadIsRefusedWithWhatToDo() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-token-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("token")
        try Self.writeSecret(Self.secret, to: file)
        for mode in [0o644, 0o640, 0o604] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
            do {
                _ = try OperatorToken.read(file: file.path)
                Issue.record("a token file of mode \(String(mode, radix: 8)) was read")
            } catch {
                #expect(error.description.contains("chmod 600"), "\(error)")
            }
        }
        let store = ["--store", "sqlite:" + folder.appendingPathComponent("r.sqlite").path]
        let refused = try await ProcessRun.run(
            PetSpotBinary.url, ["serve", "--operator-token-file", file.path] + store, timeout: .seconds(30))
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("chmod 600"), "\(refused.stderr)")
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: file.path)
        #expect(try OperatorToken.read(file: file.path).matches(Self.secret))
    }

    @Test func serveTakesTheTokenFromAFileOrTheEnvironmentAndRefusesABadOne() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-token-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let short = folder.appendingPathComponent("short")
        try Self.writeSecret("abc\n", to: short)
        let store = ["--store", "sqlite:" + folder.appendingPathComponent("r.sqlite").path]
        let refused = try await ProcessRun.run(
            PetSpotBinary.url, ["serve", "--operator-token-file", short.path] + store, timeout: .seconds(30))
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("at least 32"), "\(refused.stderr)")
        let fromEnvironment = try await ProcessRun.run(
            PetSpotBinary.url, ["serve"] + store, environment: ["PETSPOT_OPERATOR_TOKEN": "tiny"],
            timeout: .seconds(30))
        #expect(fromEnvironment.status == 64)
        #expect(fromEnvironment.stderr.contains("PETSPOT_OPERATOR_TOKEN"), "\(fromEnvironment.stderr)")
        // The command line has no option for the token itself.
        let help = try await ProcessRun.run(PetSpotBinary.url, ["serve", "--help"], timeout: .seconds(30))
        #expect(!help.stdout.contains("--operator-token "))
        #expect(help.stdout.contains("--operator-token-file"))
    }
}
