import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// What happens to one connection's request bodies over time: a pure state machine whose
/// methods return what the channel handler must do (``RequestBodyDeadlineHandler`` carries it
/// out).
///
/// - A body must end within the body timeout of its head; past it the connection is answered
///   408 (when no answer has started) and closed.
/// - When the server answers before the body has ended (413 for a body over the limit, 404 for
///   an unknown report), the rest of the body is read and thrown away, as nginx's lingering
///   close does: a client that sends its whole body before it reads (Python's `urllib`,
///   `Connection: close`) then gets the answer instead of waiting on a server that stopped
///   reading. How long this may go on is the idle timeout's business (it closes a connection
///   that sends nothing while no request is answered).
struct RequestBodyDeadline: Sendable {
    enum Phase: Equatable, Sendable {
        /// Between requests, or reading a head.
        case idle
        /// A head arrived; its body has not ended. `answered`: the response has been written.
        case receivingBody(answered: Bool)
        /// The body ended; the answer is not written yet.
        case answering
    }

    private(set) var phase = Phase.idle
    private var answerStarted = false

    enum InboundAction: Equatable {
        /// Pass the part on.
        case forward
        /// Pass the part on and start the body's deadline.
        case forwardAndStartDeadline
        /// Pass the part on and cancel the body's deadline.
        case forwardAndCancelDeadline
        /// Throw the part away and read on (the answer is already out).
        case discardAndReadOn
    }

    mutating func received(_ part: HTTPRequestPart) -> InboundAction {
        switch (part, phase) {
        case (.head, _):
            phase = .receivingBody(answered: false)
            answerStarted = false
            return .forwardAndStartDeadline
        case (.body, .receivingBody(answered: true)):
            return .discardAndReadOn
        case (.body, _):
            return .forward
        case (.end, .receivingBody(answered: true)):
            phase = .idle
            return .forwardAndCancelDeadline
        case (.end, _):
            phase = .answering
            return .forwardAndCancelDeadline
        }
    }

    mutating func wrote(_ part: HTTPResponsePart) {
        switch part {
        case .head:
            answerStarted = true
        case .body:
            break
        case .end:
            switch phase {
            case .receivingBody: phase = .receivingBody(answered: true)
            case .answering, .idle: phase = .idle
            }
        }
    }

    enum DeadlineAction: Equatable {
        /// Answer 408 and close.
        case answerTimeoutAndClose
        /// Close (an answer has started; a 408 cannot be sent any more).
        case close
        /// Nothing: the body ended in time.
        case nothing
    }

    mutating func deadlinePassed() -> DeadlineAction {
        guard case .receivingBody = phase else { return .nothing }
        phase = .idle
        return answerStarted ? .close : .answerTimeoutAndClose
    }
}

/// Carries out ``RequestBodyDeadline`` on a connection's pipeline, after the HTTP decoder
/// (Hummingbird's `additionalChannelHandlers`).
final class RequestBodyDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let bodyTimeout: TimeAmount
    private var machine = RequestBodyDeadline()
    private var deadline: Scheduled<Void>?

    init(bodyTimeout: Duration) {
        let (seconds, attoseconds) = bodyTimeout.components
        self.bodyTimeout = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch machine.received(unwrapInboundIn(data)) {
        case .forward:
            context.fireChannelRead(data)
        case .forwardAndStartDeadline:
            deadline?.cancel()
            let loopBound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
            deadline = context.eventLoop.scheduleTask(in: bodyTimeout) {
                loopBound.value.handler.bodyDeadlinePassed(context: loopBound.value.context)
            }
            context.fireChannelRead(data)
        case .forwardAndCancelDeadline:
            deadline?.cancel()
            deadline = nil
            context.fireChannelRead(data)
        case .discardAndReadOn:
            context.read()
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // While a body is thrown away nobody above asks for more: ask here.
        if case .receivingBody(answered: true) = machine.phase { context.read() }
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let part = unwrapOutboundIn(data)
        machine.wrote(part)
        context.write(data, promise: promise)
        if case .end = part, case .receivingBody(answered: true) = machine.phase {
            context.flush()
            context.read()
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    private func bodyDeadlinePassed(context: ChannelHandlerContext) {
        deadline = nil
        switch machine.deadlinePassed() {
        case .nothing:
            return
        case .close:
            context.close(promise: nil)
        case .answerTimeoutAndClose:
            ServiceMetrics.refused(.bodyTimeout)
            let seconds = bodyTimeout.nanoseconds / 1_000_000_000
            let body = ByteBuffer(
                string:
                    #"{"type":"about:blank","title":"Request Timeout","status":408,"detail":"The request body did not arrive within \#(seconds) s of its head; send it again, faster or smaller."}"#
            )
            let head = HTTPResponse(
                status: .requestTimeout,
                headerFields: [
                    .contentType: "application/problem+json", .contentLength: "\(body.readableBytes)",
                    .connection: "close",
                ])
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.write(wrapOutboundOut(.body(body)), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            context.close(promise: nil)
        }
    }
}
