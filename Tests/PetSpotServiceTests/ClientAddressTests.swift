import HTTPTypes
import NIOCore
import Testing

@testable import PetSpotService

/// Who a request comes from, as the rate limit, the logs and the operator-only rule see it: the
/// peer, or the client a trusted proxy names; IPv4 clients of a server on `::` in their own
/// buckets (issue 43).
struct ClientAddressTests {
    static func client(
        _ peer: String, _ headers: [(HTTPField.Name, String)] = [], trusting proxies: [String] = []
    ) throws -> Client {
        var fields = HTTPFields()
        for (name, value) in headers { fields.append(HTTPField(name: name, value: value)) }
        return Client(
            peer: try SocketAddress(ipAddress: peer, port: 40_000), headers: fields,
            proxies: try TrustedProxies(proxies))
    }

    @Test func clientsAreAddressesOrIPv6Networks() throws {
        #expect(try Self.client("192.0.2.7").rateKey == "192.0.2.7")
        let one = try Self.client("2001:db8:1:2::7").rateKey
        #expect(one == (try Self.client("2001:db8:1:2:ffff::9").rateKey))
        #expect(one != (try Self.client("2001:db8:1:3::7").rateKey))
    }

    /// `--host ::` sees IPv4 clients as `::ffff:a.b.c.d`: each is keyed as its IPv4 address, not
    /// all as the /64 `::`.
    @Test func ipv4MappedClientsOfADualStackServerHaveBucketsOfTheirOwn() throws {
        let mapped = try Self.client("::ffff:192.0.2.7")
        #expect(mapped.rateKey == "192.0.2.7")
        #expect(mapped.rateKey != (try Self.client("::ffff:198.51.100.9").rateKey))
        #expect(try Self.client("::ffff:127.0.0.1").isLoopback)
    }

    @Test(arguments: [
        ("1.2.3.4", "1.2.3.4"), ("::ffff:1.2.3.4", "1.2.3.4"), ("[2001:db8::1]:4711", "2001:db8::1"),
        ("192.0.2.60:8080", "192.0.2.60"), ("2001:DB8::1", "2001:db8::1"),
    ])
    func addressesAreReadAsProxiesWriteThem(text: String, shown: String) {
        #expect(IPAddress(text)?.description == shown)
    }

    @Test(arguments: ["unknown", "_hidden", "", "1.2.3", "1.2.3.4.5", "example.com", "[::1", "::1]:80", "1.2.3.4:x"])
    func anythingElseIsNoAddress(text: String) {
        #expect(IPAddress(text) == nil, "\(text)")
    }

    @Test func aTrustedProxysForwardedForNamesTheClient() throws {
        let client = try Self.client(
            "127.0.0.1", [(.xForwardedFor, "198.51.100.1, 203.0.113.9")], trusting: ["127.0.0.1"])
        #expect(client.description == "203.0.113.9", "the nearest hop that is not a trusted proxy")
        #expect(!client.isLoopback)
        let chain = try Self.client(
            "10.0.0.2", [(.xForwardedFor, "203.0.113.9, 10.0.0.7")], trusting: ["10.0.0.0/8"])
        #expect(chain.description == "203.0.113.9", "trusted hops are skipped")
        let forwarded = try Self.client(
            "::1", [(.forwarded, #"for=192.0.2.43, for="[2001:db8:cafe::17]:4711";proto=https"#)],
            trusting: ["::1"])
        #expect(forwarded.description == "2001:db8:cafe::17")
    }

    @Test func forwardingHeadersFromAnUntrustedPeerAreNotBelievedNorLoopback() throws {
        let client = try Self.client("127.0.0.1", [(.xForwardedFor, "127.0.0.1")])
        #expect(client.description == "127.0.0.1")
        #expect(!client.isLoopback, "a proxy nobody trusted forwarded it: its client is elsewhere")
        let spoofed = try Self.client("203.0.113.9", [(.xForwardedFor, "127.0.0.1")], trusting: ["127.0.0.1"])
        #expect(spoofed.description == "203.0.113.9")
        #expect(try Self.client("127.0.0.1").isLoopback)
        #expect(try Self.client("::1").isLoopback)
    }

    @Test func aTrustedProxysUnreadableHopIsNeverLoopback() throws {
        let client = try Self.client("127.0.0.1", [(.xForwardedFor, "unknown")], trusting: ["127.0.0.1"])
        #expect(!client.isLoopback)
        #expect(client.description == "127.0.0.1")
    }

    @Test(arguments: ["10.0.0.0/33", "10.0.0.0/", "fd00::/129", "example.com", "10.0.0.0/8/8", "[::1]", "1.2.3.4/x"])
    func aTrustedProxyIsAnAddressOrANetwork(entry: String) {
        #expect(throws: TrustedProxyError.self) { try TrustedProxies([entry]) }
    }

    @Test func networksContainTheirAddressesOnly() throws {
        let proxies = try TrustedProxies(["10.0.0.0/8", "192.0.2.1", "fd00::/8"])
        #expect(proxies.contains(try #require(IPAddress("10.255.1.2"))))
        #expect(!proxies.contains(try #require(IPAddress("11.0.0.1"))))
        #expect(proxies.contains(try #require(IPAddress("192.0.2.1"))))
        #expect(!proxies.contains(try #require(IPAddress("192.0.2.2"))))
        #expect(proxies.contains(try #require(IPAddress("fd12::1"))))
        #expect(!proxies.contains(try #require(IPAddress("fe80::1"))))
        #expect(proxies.contains(try #require(IPAddress("::ffff:10.1.1.1"))), "IPv4-mapped is IPv4")
    }

    /// Every change counts, whatever its route; only the step API's checks (which store
    /// nothing) do not.
    @Test(arguments: [
        ("/v1/report-steps/found/contactInfo", true), ("/v1/report-steps/missing/contactDetails", true),
        ("/v1/report-steps/found/petDetails", false), ("/v1/report-steps/missing/microchip", false),
        ("/v1/report-steps/missing/animalDescription/location", false), ("/v1/report-photos/found", false),
        ("/v1/report-steps/found/contactInfo/location", false), ("/v1/reports/missing", true),
        ("/v1/reports/r-1/photo", true), ("/v1/scenarios/default/run", true), ("/v1/report-steps/found", true),
        ("/v1/report-steps/found/petDetails/x", true), ("/v2/report-photos/found", true),
    ])
    func submitAndEveryOtherChangeCountAgainstTheBudget(path: String, counts: Bool) {
        #expect(!RateLimitMiddleware.isCheck(path) == counts, "\(path)")
    }
}
