/// Where gpsd listens, and optionally which of its receivers to watch: `HOST[:PORT[:DEVICE]]`,
/// as gpsd's own clients (`cgps`, `gpspipe`, `gpsmon`) take it.
///
/// ```swift
/// try GPSDEndpoint(parsing: "localhost")                       // localhost:2947, every device
/// try GPSDEndpoint(parsing: "127.0.0.1:12947")                 // 127.0.0.1:12947
/// try GPSDEndpoint(parsing: "[::1]:2947")                      // ::1 port 2947
/// try GPSDEndpoint(parsing: "localhost:2947:/dev/ttyUSB0")     // only /dev/ttyUSB0's reports
/// try GPSDEndpoint(parsing: "localhost::/dev/ttyACM0")         // the default port, one device
/// ```
///
/// With a device, the watch asks gpsd for that device only (`WATCH_DEVICE`), so a machine with
/// two receivers never mixes their fixes.
public struct GPSDEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// gpsd's registered port.
    public static let defaultPort = 2947

    /// `localhost:2947`.
    public static let standard = GPSDEndpoint(host: "localhost", port: defaultPort)

    /// A host name or address.
    public var host: String
    /// The TCP port, 1–65535.
    public var port: Int
    /// The one device to watch (its gpsd path, such as `/dev/ttyUSB0` or
    /// `tcp://127.0.0.1:5000`), or `nil` for every device gpsd has.
    public var device: String?

    /// An endpoint at `host` and `port` (not checked; ``init(parsing:)`` checks text).
    public init(host: String, port: Int = defaultPort, device: String? = nil) {
        self.host = host
        self.port = port
        self.device = device
    }

    /// Reads `HOST`, `HOST:PORT`, `HOST:PORT:DEVICE` or `HOST::DEVICE` (the default port), with
    /// `[IPv6]` in brackets for the host; the port defaults to 2947. Everything after the
    /// second colon is the device, colons included (`tcp://127.0.0.1:5000`).
    ///
    /// - Throws: ``GPSDEndpointError`` for an empty host, a port that is not 1–65535, an empty
    ///   device, or a bare IPv6 address.
    public init(parsing text: String) throws(GPSDEndpointError) {
        let trimmed = text.trimmingSpaces
        var host = trimmed
        var rest: Substring?
        if trimmed.hasPrefix("[") {
            guard let close = trimmed.firstIndex(of: "]") else { throw .invalid(text) }
            host = trimmed[trimmed.index(after: trimmed.startIndex)..<close]
            let after = trimmed[trimmed.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .invalid(text) }
                rest = after.dropFirst()
            }
        } else if let colon = trimmed.firstIndex(of: ":") {
            host = trimmed[..<colon]
            rest = trimmed[trimmed.index(after: colon)...]
        }
        guard !host.isEmpty, !host.contains(" ") else { throw .invalid(text) }
        var portText = rest
        var device: Substring?
        if let rest, let colon = rest.firstIndex(of: ":") {
            portText = rest[..<colon]
            device = rest[rest.index(after: colon)...]
        }
        if let device {
            guard !device.isEmpty else { throw .invalidDevice(text) }
            // `fe80::1` is an IPv6 address, not host fe80 with device 1: a device is a path or a
            // URL (`/dev/ttyUSB0`, `tcp://…`), so anything else after an empty port is refused.
            guard !(portText?.isEmpty ?? false) || device.contains("/") else { throw .invalid(text) }
            guard !device.contains(where: { $0.isWhitespace || $0 == "\"" || $0.asciiValue.map { $0 < 0x20 } == true })
            else { throw .invalidDevice(text) }
        }
        var port = Self.defaultPort
        if let portText, !(portText.isEmpty && device != nil) {
            guard let value = Int(portText), (1...65535).contains(value) else { throw .invalidPort(String(portText)) }
            port = value
        }
        self.init(host: String(host), port: port, device: device.map(String.init))
    }

    /// `host:port`, with brackets around an IPv6 address, and `:device` when one is chosen.
    public var description: String {
        let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        return device.map { "\(address):\($0)" } ?? address
    }
}

/// Why a `--gpsd` value could not be read.
public enum GPSDEndpointError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not `HOST`, `HOST:PORT[:DEVICE]` or `[IPv6]:PORT[:DEVICE]`.
    case invalid(String)
    /// The port is not a number from 1 to 65535.
    case invalidPort(String)
    /// The device after the second colon is empty or has white space, quotes or control
    /// characters.
    case invalidDevice(String)

    /// The message a person sees.
    public var description: String {
        switch self {
        case .invalid(let text):
            "Invalid gpsd address \"\(text)\": use HOST, HOST:PORT, HOST:PORT:DEVICE or [IPv6]:PORT, such as localhost:2947 or localhost:2947:/dev/ttyUSB0."
        case .invalidPort(let text):
            "Invalid gpsd port \"\(text)\": use a number from 1 to 65535."
        case .invalidDevice(let text):
            "Invalid gpsd device in \"\(text)\": after HOST:PORT: give the device's path, such as /dev/ttyUSB0."
        }
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: SubSequence {
        var text = self[...]
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
