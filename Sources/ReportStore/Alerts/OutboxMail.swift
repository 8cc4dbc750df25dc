public import Foundation

/// A mail waiting in the store's outbox, or sent from it: queued in the transaction that
/// decided it (``AlertStore/queueMails(_:mailCursor:)``), claimed by one server at a time,
/// sent at least once, never lost by a crash (a claim that was not marked lapses and the mail
/// is claimed again, with the same ``id`` and so the same `Message-ID`).
public struct OutboxMail: Sendable, Hashable {
    /// Where it is.
    public enum State: String, Sendable, Hashable, CaseIterable {
        /// Waiting to be sent (again, after a temporary failure).
        case queued
        /// Taken by the mail server.
        case sent
        /// Refused for good (a 5xx reply), or retried for longer than the outbox tries.
        case failed
        /// An area alert over its address's hourly limit, never claimed: it waits, due at the end
        /// of its clock hour, for the hour's digest (``AlertStore/releaseHeldMails(_:as:)``). Its
        /// text and HTML are the digest's entry, not a whole mail.
        case held
        /// A held mail a digest carried (kept, so queuing its id again changes nothing).
        case digested
    }

    /// How an area alert's ``id`` starts (`alert.{event}.{subscription}`): the mails an address
    /// gets at most ``AlertStore`` counts an hour one by one (``AlertStore/singleAlertCount(to:queuedIn:)``).
    public static let areaAlertPrefix = "alert."

    /// Its identity, derived from what caused it and who gets it (`alert.{event}.{subscription}`):
    /// queuing it again changes nothing, and its `Message-ID` is this.
    public var id: String
    /// The recipient's address.
    public var recipient: String
    public var subject: String
    /// The plain-text part.
    public var text: String
    /// The HTML part; `nil`: plain text alone.
    public var html: String?
    /// Extra headers (`List-Unsubscribe`, `List-Unsubscribe-Post`), in order.
    public var headers: [MailHeader]
    /// When it was queued.
    public var queuedAt: Date
    /// When it may be sent (next): `queuedAt`, later after a temporary failure.
    public var dueAt: Date
    /// How many times a server has claimed it.
    public var attempts: Int
    public var state: State
    /// Why its last attempt failed.
    public var lastError: String?

    public init(
        id: String, recipient: String, subject: String, text: String, html: String? = nil,
        headers: [MailHeader] = [], queuedAt: Date, dueAt: Date? = nil, attempts: Int = 0,
        state: State = .queued, lastError: String? = nil
    ) {
        self.id = id
        self.recipient = recipient
        self.subject = subject
        self.text = text
        self.html = html
        self.headers = headers
        self.queuedAt = queuedAt
        self.dueAt = dueAt ?? queuedAt
        self.attempts = attempts
        self.state = state
        self.lastError = lastError
    }
}

extension OutboxMail {
    /// Whether this mail is about `address` as "Forget me" counts it: sent to it, or answering
    /// to it (a message's `Reply-To`), compared without regard to case or surrounding spaces.
    public func concerns(_ address: String) -> Bool {
        let key = Self.addressKey(address)
        guard !key.isEmpty else { return false }
        return Self.addressKey(recipient) == key
            || headers.contains { $0.name.lowercased() == "reply-to" && Self.addressKey($0.value) == key }
    }

    /// An address as two are compared: trimmed, in lower case.
    package static func addressKey(_ address: String) -> String {
        address.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}

/// One extra mail header as the outbox keeps it (checked for line breaks when the mail is
/// built, not here).
public struct MailHeader: Sendable, Hashable, Codable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
