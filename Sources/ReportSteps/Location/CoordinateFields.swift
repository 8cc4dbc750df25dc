public import Geodata

/// The latitude/longitude block of a step: two editable text fields validated by Geodata,
/// a button that fills them from the device's position, a helper text, and the
/// permission alert — as a plain state machine with no I/O.
///
/// A front end forwards edits to ``latitudeText``/``longitudeText`` and drives the button
/// through ``beginLocationRequest()`` → (ask the service) → ``finishLocationRequest(_:)``;
/// `ReportLocationRequester` (ReportLocation) does the asking for a `LocationService`.
///
/// ```swift
/// var fields = CoordinateFields(requirement: .missingPetFlow, copy: .missingFlow)
/// fields.beginLocationRequest()                                       // true: ask the service
/// fields.beginLocationRequest()                                       // false: already asking
/// fields.finishLocationRequest(.located(try Coordinate(latitude: 52.2297, longitude: 21.0122)))
/// fields.latitudeText                                                 // "52.22970"
/// fields.helperText                                                   // "Location captured successfully"
/// ```
public struct CoordinateFields: Sendable, Hashable {
    /// The state of the location button.
    public enum RequestStatus: Sendable, Hashable {
        /// No request yet (or the fields were edited since).
        case idle
        /// A request is running; another tap does nothing.
        case inFlight
        /// The last request filled the fields.
        case captured(Coordinate)
        /// The last request was not allowed.
        case permissionBlocked(LocationPermissionBlock)
        /// The last request gave no position.
        case failed(LocationRequestFailure)
    }

    /// The helper text after a successful request.
    public static let capturedHelperText = "Location captured successfully"
    /// The helper text after the permission alert.
    public static let permissionBlockedHelperText =
        "Location access is off. Type the coordinates, or allow access in Settings and try again."
    /// The helper text while a request runs.
    public static let inFlightHelperText = "Getting your position…"
    /// The control that stops waiting for a request that runs (the pages' and the home page's:
    /// a browser may take 30 seconds, or never answer).
    public static let cancelRequestTitle = "Cancel location request"

    /// Both-or-neither (Missing) or both required (Found).
    public let requirement: CoordinateRequirement
    /// Labels, placeholders, button title and identifiers.
    public let copy: CoordinateFieldsCopy
    /// The latitude field's text, as typed or filled. An edit re-checks the fields that show
    /// a message (``validate()`` set them), and typing over a captured position drops the
    /// "Location captured successfully" helper: it no longer describes the value.
    public var latitudeText: String {
        didSet { textChanged() }
    }
    /// The longitude field's text, as typed or filled; see ``latitudeText``.
    public var longitudeText: String {
        didSet { textChanged() }
    }
    /// The latitude field's message from the last ``validate()``.
    public private(set) var latitudeError: CoordinateFieldError?
    /// The longitude field's message from the last ``validate()``.
    public private(set) var longitudeError: CoordinateFieldError?
    /// Where the location button stands.
    public private(set) var requestStatus: RequestStatus = .idle
    /// The permission alert to show, until ``resolveAlert(_:)``.
    public private(set) var alert: LocationPermissionAlert?

    /// Empty fields (or the texts of a saved coordinate).
    public init(
        requirement: CoordinateRequirement, copy: CoordinateFieldsCopy, coordinate: Coordinate? = nil
    ) {
        self.requirement = requirement
        self.copy = copy
        latitudeText = coordinate?.latitude.formatted ?? ""
        longitudeText = coordinate?.longitude.formatted ?? ""
    }

    /// `true` while a request runs (show a spinner on the button).
    public var isRequestInFlight: Bool { requestStatus == .inFlight }

    /// The text under the fields: what the last request did, or the idle hint.
    public var helperText: String {
        switch requestStatus {
        case .idle: copy.idleHelperText
        case .inFlight: Self.inFlightHelperText
        case .captured: Self.capturedHelperText
        case .permissionBlocked: Self.permissionBlockedHelperText
        case .failed(let failure): failure.helperText
        }
    }

    /// The latitude input as a front end draws it.
    public var latitudeField: TextFieldModel {
        TextFieldModel(
            label: copy.latitudeLabel, placeholder: copy.latitudePlaceholder, text: latitudeText,
            errorMessage: latitudeError?.description,
            accessibilityIdentifier: copy.latitudeAccessibilityIdentifier)
    }

    /// The longitude input as a front end draws it.
    public var longitudeField: TextFieldModel {
        TextFieldModel(
            label: copy.longitudeLabel, placeholder: copy.longitudePlaceholder, text: longitudeText,
            errorMessage: longitudeError?.description,
            accessibilityIdentifier: copy.longitudeAccessibilityIdentifier)
    }

    /// Starts a request when none is running.
    ///
    /// - Returns: `true` when the caller should ask the location service now; `false` when
    ///   a request is already in flight (a second tap starts nothing).
    public mutating func beginLocationRequest() -> Bool {
        guard requestStatus != .inFlight else { return false }
        requestStatus = .inFlight
        alert = nil
        return true
    }

    /// Applies how the request ended (spec 002 §8): a position fills both fields with
    /// five decimals and clears their errors; a blocked permission raises the alert; a
    /// failure only changes the helper text — the fields keep what they had.
    public mutating func finishLocationRequest(_ outcome: LocationRequestOutcome) {
        switch outcome {
        case .located(let coordinate):
            latitudeText = coordinate.latitude.formatted
            longitudeText = coordinate.longitude.formatted
            latitudeError = nil
            longitudeError = nil
            requestStatus = .captured(coordinate)
        case .permissionBlocked(let block):
            requestStatus = .permissionBlocked(block)
            alert = LocationPermissionAlert(block)
        case .failed(let failure):
            requestStatus = .failed(failure)
        }
    }

    /// Closes the permission alert.
    ///
    /// - Returns: `true` when the person chose **Go to Settings** and the front end should
    ///   open the permission setting.
    @discardableResult
    public mutating func resolveAlert(_ choice: LocationPermissionAlert.Choice) -> Bool {
        alert = nil
        return choice == .goToSettings
    }

    /// After an edit: the helper follows the value, and a field that shows a message is
    /// checked again (a corrected value loses it; validation stays on submit, so a field
    /// without a message gets none before the next ``validate()``).
    private mutating func textChanged() {
        if case .captured(let coordinate) = requestStatus,
            latitudeText != coordinate.latitude.formatted || longitudeText != coordinate.longitude.formatted
        {
            requestStatus = .idle
        }
        guard latitudeError != nil || longitudeError != nil else { return }
        let result = CoordinateFieldsValidation(
            latitude: latitudeText, longitude: longitudeText, requirement: requirement)
        if latitudeError != nil { latitudeError = result.latitudeError }
        if longitudeError != nil { longitudeError = result.longitudeError }
    }

    /// Checks both fields under ``requirement`` and keeps each field's message.
    ///
    /// - Returns: The validation; its `coordinate` is the value to store when valid.
    @discardableResult
    public mutating func validate() -> CoordinateFieldsValidation {
        let result = CoordinateFieldsValidation(
            latitude: latitudeText, longitude: longitudeText, requirement: requirement)
        latitudeError = result.latitudeError
        longitudeError = result.longitudeError
        return result
    }
}
