/// A photo step (Missing *Animal photo* 2/4, Found *Upload photo* 1/3) as a state machine.
///
/// A photo is mandatory: Continue stays enabled, and without a photo it answers the
/// 3-second toast "Photo is mandatory" (spec 001 FR-004). Loading is two-phase, as with
/// PhotosPicker and iCloud assets: ``beginLoading(filename:)`` shows a loading card,
/// ``finishLoading(bytes:)`` attaches, ``loadingFailed()`` clears with no message (FR-007).
///
/// ```swift
/// var step = PhotoStep(copy: .missingFlow)
/// step.continueTapped()                                  // .stay(Toast("Photo is mandatory"))
/// try step.attach(filename: "luna.heic", bytes: heicBytes)
/// step.continueTapped()                                  // .advance
/// ```
public struct PhotoStep: Sendable, Hashable {
    /// The largest photo either flow takes: 10 MB as the Found flow's copy states it (spec
    /// 004 FR-017), in the same decimal megabytes as the size on the confirmation card
    /// (``PhotoAttachment/sizeText``, as Apple platforms show file sizes): 10,000,000 bytes.
    /// One unit everywhere, so an accepted photo never shows more than 10 MB. The server's
    /// photo bodies and Submit report are sized from it, so a photo a step took is never refused
    /// for its size later.
    public static let maximumByteCount = 10_000_000

    /// ``maximumByteCount`` as the copy says it: `"10 MB"`.
    public static var maximumSizeText: String { PhotoAttachment.sizeText(byteCount: maximumByteCount, decimals: false) }

    /// What the step shows.
    public enum State: Sendable, Hashable {
        /// No photo: the empty state with the requirement helper text.
        case empty
        /// A picked file is still loading.
        case loading(filename: String)
        /// The confirmation card.
        case attached(PhotoAttachment)
    }

    /// Texts, identifiers and accepted formats.
    public let copy: PhotoStepCopy
    /// What the step shows now.
    public private(set) var state: State
    /// Why the last picked file was refused (wrong format, too large, unreadable), until
    /// another pick or Remove — the one reason shown, whether or not a photo is attached.
    public private(set) var errorMessage: String?

    /// An empty step, or one showing a photo already in the flow state.
    public init(copy: PhotoStepCopy, photo: PhotoAttachment? = nil) {
        self.copy = copy
        state = photo.map(State.attached) ?? .empty
    }

    /// The attached photo, if any.
    public var photo: PhotoAttachment? {
        if case .attached(let photo) = state { photo } else { nil }
    }

    /// The helper text under the empty state, or `nil` while a photo is attached.
    public var helperText: String? { photo == nil ? copy.requirementHelperText : nil }

    /// A file was picked and is loading.
    public mutating func beginLoading(filename: String) {
        state = .loading(filename: filename)
        errorMessage = nil
    }

    /// The loading file arrived: attach it when its content is an accepted image.
    ///
    /// - Throws: ``PhotoError`` when refused; the selection is cleared (as for a failed
    ///   transfer) and ``errorMessage`` says why.
    public mutating func finishLoading(bytes: [UInt8]) throws(PhotoError) {
        guard case .loading(let filename) = state else { return }
        do throws(PhotoError) {
            state = .attached(try accepted(filename: filename, bytes: bytes))
            errorMessage = nil
        } catch {
            state = .empty
            errorMessage = error.description
            throw error
        }
    }

    /// The transfer failed: the selection is cleared with no message (spec 001 FR-007).
    public mutating func loadingFailed() {
        state = .empty
        errorMessage = nil
    }

    /// Picks and loads a file in one go (a terminal or web front end that has the bytes).
    ///
    /// - Throws: ``PhotoError`` when the content is not an accepted image or is too large;
    ///   the last good photo (if any) stays attached and ``errorMessage`` says why.
    public mutating func attach(filename: String, bytes: [UInt8]) throws(PhotoError) {
        do throws(PhotoError) {
            state = .attached(try accepted(filename: filename, bytes: bytes))
            errorMessage = nil
        } catch {
            errorMessage = error.description
            throw error
        }
    }

    /// The picked file could not be read at all (no such file, a folder, no permission): the
    /// last good photo (if any) stays and ``errorMessage`` says why, replacing any earlier
    /// refusal, so the screen shows one reason.
    ///
    /// (Unlike ``loadingFailed()``, the picker's own transfer failure, which spec 001 FR-007
    /// clears without a message, this is a file the person named that is not there.)
    public mutating func refusePick(because message: String) {
        errorMessage = message
    }

    /// The photo when this step accepts it.
    private func accepted(filename: String, bytes: [UInt8]) throws(PhotoError) -> PhotoAttachment {
        _ = try check(head: bytes, byteCount: bytes.count)
        return try PhotoAttachment(filename: filename, bytes: bytes)
    }

    /// The step's rule for a file of `byteCount` bytes whose content starts with `head`: its
    /// format (from the first bytes, never the name), or why it is refused — the check
    /// ``attach(filename:bytes:)`` makes, for a front end that checks a photo before the photo
    /// itself travels (a page sends the first bytes and the size when a photo is picked, and
    /// the photo once, with the report). The format is in the first 64 bytes.
    ///
    /// - Throws: ``PhotoError``: empty, not an image, a format this flow does not take, too large.
    public func check(head: some Collection<UInt8>, byteCount: Int) throws(PhotoError) -> ImageType {
        guard byteCount > 0, !head.isEmpty else { throw .empty }
        guard let type = ImageType.detect(head) else { throw .unsupportedType }
        guard copy.acceptedTypes.contains(type) else { throw .typeNotAccepted(type) }
        if byteCount > Self.maximumByteCount { throw .tooLarge(byteCount: byteCount, limit: Self.maximumByteCount) }
        return type
    }

    /// The Remove (X) control: back to the empty state (spec 001 FR-005).
    public mutating func remove() {
        state = .empty
        errorMessage = nil
    }

    /// Continue: advance with a photo, else the "Photo is mandatory" toast (also while loading).
    public func continueTapped() -> StepOutcome {
        photo == nil ? .stay(.photoMandatory) : .advance
    }

    /// Continue, writing the photo to `value` when it advances (a flow's state).
    func continueTapped(writingTo value: inout PhotoAttachment?) -> StepOutcome {
        let outcome = continueTapped()
        if outcome.advances { value = photo }
        return outcome
    }
}
