/// The failures of ``AlertStore``'s calls, in its own words (a subscription or a mail, not a
/// report), with the reasons callers already match on.
extension ReportStoreError {
    /// No subscription with `id` (``Reason/notFound``).
    public static func subscriptionNotFound(_ id: String) -> ReportStoreError {
        ReportStoreError(.notFound, "No subscription with id \(quoted(id)).")
    }

    /// No mail with `id` in the outbox (``Reason/notFound``).
    public static func mailNotFound(_ id: String) -> ReportStoreError {
        ReportStoreError(.notFound, "No mail with id \(quoted(id)) in the outbox.")
    }

    /// A subscription with `id` is already stored (``Reason/duplicateID``).
    public static func duplicateSubscription(_ id: String) -> ReportStoreError {
        ReportStoreError(.duplicateID, "A subscription with id \(quoted(id)) is already stored; give another id.")
    }

    /// Another subscription has the token (``Reason/duplicateID``); the token is not repeated in the
    /// message, since it is a secret.
    public static func duplicateSubscriptionToken(id: String) -> ReportStoreError {
        ReportStoreError(
            .duplicateID,
            "Another subscription has the token of subscription \(quoted(id)); make a new one "
                + "(Subscription.newToken()).")
    }

    /// A subscription a store cannot keep as it is (``Reason/invalidReport``): `reason` says why.
    public static func invalidSubscription(_ id: String, _ reason: String) -> ReportStoreError {
        ReportStoreError(.invalidReport, "Invalid subscription \(quoted(id)): \(reason).")
    }

    /// A mail a store cannot keep as it is (``Reason/invalidReport``): `reason` says why.
    public static func invalidMail(_ id: String, _ reason: String) -> ReportStoreError {
        ReportStoreError(.invalidReport, "Invalid mail \(quoted(id)): \(reason).")
    }
}
