import ReportSteps

/// `/`: the home page — the two report flows, and **Near you**: the open reports nearest to
/// the browser's position (asked only when the person taps Use my location) or to a place
/// typed in any form `petspot validate` reads, 10 a page (`GET /v1/reports?near=…`). The
/// page keeps the place and the page number in its own address (`/?near=…&page=N`), so the
/// card's back arrow returns to the same page of the list. While a list is shown, reports
/// created within ``alertKilometers`` of its place are announced as they happen ("1 new
/// report near you", `GET /v1/reports/updates`). Its texts are here; `home.js` only draws.
struct HomePage {
    /// Where the home page is.
    static let path = "/"
    /// How many reports a page of the list shows.
    static let pageSize = 10

    let title = "PetSpot"
    let heading = "PetSpot: lost and found pets"
    let missingTitle = PageCopy.missingTitle
    let missingPath = "/report/missing"
    let foundTitle = PageCopy.foundTitle
    let foundPath = "/report/found"
    let nearTitle = "Near you"
    let nearIntro = "Open reports of missing and found pets, nearest first."
    let locateTitle = "Use my location"
    let cancelLocateTitle = CoordinateFields.cancelRequestTitle
    let placeLabel = "Or type a place"
    let placePlaceholder = "52.2297, 21.0122"
    let placeHelper =
        "Latitude and longitude in any usual form: 52.2297, 21.0122 · 52°13′47″N 21°0′44″E · geo:52.2297,21.0122"
    let searchTitle = "Show reports near this place"
    let previousTitle = "Previous"
    let nextTitle = "Next"
    let listLabel = "Open reports nearest first"
    let mapTitle = "Show them on the map"
    /// The frame that shows them on the map beside the list, on a screen wide enough.
    let mapFrameTitle = "The listed reports on the map"
    let noScript =
        "This page needs JavaScript to find reports near you. Or run `petspot nearby --from PAIR` in a terminal."
    let pageSize = String(HomePage.pageSize)

    // What the script says, in words a person understands (data- attributes).
    let idle = "Tap Use my location or type a place to see reports near it."
    let locating = "Asking your browser for your position\u{2026}"
    let loading = "Loading reports\u{2026}"
    let denied =
        "Location permission was denied, so this page cannot see where you are. Allow location for this site in your browser\u{2019}s settings, or type a place instead."
    let unavailable = "Your browser could not find your position. Type a place instead."
    let timedOut = "Finding your position took too long. Try again, or type a place instead."
    let unsupported = "This browser cannot share your location. Type a place instead."
    let emptyPlace = "Type a place: a town, or a latitude and a longitude such as 52.2297, 21.0122."
    /// `{typed}` is filled in by the script.
    let noTown =
        "No town is called \u{201C}{typed}\u{201D}. Type a town\u{2019}s name, or a latitude and a longitude such as 52.2297, 21.0122."
    /// `{typed}` is filled in by the script; the towns follow as buttons.
    let chooseTown = "Which \u{201C}{typed}\u{201D}?"
    let noReports = "No open reports have a place yet."
    let endOfList = "No more reports: this page is past the last one."
    /// `{from}`, `{to}` and `{place}` are filled in by the script.
    let showing = "Reports {from}\u{2013}{to}, nearest first to {place}."
    let unreachable = PageCopy.serverUnreachable
    let imageNotAvailable = PetDetailsCard.imageNotAvailable
    let photoAlt = PageCopy.petPhotoAlt

    // Live alerts: while a list is shown, GET /v1/reports/updates?near=PAIR&km=… tells the
    // page of reports created within this many kilometres, and it offers to show them.
    /// The alerts' radius around the listed place, in kilometres.
    let alertKilometers = "10"
    let newOne = "1 new report near you. Show it"
    /// `{count}` is filled in by the script.
    let newMany = "{count} new reports near you. Show them"

    // Alerts by mail (`alerts.js`), offered only by a server that sends mail (`--smtp`).
    /// Whether the page offers alerts by mail.
    var alerts = false
    let alertsTitle = "Email me when a pet is reported near here"
    let alertsEmailLabel = "Your email address"
    let alertsRadiusLabel = "Within"
    /// The radii offered, in kilometres; the first chosen.
    let alertsRadii = [
        (km: "2", label: "2 km"), (km: "5", label: "5 km"), (km: "10", label: "10 km"), (km: "1", label: "1 km"),
    ]
    .map { ["km": $0.km, "label": $0.label] }
    let alertsSubmitTitle = "Email me"
    let alertsNoPlace = "Show the reports near a place first: alerts are for the place the list shows."
    let alertsNoEmail = "Type your email address."
    let alertsSending = "Sending\u{2026}"
    let alertsSent =
        "Check your mail: we sent a link to confirm the alerts. Nothing is sent until you press its button."
}
