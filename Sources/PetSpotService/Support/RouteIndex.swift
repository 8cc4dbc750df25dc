import Hummingbird
import Locking

/// The service's routes (method and path template such as `/v1/scenarios/{name}/run`),
/// filled once the router is built: the 405 check and the OpenAPI conformance test read it.
public final class RouteIndex: Sendable {
    private let entries = Locked<[(method: String, path: String)]>([])

    /// An empty index.
    public init() {}

    /// Every route as `"GET /healthz"`, sorted, without the HEAD routes Hummingbird adds.
    public var all: [String] {
        entries.withLock { $0.map { "\($0.method) \($0.path)" } }.sorted()
    }

    /// Replaces the routes.
    func set(_ routes: [(method: String, path: String)]) {
        entries.withLock { $0 = routes.filter { $0.method != "HEAD" } }
    }

    /// The methods allowed on `path` (a request's path), sorted; empty when no route matches.
    func methods(for path: String) -> [String] {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        return entries.withLock { entries in
            entries.filter { Self.matches(template: $0.path, components) }.map(\.method)
        }.sorted()
    }

    /// The template of the first route whose path matches `path` (a request's path), whatever
    /// its method; `nil` when none does.
    func template(for path: String) -> String? {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        return entries.withLock { entries in
            entries.first { Self.matches(template: $0.path, components) }?.path
        }
    }

    private static func matches(template: String, _ components: [Substring]) -> Bool {
        let parts = template.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == components.count else { return false }
        for (part, component) in zip(parts, components) {
            if part.hasPrefix("{") || part.hasPrefix(":") {
                if component.isEmpty { return false }
            } else if part != component {
                return false
            }
        }
        return true
    }
}
