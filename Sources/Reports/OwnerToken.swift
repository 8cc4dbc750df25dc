import Foundation
import Hashing
public import ReportStore

/// The secret that makes whoever holds it a report's owner: who may change its status, replace
/// its photo or remove it (`Authorization: Bearer TOKEN`), besides the operator. Made when the
/// report is made over HTTP and given once; the store keeps only its SHA-256
/// (``PetReport/ownerTokenHash``, ``hash``). 32 bytes from the system's CSPRNG, in base64url
/// without padding: 43 characters, 256 bits.
///
/// ```swift
/// let token = OwnerToken.make()
/// report.ownerTokenHash = token.hash      // kept
/// answer["ownerToken"] = token.text       // given once
/// OwnerToken.hash(of: presented) == report.ownerTokenHash
/// ```
public struct OwnerToken: Sendable, Hashable {
    /// The token as the owner sends it.
    public let text: String

    /// A new token, from the system's cryptographically secure generator (`getrandom`).
    public static func make() -> OwnerToken {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<4).flatMap { _ in withUnsafeBytes(of: generator.next() as UInt64) { Array($0) } }
        let base64 = Data(bytes).base64EncodedString()
        let text = base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return OwnerToken(text: text)
    }

    /// What the store keeps of it.
    public var hash: String { Self.hash(of: text) }

    /// The SHA-256 of `text` in lower-case hex: what ``PetReport/ownerTokenHash`` holds.
    public static func hash(of text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { byte in
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined()
    }

    /// Whether `presented` is the owner token of `report` (compared as digests, in constant
    /// time); `false` for a report only the operator may change.
    public static func owns(_ presented: String, _ report: PetReport) -> Bool {
        guard let kept = report.ownerTokenHash else { return false }
        let given = hash(of: presented)
        guard given.utf8.count == kept.utf8.count else { return false }
        return zip(given.utf8, kept.utf8).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
