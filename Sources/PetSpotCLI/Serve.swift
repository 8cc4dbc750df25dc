import ArgumentParser
import Foundation
import Location
import Logging
import OutsideInput
import PetSpotService
import ReportStore
import ReportStores
import Scenarios

extension PetSpot {
    /// `petspot serve`: the location and geodata service over HTTP.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve validation, geodesy, fixes and live updates over HTTP (see Docs/Service.md).",
            discussion: """
                Listens on loopback (127.0.0.1:8080) unless --host says otherwise; --port 0 \
                picks a free port. Once listening it prints one line to stderr: \
                "petspot: listening on http://HOST:PORT". The API is described at \
                /openapi.yaml.

                Location source: --gpsd uses gpsd with the persisted consent (`petspot \
                permission grant`; nothing over HTTP can grant it); --scenario plays a \
                scenario's timeline on the real clock, in a loop (its permission plays once); \
                with neither, /v1/location answers 503.

                Reports: /v1/reports… keep reports in the store --store URL names (else \
                PETSPOT_STORE, else the default SQLite file; see `petspot reports`). The SQLite \
                store's nearby index is loaded before the server listens. Report photos \
                (PUT/GET /v1/reports/ID/photo) are files in --photos DIR, else a folder \
                beside the store.

                Every client connection is an open file: the server raises its soft \
                open-file limit to the hard limit (`ulimit -Hn`) at start. SIGTERM or SIGINT \
                ends the event streams and stops the server (exit 0). Logs go to stderr.

                Exit status: 0 stopped, 64 usage error, 65 scenario file error, 1 cannot listen.
                """
        )

        @Option(help: "The interface to listen on (loopback unless asked).")
        var host = "127.0.0.1"

        @Option(help: "The port; 0 picks a free one.")
        var port = 8080

        @Option(
            name: .customLong("gpsd"),
            help: ArgumentHelp(
                "Use gpsd at HOST, HOST:PORT, HOST:PORT:DEVICE (that receiver only) or [IPv6]:PORT as the "
                    + "location source.", valueName: "host[:port[:device]]"))
        var gpsd: String?

        @Option(
            help: ArgumentHelp(
                "Play a scenario (bundled name or .yaml/.json file) as the location source.", valueName: "name|path"))
        var scenario: String?

        @Option(
            help: ArgumentHelp(
                "trace, debug, info, notice, warning, error or critical.", valueName: "level"))
        var logLevel = "info"

        @Option(
            name: .customLong("allow-origin"),
            help: ArgumentHelp(
                "A web origin allowed to call the API from a browser (CORS); repeatable.", valueName: "origin"))
        var allowedOrigins: [String] = []

        @OptionGroup var storeOptions: StoreOptions

        @Option(
            help: ArgumentHelp(
                "The folder for the reports' photos; default beside the store (sqlite:DIR/NAME.sqlite: "
                    + "DIR/NAME-photos; PostgreSQL: $XDG_DATA_HOME/petspot/photos).", valueName: "dir"))
        var photos: String?

        func validate() throws {
            if gpsd != nil && scenario != nil { throw ValidationError("Give --gpsd or --scenario, not both.") }
            guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535.") }
            if Logger.Level(rawValue: logLevel) == nil {
                throw ValidationError(
                    "--log-level must be one of trace, debug, info, notice, warning, error, critical.")
            }
            if let gpsd {
                do {
                    _ = try GPSDEndpoint(parsing: gpsd)
                } catch {
                    throw ValidationError(error.description)
                }
            }
            for origin in allowedOrigins where !origin.hasPrefix("http://") && !origin.hasPrefix("https://") {
                throw ValidationError(
                    "--allow-origin takes an origin such as http://localhost:3000; got '\(origin.terminalSafe)'.")
            }
        }

        func run() async throws {
            let level = Logger.Level(rawValue: logLevel) ?? .info
            var logger = Logger(label: "petspot.serve") { label in
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = level
                return handler
            }
            logger.logLevel = level
            let location: LocationSource
            if let gpsd {
                location = .gpsd(try GPSDEndpoint(parsing: gpsd), logger: logger)
            } else if let scenario {
                location = .scenario(ScenarioLoop(scenario: try loadScenario(scenario)), logger: logger)
            } else {
                location = .none
            }
            let storeURL = try storeOptions.url()
            let storeLogger = logger
            let served: ServedReportStore
            do {
                served = try ReportStores.served(storeURL)
            } catch {
                throw InputError(error.description)
            }
            let configuration = ServiceConfiguration(
                host: host, port: port, location: location, allowedOrigins: allowedOrigins, logger: logger,
                reports: served.store, services: served.services,
                beforeListening: {
                    // The store's pool runs by now (a service of the server's group).
                    let loaded: Int?
                    do throws(ReportStoreError) {
                        loaded = try await served.prepare()
                    } catch {
                        throw StoreNotReady(error: error)
                    }
                    storeLogger.info(
                        "reports store open",
                        metadata: ["store": "\(storeURL)", "indexed": "\(loaded.map(String.init) ?? "-")"])
                },
                photos: photos.map(ReportPhotoFolder.init(path:)) ?? ReportPhotoFolder(beside: storeURL),
                onListening: { host, port in
                    let shown = host.contains(":") ? "[\(host)]" : host
                    FileHandle.standardError.write(Data("petspot: listening on http://\(shown):\(port)\n".utf8))
                })
            do {
                try await runService(configuration)
                await served.store.close()
            } catch let error as StoreNotReady {
                await served.store.close()
                throw InputError(error.error.description)
            } catch {
                await served.store.close()
                printError("cannot serve on \(host):\(port): \(error)")
                throw ExitCode(1)
            }
        }
    }
}

/// The reports store could not be opened before the server listened: said as when it cannot
/// be opened at all (exit 1 with its message), not as a server that cannot listen.
private struct StoreNotReady: Error {
    var error: ReportStoreError
}
