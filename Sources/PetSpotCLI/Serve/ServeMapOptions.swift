#if Server
    import ArgumentParser
    import PetSpotService

    /// `petspot serve`'s map tiles (the map page, `/map`): a URL template and its attribution,
    /// OpenStreetMap's by default. Each also from its `PETSPOT_*` variable.
    struct ServeMapOptions: ParsableArguments {
        @Option(
            help: ArgumentHelp(
                "The map page's tile URL template with {z}, {x}, {y} (a leading {s}. subdomain is allowed); "
                    + "default OpenStreetMap's.", valueName: "template"))
        var tileURL: String?

        @Option(help: ArgumentHelp("The attribution the tiles' terms ask for.", valueName: "text"))
        var tileAttribution: String?

        /// The tiles these options, else their variables, else the defaults give.
        ///
        /// - Throws: `ValidationError` naming what is wrong with the template.
        func tiles(_ environment: ServeEnvironment) throws -> TileSource {
            guard let template = try ServeValue.resolve(tileURL, "--tile-url", environment) else {
                if let attribution = try ServeValue.resolve(tileAttribution, "--tile-attribution", environment) {
                    _ = attribution
                    throw ValidationError("--tile-attribution needs --tile-url, the tiles it is for.")
                }
                return .openStreetMap
            }
            let attribution = try ServeValue.resolve(tileAttribution, "--tile-attribution", environment) ?? ""
            do {
                return try TileSource(template: template, attribution: attribution)
            } catch {
                throw ValidationError("--tile-url: \(error.description)")
            }
        }
    }
#endif
