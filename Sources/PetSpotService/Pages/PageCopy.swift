import ReportSteps

/// The pages' own words: what only a web page says (the steps' copy, rules and messages are
/// the ReportSteps models'). A test keeps them out of the models' way: none of these is a
/// rule.
enum PageCopy {
    /// The Missing flow page's title.
    static let missingTitle = "Report a missing pet"
    /// The Found flow page's title.
    static let foundTitle = "Report a found animal"

    /// Shown with the Found report after Submit report on a server without a reports store.
    static let foundNotStored =
        "Not stored: this server has no reports store, so nothing was saved or sent. This is the report that would be sent; the photo goes with it."
    /// Shown with the Missing report after Submit report on a server without a reports store.
    static let missingNotStored =
        "Not stored: this server has no reports store, so nothing was saved or sent. This is the report that would be sent."

    /// The title of what Go to Settings shows.
    static let settingsHelpTitle = "Allow location"
    /// Go to Settings when the browser's location was refused.
    static let browserSettingsHelp =
        "Your browser keeps this permission: open the site settings (the icon left of the address), allow Location for this site, then tap the location button again. Or type the coordinates yourself."
    /// Go to Settings when the server's location source was refused.
    static let serverSettingsHelp =
        "This page uses the location of the computer running petspot serve. The person at that computer allows it with `petspot permission grant`; then tap the location button again. Or type the coordinates yourself."
    /// The button that closes it.
    static let settingsHelpClose = "OK"
    /// Its identifier.
    static let settingsHelpCloseIdentifier = "locationSettingsHelp.close.tap"

    /// Shown when the browser runs no script: the steps ask the server for every rule.
    static let noScript =
        "This page needs JavaScript: each step asks the server to check what you enter. Turn JavaScript on, or use `petspot report found|missing` in a terminal."
    /// When the server does not answer a step request.
    static let serverUnreachable = "The server did not answer. Check your connection and try again."
    /// Remove Report pressed by someone who did not make the report (spec 003 shows the button
    /// to everyone: permission is the backend's).
    static let notOwner = ReportAccess.onlyTheOwner + " The report stays as it is."
    /// Over a found report's likely missing reports (`GET /v1/reports/{id}/matches`).
    static let matchesTitle = "Possible matches"
    /// The title over the report after Submit.
    static let reportTitle = "Your report"
    /// Starts again after the report was shown.
    static let startOverTitle = "Start a new report"
    /// The screen name of the report shown at the end, for identifiers.
    static let previewScreen = "reportPreview"
    /// Its start-over button's identifier.
    static let startOverIdentifier = "reportPreview.startOver.tap"
    /// The loading line of the photo card.
    static let photoLoading = "Loading…"

    // The Pet details page (its card texts are PetDetailsCard's and PetDetailsPresenter's).

    /// The card page's title.
    static let petDetailsTitle = "Pet details"
    /// The card page without script.
    static let petNoScript =
        "This page needs JavaScript to load the pet\u{2019}s details. Or run `petspot show ID` in a terminal."
    /// What a screen reader hears while the card loads (the spinner says it to the eye).
    static let petLoading = "Loading pet details\u{2026}"
    /// The photo's alternative text.
    static let petPhotoAlt = "Photo of the pet"
    /// The question Remove Report asks.
    static let removeQuestion = QuestionCopy(
        title: "Remove this report?",
        message: "The report is deleted from this server for everyone. This cannot be undone.",
        keepTitle: "Keep report", keepAccessibilityIdentifier: "removeReportAlert.keep.tap", confirmTitle: "Remove",
        confirmAccessibilityIdentifier: "removeReportAlert.confirm.tap")
    /// After the report was removed.
    static let removedText = "The report was removed."
    /// A card whose report is not in the store (removed elsewhere, or a wrong link): no Retry
    /// can bring it back, so the page says so and offers the way home.
    static let goneText = "This report is not here: it was removed, or the link is wrong."
    /// The link to the home page's list.
    static let homeTitle = "Reports near you"
    /// The card's Share button: the system's share sheet, or the link copied.
    static let shareTitle = "Share"
    /// The Share button's identifier.
    static let shareIdentifier = "petDetails.share.tap"
    /// The toast after Share copied the card's link (a browser without the Web Share API).
    static let linkCopied = "Link copied"
    /// The toast when the link could not be copied either: the link itself, to copy by hand.
    static let copyFailed = "Could not copy the link. Copy it from here:"
}
