/// The alert shown when location use is denied or restricted (spec 000, edge cases): two
/// buttons, **Cancel** (close; the person types or leaves the coordinates) and
/// **Go to Settings** (open the system setting that changes the permission).
///
/// ```swift
/// let alert = LocationPermissionAlert(.denied)
/// alert.cancelTitle     // "Cancel"
/// alert.settingsTitle   // "Go to Settings"
/// ```
public struct LocationPermissionAlert: Sendable, Hashable {
    /// Why the alert is shown.
    public let block: LocationPermissionBlock
    /// The alert's title.
    public let title: String
    /// The alert's body.
    public let message: String
    /// The dismissing button: "Cancel".
    public let cancelTitle = "Cancel"
    /// The button that opens the settings: "Go to Settings".
    public let settingsTitle = "Go to Settings"
    /// Identifier of the Cancel button.
    public let cancelAccessibilityIdentifier = "locationPermissionAlert.cancel.tap"
    /// Identifier of the Go to Settings button.
    public let settingsAccessibilityIdentifier = "locationPermissionAlert.goToSettings.tap"

    /// The alert for `block`.
    public init(_ block: LocationPermissionBlock) {
        self.block = block
        title = "Location access is off"
        switch block {
        case .denied:
            message =
                "PetSpot is not allowed to use your location. Allow it in Settings, or type the coordinates yourself."
        case .restricted:
            message =
                "Location use is restricted on this device. Change it in Settings if you can, or type the coordinates yourself."
        }
    }

    /// The button the person chose.
    public enum Choice: Sendable, Hashable {
        /// "Cancel".
        case cancel
        /// "Go to Settings".
        case goToSettings
    }
}
