import Foundation
import LocationTestSupport
import Testing

/// `petspot serve` (the built binary) says where the pages are, after its listening line,
/// which stays exactly as scripts read it; each address it prints answers a page.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ServePagesLineTests {
    @Test func servePrintsThePageAddressesAfterTheListeningLine() async throws {
        let server = try ServeCommandTests.Server(["--log-level", "warning"])
        defer { server.stop() }
        let port = try #require(await server.port(), "\(server.output)")
        let base = "http://127.0.0.1:\(port)"
        let expected = [
            "petspot: listening on \(base)", "petspot: home page on \(base)/",
            "petspot: report a missing pet on \(base)/report/missing",
            "petspot: report a found animal on \(base)/report/found",
            "petspot: map of the reports on \(base)/map?near=52.2297,21.0122",
        ]
        #expect(await eventually(hangGuard) { server.output.components(separatedBy: "\n").count > expected.count })
        let lines = server.output.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex(of: expected[0]), "\(server.output)")
        #expect(Array(lines[start...].prefix(expected.count)) == expected, "\(server.output)")
        #expect(server.output.components(separatedBy: "listening on").count == 2)
        for line in expected.dropFirst() {
            let path = String(try #require(line.split(separator: " ").last).dropFirst(base.count))
            let page = try await TestServer(port: port).request(path)
            #expect(page.status == 200 && page.header("content-type") == "text/html; charset=utf-8", "\(path)")
        }
    }
}
