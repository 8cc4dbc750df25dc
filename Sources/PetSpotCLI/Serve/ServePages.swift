#if Server
    /// What `petspot serve` prints after its `listening on` line (which scripts read, and which
    /// stays as it is): where a browser finds the pages — the home page and the two report flows.
    enum ServePages {
        /// `home page on http://127.0.0.1:8080/` and the flows' lines, for a server at `base`
        /// (`http://HOST:PORT`, no slash at the end).
        static func lines(base: String) -> [String] {
            [
                "home page on \(base)/",
                "report a missing pet on \(base)/report/missing",
                "report a found animal on \(base)/report/found",
                "map of the reports on \(base)/map?near=52.2297,21.0122",
            ]
        }
    }
#endif
