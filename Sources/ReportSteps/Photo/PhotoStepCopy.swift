/// The texts, rules and identifiers of a photo step.
public struct PhotoStepCopy: Sendable, Hashable {
    /// The navigation title.
    public var screenTitle: String
    /// The progress chip: `"2/4"`, `"1/3"`.
    public var progress: String
    /// The heading, when the design has one.
    public var heading: String?
    /// The body text under the heading.
    public var body: String?
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
    /// The largest file accepted, in bytes, if any.
    public var maximumByteCount: Int?

    /// Missing flow, *Animal photo*, step 2/4 (spec 001): JPG, PNG, HEIC, GIF, WEBP, no size
    /// limit (backend policy of feature 020).
    public static let missingFlow = PhotoStepCopy(
        screenTitle: "Animal photo", progress: "2/4", heading: nil, body: nil,
        browseTitle: "Browse", emptyStateSecondary: "JPG, PNG, HEIC, GIF or WEBP",
        requirementHelperText: "A photo of the animal is required to continue.", screen: "animalPhoto",
        acceptedTypes: Set(ImageType.allCases), maximumByteCount: nil)

    /// "up to 10 MB" as the copy states it, in the same decimal megabytes as the size on the
    /// confirmation card (``PhotoAttachment/sizeText``, as Apple platforms show file sizes):
    /// 10,000,000 bytes. One unit everywhere, so an accepted photo never shows more than 10 MB.
    public static let foundFlowMaximumByteCount = 10_000_000

    /// Found flow, *Upload photo*, step 1/3 (spec 004 FR-017): PNG or JPG up to 10 MB.
    public static let foundFlow = PhotoStepCopy(
        screenTitle: "Upload photo", progress: "1/3", heading: "Upload photo",
        body: "Upload a clear photo of the pet you found. This helps the owner recognize them quickly.",
        browseTitle: "Tap to upload a photo", emptyStateSecondary: "PNG or JPG up to 10 MB",
        requirementHelperText: "A photo is required to continue.", screen: "foundUploadPhoto",
        acceptedTypes: [.png, .jpeg], maximumByteCount: foundFlowMaximumByteCount)
}

extension PhotoStepCopy {
    /// A flow's photo step: Remove and Continue as both flows title them, and the controls
    /// identified under `screen` (`animalPhoto.browse`, `animalPhoto.remove`,
    /// `animalPhoto.continue`).
    init(
        screenTitle: String, progress: String, heading: String?, body: String?, browseTitle: String,
        emptyStateSecondary: String?, requirementHelperText: String, screen: String, acceptedTypes: Set<ImageType>,
        maximumByteCount: Int?
    ) {
        self.init(
            screenTitle: screenTitle, progress: progress, heading: heading, body: body, browseTitle: browseTitle,
            emptyStateSecondary: emptyStateSecondary, requirementHelperText: requirementHelperText,
            removeTitle: "Remove", continueTitle: "Continue", browseAccessibilityIdentifier: "\(screen).browse",
            removeAccessibilityIdentifier: "\(screen).remove", continueAccessibilityIdentifier: "\(screen).continue",
            acceptedTypes: acceptedTypes, maximumByteCount: maximumByteCount)
    }
}
