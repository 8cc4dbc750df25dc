import Geodata
import Geodesy
import ReportSteps
import ReportStore
import Reports

/// What an area alert says of a report, shared by the mail sent alone
/// (``AlertMails/alert(_:event:to:)``) and its entry in an hourly digest
/// (``AlertMails/digestEntry(_:event:to:)``). The subject names the kind and a species from
/// the taxonomy, never a reporter's text; ``title`` is the reporter's (escape it in HTML).
struct AreaAlert {
    /// "Found" or "Missing".
    let kind: String
    /// What happened: "reported", or "seen" for a sighting of a missing pet.
    let verb: String
    /// The species as a lower-case word from the taxonomy ("dog"), or "pet".
    let species: String
    /// The distance from the area's centre as a stranger is told it ("1.2 km").
    let distance: String
    /// "Found dog, 1.2 km from your area's centre"; "Missing dog seen, …" for a sighting.
    let subject: String
    /// The card's species and breed (a reporter's text).
    let title: String
    /// Where, as the card names it: the typed place (a reporter's text) or the nearest town
    /// ("near Piaseczno"); `nil` without either.
    let place: String?
    /// The report's card link.
    let card: String
    /// Its photo's link, when it has one.
    let photo: String?
    /// The subscription's one-click unsubscribe link.
    let stop: String
    /// "within 5 km of 52.22970, 21.01220".
    let area: String

    /// `report` (as a stranger sees it) told to `subscription`; with `sighted`, a sighting of it
    /// (`report`'s place is then where it was seen).
    init(of report: PetReport, to subscription: Subscription, in settings: MailSettings, sighted: Bool = false) {
        let meters = report.coordinate.map { subscription.distanceMeters(to: $0) } ?? 0
        distance = DistanceDisplay.text(meters: PublicLocation.publicMeters(meters))
        kind = report.kind == .found ? "Found" : "Missing"
        species = AlertMails.speciesWord(report)
        verb = sighted ? "seen" : "reported"
        subject = "\(kind) \(species)\(sighted ? " seen" : ""), \(distance) from your area's centre"
        title = ReportMatching.title(report)
        place = PlacesController.placeName(report)
        card = settings.publicURL.link("/pets/\(report.id)")
        photo = report.photoUrl.map { settings.publicURL.link($0) }
        stop = AlertMails.unsubscribeLink(subscription, settings.publicURL)
        area = AlertMails.areaText(subscription)
    }
}
