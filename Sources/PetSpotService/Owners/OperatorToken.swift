import Foundation
import Hashing
import Locking
import OutsideInput

/// The operator's secret: whoever presents it (`Authorization: Bearer TOKEN`) may change any
/// report and see the server's own position. It comes from a file or the environment, never
/// the command line (where `ps` shows it to every user): `--operator-token-file FILE`,
/// `PETSPOT_OPERATOR_TOKEN_FILE`, or `PETSPOT_OPERATOR_TOKEN`. Only its SHA-256 is kept.
///
/// Every copy of a token shares what it holds, so ``replace(with:)`` (the server re-reading
/// the token file on SIGHUP) changes the token everywhere it is checked at once.
public struct OperatorToken: Sendable {
    private let digest: Locked<SHA256.Digest>

    /// The shortest token taken: 32 characters (at least 128 bits when random).
    public static let minimumLength = 32

    /// A token from its text (white space around it ignored).
    ///
    /// - Throws: ``OperatorTokenError`` when it is shorter than ``minimumLength`` or has
    ///   characters other than visible ASCII.
    public init(secret: String) throws(OperatorTokenError) {
        let secret = secret.trimmingCharacters(in: .whitespacesAndNewlines)
        guard secret.utf8.count >= Self.minimumLength else {
            throw OperatorTokenError(
                "The operator token has \(secret.utf8.count) characters; it needs at least \(Self.minimumLength) "
                    + "(make one with: head -c 32 /dev/urandom | base64).")
        }
        guard secret.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw OperatorTokenError("The operator token may hold only visible ASCII characters, no spaces.")
        }
        digest = Locked(SHA256.hash(data: Data(secret.utf8)))
    }

    /// The token in the file at `path`: a regular file of at most 4 KiB that only its owner may
    /// read (mode 600 or 400).
    ///
    /// - Throws: ``OperatorTokenError`` saying why it cannot be read or is no token.
    public static func read(file path: String) throws(OperatorTokenError) -> OperatorToken {
        // As libpq does with a password file: a secret others may read is no secret.
        // (FileManager, not stat(2): Glibc's `struct stat` is CNIOLinux's here, which NIO does not export.)
        let mode = (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int
        if let mode, mode & 0o077 != 0 {
            throw OperatorTokenError(
                "The operator token file \(InputQuote.path(path)) may be read by others; chmod 600 it "
                    + "(and make a new token if others could have read this one).")
        }
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(atPath: path, limit: 4096)
        } catch {
            throw OperatorTokenError(
                "Cannot read the operator token file \(InputQuote.path(path)): \(error.description)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw OperatorTokenError("The operator token file \(InputQuote.path(path)) is not UTF-8 text.")
        }
        return try OperatorToken(secret: text)
    }

    /// Whether `presented` is this token (its digest compared in constant time).
    public func matches(_ presented: String) -> Bool {
        let other = SHA256.hash(data: Data(presented.utf8))
        let digest = self.digest.withLock { $0 }
        return zip(digest, other).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

extension OperatorToken {
    /// Makes this token — every copy of it — `other`'s secret from now on.
    public func replace(with other: OperatorToken) {
        let secret = other.digest.withLock { $0 }
        digest.withLock { $0 = secret }
    }
}

/// Why an operator token was not taken; the description is the message.
public struct OperatorTokenError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
