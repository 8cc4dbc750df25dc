import ReportSteps

/// `/pets/{id}`: the Pet details card page (spec 003). The page is the card's frame — the
/// loading, error and removed states, Remove Report's question — with the texts of
/// ``PetDetailsPresenter``; the card itself comes from `GET /v1/reports/{id}/card`.
struct PetDetailsPage {
    /// Where a report's card is: `/pets/ID`.
    static func path(_ id: String) -> String { "/pets/\(id)" }

    let id: String
    /// The Open Graph and Twitter card tags (``ShareTags``); none without a `Host`.
    var share: ShareTags? = nil
    let title = PageCopy.petDetailsTitle
    let noScript = PageCopy.petNoScript
    let unreachable = PageCopy.serverUnreachable
    let notOwner = PageCopy.notOwner
    let matchesTitle = PageCopy.matchesTitle
    let loadingText = PageCopy.petLoading
    let errorMessage = PetDetailsPresenter.errorMessage
    let retryTitle = PetDetailsPresenter.retryTitle
    /// The navigation bar's back arrow (spec 003 FR-002: a back button, an empty title).
    let backTitle = WizardNavigationCopy.backTitle
    let backId = WizardNavigationCopy.backAccessibilityIdentifier(screen: "petDetails")
    let retryId = PetDetailsPresenter.ID.retry
    let photoAlt = PageCopy.petPhotoAlt
    let showMapId = PetDetailsPresenter.ID.showMap
    let shareTitle = PageCopy.shareTitle
    let shareId = PageCopy.shareIdentifier
    let linkCopied = PageCopy.linkCopied
    let copyFailed = PageCopy.copyFailed
    /// "Print a poster": the report's printable poster (``PosterPage``, `/pets/{id}/poster`).
    let posterTitle = "Print a poster"
    let posterId = "petDetails.poster.tap"
    let removeTitle = PetDetailsPresenter.removeReportTitle
    let removeId = PetDetailsPresenter.ID.removeReport
    let removeQuestion = QuestionDialog(name: "remove", question: PageCopy.removeQuestion)
    let removedText = PageCopy.removedText
    let goneText = PageCopy.goneText
    let homeTitle = PageCopy.homeTitle
    let newMissingTitle = PageCopy.missingTitle
    let newFoundTitle = PageCopy.foundTitle
    /// "Seen since" (`sightings.js`): the words of a missing report's sightings.
    let sighting = SightingsCopy()

    // "Send a message" (`message.js`), offered only by a server that sends mail.
    /// Whether the card offers to message the reporter.
    var messages = false
    let messageTitle = "Send a message to the reporter"
    let messageIntro = "They get it by mail and answer you at your contact; you do not see their address."
    let messageNameLabel = "Your name"
    let messageContactLabel = "Your email or phone"
    let messageTextLabel = "Message"
    let messageSendTitle = "Send"
    let messageSending = "Sending\u{2026}"
    let messageSent = "Sent. The reporter gets your message by mail and answers you at your contact."
    let messageMissing = "Fill in your name, how to reach you, and a message."
    /// "Lost your link?": the owner link mailed again to the report's own address.
    let lostLinkTitle = "Your report? Lost its link? Mail it to the report's address"
    let lostLinkSent = LostLinkController.answer
}
