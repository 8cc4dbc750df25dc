/// The rules of an idempotency key as stores keep it (``PetReport/idempotencyKey``): what a
/// client sent as the `Idempotency-Key` of the request that made a report, so that the same
/// request sent again (Submit pressed twice, Back then Submit, a retry after a lost answer)
/// finds that report instead of making another. A browser's draft sends a random UUID.
///
/// ```swift
/// IdempotencyKey.problem("8e03978e-40d5-43e8-bc93-6894a57f9324")   // nil: well formed
/// IdempotencyKey.problem("")                                        // "is empty"
/// ```
public enum IdempotencyKey {
    /// The longest key, in characters (the IETF draft's examples are UUIDs, 36).
    public static let maximumLength = 255

    /// Why `text` is not a key, in words that finish "The Idempotency-Key …"; `nil` when it is
    /// one: 1 to 255 characters, each visible ASCII (`!` to `~`).
    public static func problem(_ text: String) -> String? {
        if text.isEmpty { return "is empty" }
        if text.utf8.count > maximumLength { return "is longer than \(maximumLength) characters" }
        if !text.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) {
            return "may hold only visible ASCII characters (no spaces): a UUID, for example"
        }
        return nil
    }
}
