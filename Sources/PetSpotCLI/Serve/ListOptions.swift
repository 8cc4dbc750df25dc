#if Server
    /// Every repeatable `petspot serve` option, each declared once (``ListOption``).
    enum ListOptions {
        static let allowOrigin = ListOption(
            "--allow-origin", "CORS origins, a list", key: "petspot.allowOrigins",
            help: "A web origin allowed to call the API from a browser (CORS); repeatable.", valueName: "origin")

        static let allowedHost = ListOption(
            "--allowed-host", "more host names, a list", key: "petspot.allowedHosts",
            help: "A host name the server answers for besides its address and localhost (the Host header); "
                + "repeatable. Others get 421.",
            valueName: "name")

        static let trustedProxy = ListOption(
            "--trusted-proxy", "proxies that name the client, a list", key: "petspot.trustedProxies",
            help: "A reverse proxy whose X-Forwarded-For (or Forwarded) names the client: an address or a CIDR "
                + "network; repeatable. From anyone else those headers are ignored.",
            valueName: "cidr")
    }
#endif
