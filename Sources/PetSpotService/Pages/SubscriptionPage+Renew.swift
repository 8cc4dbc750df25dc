extension SubscriptionPage {
    /// A "still looking?" mail's renew link: one button that keeps the report open.
    static func renew(action: String, token: String) -> SubscriptionPage {
        SubscriptionPage(
            "Keep your report open",
            message: "Press the button and your report stays open: it will not close by age for now.",
            form: Form(action: action, token: token, button: "Keep it open"), testID: "renewal.renew")
    }

    /// After the button: the report stays open another `days` days.
    static func renewed(days: Int) -> SubscriptionPage {
        SubscriptionPage(
            "Report renewed", heading: "Your report stays open for another \(days) days",
            message: "Your report stays open for another \(days) days. We will mail you again before it closes.",
            testID: "renewal.renewed")
    }

    /// A renew link that is not (or no longer) the report's: renewed since, or removed.
    static let unknownRenewLink = SubscriptionPage(
        "Link not valid", heading: "This link is not valid any more",
        message: "The report was renewed since this mail, or it is not here any more (it may have been removed).",
        testID: "renewal.unknown")
}
