import Geodata

extension LocationFix {
    /// The grid, in degrees, that ``approximated()`` snaps coordinates to (about 2.2 km of
    /// latitude).
    public static let approximateGrid = 0.02

    /// The horizontal accuracy, in meters, that an approximate fix reports at least.
    public static let approximateAccuracy = 3000.0

    /// This fix as a person who granted approximate location only may see it, like iOS's
    /// reduced accuracy: latitude and longitude snapped to the nearest multiple of
    /// ``approximateGrid`` (0.02°), horizontal accuracy raised to at least
    /// ``approximateAccuracy`` (3 km), and speed and course removed (they would trace the
    /// precise path). Altitude, mode, times and source are kept.
    ///
    /// ```swift
    /// precise.coordinate.formatted                    // "52.22970, 21.01220"
    /// precise.approximated().coordinate.formatted     // "52.24000, 21.02000"
    /// precise.approximated().horizontalAccuracy       // 3000
    /// ```
    public func approximated() -> LocationFix {
        func snap<Component: CoordinateComponent>(_ component: Component) -> Component {
            let grid = Self.approximateGrid
            let snapped = (component.degrees / grid).rounded() * grid
            let range = Component.axis.range
            return (try? Component(degrees: min(max(snapped, range.lowerBound), range.upperBound))) ?? component
        }
        return LocationFix(
            coordinate: Coordinate(latitude: snap(coordinate.latitude), longitude: snap(coordinate.longitude)),
            mode: mode, altitude: altitude,
            horizontalAccuracy: max(horizontalAccuracy ?? 0, Self.approximateAccuracy),
            verticalAccuracy: verticalAccuracy, speed: nil, course: nil, satellitesUsed: satellitesUsed,
            receiverTime: receiverTime, arrivalTime: arrivalTime, source: source, isSimulated: isSimulated)
    }
}
