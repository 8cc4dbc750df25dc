/// A short, non-blocking message shown near the bottom of the screen.
///
/// ```swift
/// Toast.photoMandatory.message    // "Photo is mandatory"
/// Toast.photoMandatory.duration   // .seconds(3)
/// ```
public struct Toast: Sendable, Hashable, CustomStringConvertible {
    /// The text shown.
    public let message: String
    /// How long it stays on screen.
    public let duration: Duration

    /// A toast with `message` shown for `duration` (3 seconds unless said otherwise).
    public init(_ message: String, duration: Duration = .seconds(3)) {
        self.message = message
        self.duration = duration
    }

    /// Spec 001 FR-004: Continue without a photo.
    public static let photoMandatory = Toast("Photo is mandatory")
    /// Spec 002 §5: Continue with invalid or missing fields.
    public static let correctHighlightedFields = Toast("Please correct the highlighted fields")

    /// The message.
    public var description: String { message }
}

/// What a tap on a step's primary button (Continue, Submit report) leads to.
public enum StepOutcome: Sendable, Hashable {
    /// Every field is valid; the flow state has been written; go to the next step.
    case advance
    /// Stay on the step and show the toast; the fields with problems carry their messages.
    case stay(Toast)

    /// `true` for ``advance``.
    public var advances: Bool { self == .advance }

    /// The toast to show, if the step stays.
    public var toast: Toast? {
        if case .stay(let toast) = self { toast } else { nil }
    }
}
