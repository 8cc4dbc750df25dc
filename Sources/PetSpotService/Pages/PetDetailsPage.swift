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
    let removeTitle = PetDetailsPresenter.removeReportTitle
    let removeId = PetDetailsPresenter.ID.removeReport
    let removeQuestion = QuestionDialog(name: "remove", question: PageCopy.removeQuestion)
    let removedText = PageCopy.removedText
    let goneText = PageCopy.goneText
    let homeTitle = PageCopy.homeTitle
    let newMissingTitle = PageCopy.missingTitle
    let newFoundTitle = PageCopy.foundTitle
}
