import Hummingbird

/// Gives each request a lease on the shared ``BodyBudget`` while it is answered, and takes
/// back what its body took once the answer is made.
struct BodyBudgetMiddleware<Context: RequestContext>: RouterMiddleware {
    let budget: BodyBudget

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let lease = BodyBudget.Lease(budget)
        defer { lease.end() }
        return try await BodyBudget.$lease.withValue(lease) {
            try await next(request, context)
        }
    }
}
