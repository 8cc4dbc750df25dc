/// The pages' own words: what only a web page says (the steps' copy, rules and messages are
/// the ReportSteps models'). A test keeps them out of the models' way: none of these is a
/// rule.
enum PageCopy {
    /// The Missing flow page's title.
    static let missingTitle = "Report a missing pet"
    /// The Found flow page's title.
    static let foundTitle = "Report a found animal"

    /// Shown with the Found report after Submit report, until the reports store exists.
    static let foundNotStored =
        "Not stored: this server has no reports store yet, so nothing was saved or sent. This is the report that would be sent; the photo goes with it."
    /// Shown after the Missing flow's step 3/4, until steps 1/4 and 4/4 and the store exist.
    static let missingNotStored =
        "Not stored: nothing was saved or sent. Steps 1/4 (microchip number) and 4/4 (contact details) are not on this page yet; this is what steps 2 and 3 collected."

    /// Step 1/4 of the Missing flow, not on the page yet.
    static let microchipNotYetTitle = "Microchip number"
    /// Step 4/4 of the Missing flow, not on the page yet.
    static let contactNotYetTitle = "Contact details"
    /// What a not-yet step says.
    static let notYetMessage = "This step is not available on the web yet."

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
}
