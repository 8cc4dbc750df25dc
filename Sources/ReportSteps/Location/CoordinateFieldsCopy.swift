/// The texts and identifiers of a step's latitude/longitude block.
public struct CoordinateFieldsCopy: Sendable, Hashable {
    /// Label of the latitude input.
    public var latitudeLabel: String
    /// Label of the longitude input.
    public var longitudeLabel: String
    /// Placeholder of the latitude input.
    public var latitudePlaceholder: String
    /// Placeholder of the longitude input.
    public var longitudePlaceholder: String
    /// Title of the button that fills both fields from the device's position.
    public var buttonTitle: String
    /// Helper text before any request (spec 000 FR-015 for the Missing flow).
    public var idleHelperText: String
    /// Identifier of the latitude input.
    public var latitudeAccessibilityIdentifier: String
    /// Identifier of the longitude input.
    public var longitudeAccessibilityIdentifier: String
    /// Identifier of the location button.
    public var buttonAccessibilityIdentifier: String
    /// Identifier of the control that stops a request that runs
    /// (``CoordinateFields/cancelRequestTitle``).
    public var cancelRequestAccessibilityIdentifier: String

    /// Missing flow, *Animal description* (spec 000, research notes 002 §1).
    public static let missingFlow = CoordinateFieldsCopy(
        latitudeLabel: "Lat", longitudeLabel: "Long",
        latitudePlaceholder: "52.2297", longitudePlaceholder: "21.0122",
        buttonTitle: "Request GPS position",
        idleHelperText:
            "Tap Request GPS position or type the coordinates. No other location details are collected in this step.",
        latitudeAccessibilityIdentifier: "animalDescription.latitudeTextField.input",
        longitudeAccessibilityIdentifier: "animalDescription.longitudeTextField.input",
        buttonAccessibilityIdentifier: "animalDescription.requestGPSButton.tap",
        cancelRequestAccessibilityIdentifier: "animalDescription.cancelLocationButton.tap")

    /// Found flow, *Pet details* (spec 004 FR-007, FR-017).
    public static let foundFlow = CoordinateFieldsCopy(
        latitudeLabel: "Latitude", longitudeLabel: "Longitude",
        latitudePlaceholder: "52.2297", longitudePlaceholder: "21.0122",
        buttonTitle: "Use current location",
        idleHelperText: "Where you found the animal: use your current location or type the coordinates.",
        latitudeAccessibilityIdentifier: "foundPetDetails.latitudeTextField.input",
        longitudeAccessibilityIdentifier: "foundPetDetails.longitudeTextField.input",
        buttonAccessibilityIdentifier: "foundPetDetails.useCurrentLocationButton.tap",
        cancelRequestAccessibilityIdentifier: "foundPetDetails.cancelLocationButton.tap")
}
