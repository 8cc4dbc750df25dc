import Glibc

/// Why a gpsd connection could not be opened or ended: libgps' failures as named cases, in
/// the way swift-system turns `errno` into `Errno`.
///
/// ``description`` is the text a person sees in ``ProviderEvent/disconnected(endpoint:reason:)``;
/// for libgps' own failures it is libgps' own wording (`gps_errstr`), so messages read the
/// same as in gpsd's tools. Nothing decides anything by that text: code matches the cases.
enum GPSDConnectionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The port is not a number or a known service name (libgps `NL_NOSERVICE`).
    case noService
    /// The host name does not resolve (libgps `NL_NOHOST`).
    case noHost
    /// TCP is unknown to the system (libgps `NL_NOPROTO`).
    case noProtocol
    /// No socket could be created (libgps `NL_NOSOCK`).
    case noSocket
    /// A socket option could not be set (libgps `NL_NOSOCKOPT`).
    case noSocketOption
    /// Nothing accepted the connection at the host and port (libgps `NL_NOCONNECT`).
    case cannotConnect
    /// Any other libgps failure code, or an operating-system `errno` (positive).
    case other(code: Int32)
    /// The connection opened but the `?WATCH` request could not be sent.
    case watchRefused
    /// The peer closed the connection or the socket failed (gpsd stopped or restarted).
    case lost
    /// The peer sent more bytes than libgps buffers for one line without ending the line:
    /// whatever it is, it does not speak gpsd's protocol.
    case lineTooLong(limit: Int)

    /// The message a person sees.
    var description: String {
        switch self {
        case .noService: "can't get service entry"
        case .noHost: "can't get host entry"
        case .noProtocol: "can't get protocol entry"
        case .noSocket: "can't create socket"
        case .noSocketOption: "error SETSOCKOPT SO_REUSEADDR"
        case .cannotConnect: "can't connect to host/port pair"
        case .other(let code) where code > 0: String(cString: strerror(code))
        case .other(let code): "libgps error \(code)"
        case .watchRefused: "gpsd did not accept the watch request"
        case .lost: "connection to gpsd lost"
        case .lineTooLong(let limit):
            "the peer sent a line longer than \(limit) bytes, which is not gpsd's protocol; connection closed"
        }
    }
}
