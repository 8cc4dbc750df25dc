/// The texts, accepted formats and identifiers of a photo step (the size limit is both flows'
/// one: ``PhotoStep/maximumByteCount``).
public struct PhotoStepCopy: Sendable, Hashable {
    /// The screen's title, heading and body (``StepIntro``; the progress chip is the step's).
    public var intro: StepIntro
    /// The empty state's primary line / button.
    public var browseTitle: String
    /// The empty state's secondary line.
    public var emptyStateSecondary: String?
    /// The helper text shown while no photo is attached.
    public var requirementHelperText: String
    /// The remove control's title.
    public var removeTitle: String
    /// The primary button.
    public var continueTitle: String
    /// Identifier of the browse control.
    public var browseAccessibilityIdentifier: String
    /// Identifier of the remove control.
    public var removeAccessibilityIdentifier: String
    /// Identifier of the primary button.
    public var continueAccessibilityIdentifier: String
    /// Formats accepted, recognised from the content.
    public var acceptedTypes: Set<ImageType>

    /// Missing flow, *Animal photo*, step 2/4 (spec 001): JPG, PNG, HEIC, GIF, WEBP, up to
    /// ``PhotoStep/maximumByteCount`` as in the Found flow (spec 001 assumed feature 020's
    /// backend without a size limit; this server has one, so the step says it up front).
    public static let missingFlow = PhotoStepCopy(
        screenTitle: "Animal photo", heading: nil, body: nil,
        browseTitle: "Browse", emptyStateSecondary: "JPG, PNG, HEIC, GIF or WEBP up to \(PhotoStep.maximumSizeText)",
        requirementHelperText: "A photo of the animal is required to continue.", screen: "animalPhoto",
        acceptedTypes: Set(ImageType.allCases))

    /// Found flow, *Upload photo*, step 1/3 (spec 004 FR-017): PNG or JPG up to 10 MB
    /// (``PhotoStep/maximumByteCount``).
    public static let foundFlow = PhotoStepCopy(
        screenTitle: "Upload photo", heading: "Upload photo",
        body: "Upload a clear photo of the pet you found. This helps the owner recognize them quickly.",
        browseTitle: "Tap to upload a photo", emptyStateSecondary: "PNG or JPG up to \(PhotoStep.maximumSizeText)",
        requirementHelperText: "A photo is required to continue.", screen: "foundUploadPhoto",
        acceptedTypes: [.png, .jpeg])
}

extension PhotoStepCopy {
    /// A flow's photo step: Remove and Continue as both flows title them, and the controls
    /// identified under `screen` (`animalPhoto.browse`, `animalPhoto.remove`,
    /// `animalPhoto.continue`).
    init(
        screenTitle: String, heading: String?, body: String?, browseTitle: String,
        emptyStateSecondary: String?, requirementHelperText: String, screen: String, acceptedTypes: Set<ImageType>
    ) {
        self.init(
            intro: StepIntro(screen: screen, screenTitle: screenTitle, heading: heading, body: body),
            browseTitle: browseTitle,
            emptyStateSecondary: emptyStateSecondary, requirementHelperText: requirementHelperText,
            removeTitle: "Remove", continueTitle: "Continue", browseAccessibilityIdentifier: "\(screen).browse",
            removeAccessibilityIdentifier: "\(screen).remove", continueAccessibilityIdentifier: "\(screen).continue",
            acceptedTypes: acceptedTypes)
    }
}
