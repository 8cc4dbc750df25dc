import Geodesy
import Testing

/// How far a report is on the home page's list: metres under 1 km, then km with one decimal.
struct DistanceDisplayTests {
    @Test(arguments: [
        (0.0, "0 m"), (0.4, "0 m"), (849.5, "850 m"), (999.4, "999 m"), (999.5, "1.0 km"), (1000, "1.0 km"),
        (2408.3, "2.4 km"), (2450, "2.5 km"), (15_049.9, "15.0 km"), (16_989_295.771, "16989.3 km"),
        (-1, "\u{2014}"), (.nan, "\u{2014}"), (.infinity, "\u{2014}"), (1e300, "\u{2014}"),
    ])
    func distancesAreShownInMetresThenKilometres(meters: Double, shown: String) {
        #expect(DistanceDisplay.text(meters: meters) == shown)
    }
}
