import Hummingbird
import Locking

extension Response {
    /// This answer, calling `sent` with the number of body bytes written once its body is
    /// written: at once for a body whose length is known (a `HEAD` answer writes none), when the
    /// body ends — however it ends — for one written as it goes (an event stream).
    func whenSent(method: HTTPRequest.Method, _ sent: @escaping @Sendable (_ bytes: Int) -> Void) -> Response {
        if let length = body.contentLength {
            sent(method == .head ? 0 : length)
            return self
        }
        var response = self
        let count = Locked(0)
        let body = self.body.map { buffer in
            count.withLock { $0 += buffer.readableBytes }
            return buffer
        }
        response.body = ResponseBody { writer in
            do {
                try await body.write(writer)
            } catch {
                sent(count.withLock { $0 })
                throw error
            }
            sent(count.withLock { $0 })
        }
        return response
    }
}
