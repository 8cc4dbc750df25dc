/// `/map?near=PAIR[&report=ID]`: the open reports nearest to a place on a Leaflet map — a
/// marker for each (its card one tap away) and each missing report's search circle, drawn
/// from `GET /v1/geodesy/radius` as GeoJSON, so a circle over a pole or across the
/// antimeridian comes out right. Tiles come from the operator's URL template
/// (`--tile-url`); with none reachable the markers and circles are drawn on a plain
/// background and the page says tiles are unavailable. The card's "Show on the map" opens it
/// on its report (`report=ID`); the home page shows it beside its list on a wide screen
/// (`embed=1`). Its texts are here; `map.js` only draws.
struct MapPage {
    /// Where the map is.
    static let path = "/map"
    /// How many of the nearest reports it shows.
    static let reportLimit = 100

    let tileURL: String
    let tileAttribution: String
    /// Shown in the home page's frame beside its list (`embed=1`): no header of its own, and a
    /// report's card opens in the whole window.
    let embedded: Bool

    let title = "Reports on the map \u{2013} PetSpot"
    let heading = "Reports on the map"
    let backTitle = "Back to the list"
    let licenceTitle = "Map library: Leaflet (BSD licence)"
    let reportLimitText = String(MapPage.reportLimit)
    let idle = "Open the map from the list or a card: it shows the reports near a place."
    let loading = "Loading reports\u{2026}"
    /// `{count}` is filled in by the script.
    let showing = "{count} open reports nearest to this place; missing pets with their search circle."
    let noReports = "No open reports have a place yet."
    let tilesUnavailable =
        "Map tiles are unavailable (the tile server cannot be reached), so the reports are drawn on a plain background."
    let unreachable = PageCopy.serverUnreachable
    let openCard = "Open the report"
}
