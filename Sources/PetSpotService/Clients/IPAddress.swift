#if canImport(Glibc)
    import Glibc
#endif

/// An IP address as its bytes: 4 for IPv4, 16 for IPv6. An IPv4-mapped IPv6 address
/// (`::ffff:192.0.2.7`, what a socket bound to `::` sees of an IPv4 client) is its IPv4 address,
/// so one client has one address whichever way it arrived.
///
/// ```swift
/// IPAddress("::ffff:192.0.2.7") == IPAddress("192.0.2.7")   // true
/// IPAddress("[2001:db8::1]:443")?.description               // "2001:db8::1"
/// ```
struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// 4 or 16 bytes, network order.
    let bytes: [UInt8]

    /// The address of `bytes` (4 or 16 of them; an IPv4-mapped IPv6 address becomes IPv4).
    init?(bytes: [UInt8]) {
        switch bytes.count {
        case 4: self.bytes = bytes
        case 16 where bytes.prefix(10).allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF:
            self.bytes = Array(bytes.suffix(4))
        case 16: self.bytes = bytes
        default: return nil
        }
    }

    /// An address as people and proxies write it: `192.0.2.7`, `2001:db8::1`, and with a port as
    /// `Forwarded` and some proxies add one (`192.0.2.7:4711`, `[2001:db8::1]:4711`); `nil` for
    /// anything else (`unknown`, an obfuscated `_node` name, a host name).
    init?(_ text: some StringProtocol) {
        var text = Substring(text)
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isNumber)) else { return nil }
            text = text[text.index(after: text.startIndex)..<close]
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            guard text[text.index(after: colon)...].allSatisfy(\.isNumber) else { return nil }
            text = text[..<colon]
        }
        guard !text.isEmpty, text.utf8.count <= 45 else { return nil }
        // Into plain byte buffers: Glibc's in_addr and in6_addr are CNIOLinux's here, which NIO
        // does not export.
        let string = String(text)
        let family = string.contains(":") ? AF_INET6 : AF_INET
        var buffer = [UInt8](repeating: 0, count: family == AF_INET ? 4 : 16)
        guard inet_pton(family, string, &buffer) == 1 else { return nil }
        self.init(bytes: buffer)
    }

    /// Whether it is IPv4.
    var isIPv4: Bool { bytes.count == 4 }

    /// `127.0.0.0/8` or `::1`.
    var isLoopback: Bool {
        isIPv4 ? bytes[0] == 127 : bytes.dropLast().allSatisfy { $0 == 0 } && bytes[15] == 1
    }

    /// Whether the first `prefix` bits of both are the same (and both are of one family).
    func shares(_ prefix: Int, bitsWith other: IPAddress) -> Bool {
        guard bytes.count == other.bytes.count else { return false }
        var left = max(0, min(prefix, bytes.count * 8))
        for (a, b) in zip(bytes, other.bytes) where left > 0 {
            let bits = min(8, left)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
            if a & mask != b & mask { return false }
            left -= bits
        }
        return true
    }

    /// The usual text: dotted IPv4, RFC 5952 IPv6.
    var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = isIPv4 ? AF_INET : AF_INET6
        let written = bytes.withUnsafeBytes { raw in
            inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count))
        }
        guard written != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
