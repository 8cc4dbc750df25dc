/// The pages a subscription's mail links open: `/subscriptions/confirm` and
/// `/subscriptions/unsubscribe`. Each shows one button in a plain `<form method="post">` (no
/// script needed); a GET alone never changes anything. Its texts are here.
struct SubscriptionPage {
    /// The button's form, when the page has one.
    struct Form {
        let action: String
        let token: String
        let button: String
        /// The hidden field's name: `token`, or `code` for a manage link.
        var name = "token"
    }

    let title: String
    let heading: String
    let message: String
    let form: Form?
    /// The prefix of the page's test identifiers: `subscription.confirm`, `subscription.stop`.
    let testID: String

    /// A page titled `name – PetSpot` in the browser's tab, with `heading` over its message
    /// (the name when it says all).
    init(_ name: String, heading: String? = nil, message: String, form: Form? = nil, testID: String) {
        (title, self.heading) = (name + " \u{2013} PetSpot", heading ?? name)
        (self.message, self.form, self.testID) = (message, form, testID)
    }

    static let confirmPath = "/subscriptions/confirm"
    static let unsubscribePath = "/subscriptions/unsubscribe"

    /// The confirmation link's page: one button that starts the alerts.
    static func confirm(token: String) -> SubscriptionPage {
        SubscriptionPage(
            "Confirm your alerts",
            message: "Press the button to start getting a mail when a pet is reported in your area.",
            form: Form(action: confirmPath, token: token, button: "Start the alerts"), testID: "subscription.confirm")
    }

    /// After the button: the alerts are on.
    static let confirmed = SubscriptionPage(
        "Alerts on",
        message: "You will get a mail when a pet is reported in your area. Each mail has a link that stops them.",
        testID: "subscription.confirmed")

    /// A confirmation link that is unknown, or older than 48 hours.
    static let lapsed = SubscriptionPage(
        "Link not valid", heading: "This link is not valid any more",
        message: "Links to confirm alerts last 48 hours. Ask for alerts again from the home page.",
        testID: "subscription.lapsed")

    /// The unsubscribe link's page: one button that stops the alerts.
    static func unsubscribe(token: String) -> SubscriptionPage {
        SubscriptionPage(
            "Stop your alerts", message: "Press the button and this address gets no more alerts for this area.",
            form: Form(action: unsubscribePath, token: token, button: "Stop the alerts"), testID: "subscription.stop")
    }

    /// A report's match-mails link: one button that stops them.
    static func stopMatches(action: String, token: String) -> SubscriptionPage {
        SubscriptionPage(
            "Stop match mails", heading: "Stop the match mails for your report",
            message: "Press the button and you get no more mails about reports that may match yours.",
            form: Form(action: action, token: token, button: "Stop the mails"), testID: "matchAlerts.stop")
    }

    /// After the button: a report's match mails are stopped.
    static let matchesStopped = SubscriptionPage(
        "Match mails stopped",
        message: "You get no more mails about reports that may match yours. Its card still lists them.",
        testID: "matchAlerts.stopped")

    /// A match-mails link that is not (or no longer) one of ours.
    static let unknownMatchLink = SubscriptionPage(
        "Link not valid", heading: "This link is not valid",
        message: "It is not the link of a report here (the report may have been removed).",
        testID: "matchAlerts.unknown")

    /// "Lost your link?"'s mailed link: one button that takes the report over on this browser.
    static func takeOver(action: String, code: String) -> SubscriptionPage {
        SubscriptionPage(
            "Manage your report", heading: "Manage your report on this browser",
            message: "Press the button to manage your report here. The link given before stops working.",
            form: Form(action: action, token: code, button: "Manage it here", name: "code"), testID: "manageLink")
    }

    /// A "Lost your link?" link that is unknown, or older than 24 hours.
    static let unknownManageLink = SubscriptionPage(
        "Link not valid", heading: "This link is not valid any more",
        message: "Links to manage a report last 24 hours. Ask for a new one on the report's card.",
        testID: "manageLink.unknown")

    /// After the button (or a one-click unsubscribe), whether or not the link was known.
    static let stopped = SubscriptionPage(
        "Alerts stopped", message: "This address gets no more alerts for this area.", testID: "subscription.stopped")
}
