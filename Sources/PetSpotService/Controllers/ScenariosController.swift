import Foundation
import Hummingbird
import NIOCore
import OutsideInput
import PetSpotJSON
import ScenarioSteps
import Scenarios

/// `GET /v1/scenarios` (`scenario list --json`) and `POST /v1/scenarios/{name}/run`
/// (`scenario run --json`: the transcript, with typed fields on its entries).
///
/// The run plays the bundled scenario `name`, or, when the request has a body, the scenario
/// document in it (`application/json` or `application/yaml`, at most
/// ``ServiceLimits/maximumBodyBytes``; tracks only from the bundle), named `name`. Only
/// bundled names are looked up: a name never reaches the file system.
struct ScenariosController {
    /// Where runs run, and how many at once.
    let runs: ScenarioRunAdmission

    /// The media types a posted scenario document may have.
    static let documentTypes = ["application/json", "application/yaml", "application/x-yaml", "text/yaml"]

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/v1/scenarios") { request, _ -> Response in
            _ = try Query(request, allowed: [])
            do throws(ScenarioError) {
                return .json(ScenarioJSON.list(try ScenarioLibrary.loadBundled()))
            } catch {
                throw Problem(.internalServerError, detail: "A bundled scenario is broken: \(error.description)")
            }
        }
        router.post("/v1/scenarios/{name}/run") { request, context -> Response in
            _ = try Query(request, allowed: [])
            let name = context.parameters.get("name") ?? ""
            let body = try await Self.body(of: request)
            let contentType = request.headers[.contentType]
            // Decoding a posted document is work too: it runs on the scenario thread with the run.
            let text = try await runs.run { () throws(Problem) -> String in
                let scenario: Scenario
                if body.readableBytes == 0 {
                    scenario = try Self.bundled(name, parameter: nil)
                } else {
                    scenario = try Self.posted(Data(body.readableBytesView), name: name, contentType: contentType)
                }
                let run = await ScenarioRunner(
                    scenario: scenario, stepEvaluator: await ReportStepPlayback.evaluator(for: scenario)
                ).run()
                return ScenarioJSON.run(run).text
            }
            return .text(text, contentType: "application/json")
        }
    }

    /// The request's body, at most ``ServiceLimits/maximumBodyBytes``; 413 past it.
    static func body(of request: Request) async throws -> ByteBuffer {
        try await RequestBody.collectBuffer(request, limit: ServiceLimits.maximumBodyBytes, what: "The request body")
    }

    /// A bundled scenario by name; 404 (path) or 400 (query `parameter`) for any other name.
    static func bundled(_ name: String, parameter: String?) throws(Problem) -> Scenario {
        let names = ScenarioLibrary.bundledNames
        guard names.contains(name) else {
            let detail =
                "No bundled scenario named '\(String(name.prefix(80)).terminalSafe)'; bundled: \(names.joined(separator: ", "))."
            if let parameter { throw Problem.badParameter(parameter, detail) }
            throw Problem(.notFound, detail: detail)
        }
        do {
            return try ScenarioLibrary.load(name)
        } catch {
            throw Problem(.internalServerError, detail: "A bundled scenario is broken: \(error.description)")
        }
    }

    /// A scenario document from a request body: 415 for another media type, 422 (with the
    /// line and column) for a document with an error.
    static func posted(_ data: Data, name: String, contentType: String?) throws(Problem) -> Scenario {
        let mediaType = contentType?.split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard let mediaType, documentTypes.contains(mediaType) else {
            throw Problem(
                .unsupportedMediaType,
                detail:
                    "A scenario document must be sent as \(documentTypes.joined(separator: " or ")); got \(String((contentType ?? "no Content-Type").prefix(80)).terminalSafe).",
                headers: [.accept: documentTypes.joined(separator: ", ")])
        }
        let fileName = String(name.prefix(80)).terminalSafe
        do {
            return try ScenarioLibrary.decode(
                data, file: fileName, name: fileName,
                readFile: { track throws(ScenarioError) in
                    guard let bytes = ScenarioLibrary.bundledFile(named: track) else {
                        throw ScenarioError(
                            file: fileName, message: "a posted scenario can only use bundled tracks; no '\(track)'")
                    }
                    return bytes
                })
        } catch {
            throw Problem(.unprocessableContent, detail: error.description)
        }
    }
}
