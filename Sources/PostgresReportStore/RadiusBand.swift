/// The radius bands of the nearby query: every report's radius falls in one band, and one
/// indexed box per band searches as far as the band's largest radius — so the index
/// serves a query although every report has its own radius (the same grouping as
/// `NearbySearch`'s `RadiusGroup`: one band per power of two of metres).
///
/// Band `b ≥ 0` holds radii in [2^b, 2^(b+1)) metres; band -1 holds radii under 1 m (zero
/// included). The largest radius, 10,000 km, is in band 23, so there are 25 bands.
enum RadiusBand {
    /// Every band.
    static let all = Array(-1...23)

    /// The band of a radius in metres.
    static func of(_ meters: Double) -> Int {
        meters < 1 ? -1 : min(Int(meters.exponent), 23)
    }

    /// The largest radius in band `band`, in metres (exclusive).
    static func upperBound(_ band: Int) -> Double {
        band < 0 ? 1 : Double(sign: .plus, exponent: band + 1, significand: 1)
    }
}
