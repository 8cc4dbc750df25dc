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
    // Requests and their answers are counted, because HTTP/1.1 answers in order but not in
    // step: a client may send the next request as soon as it has the previous answer's
    // `Content-Length` bytes, before the answer's end has passed this handler. An answer's end
    // therefore concerns the request it answers, not whichever request is arriving.

    /// Request heads received on the connection.
    private(set) var heads = 0
    /// Request bodies that ended.
    private(set) var bodiesEnded = 0
    /// Answers written to their end.
    private(set) var answered = 0
    /// The request whose answer has begun (its head written), if any.
    private var answerStartedFor = 0

    /// The request arriving has an answer already and its body is still coming: what comes
    /// is thrown away.
    var isDiscarding: Bool { answered >= heads && bodiesEnded < heads }

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
        switch part {
        case .head:
            heads += 1
            return .forwardAndStartDeadline
        case .body:
            return isDiscarding ? .discardAndReadOn : .forward
        case .end:
            bodiesEnded = heads
            return .forwardAndCancelDeadline
        }
    }

    mutating func wrote(_ part: HTTPResponsePart) {
        switch part {
        case .head: answerStartedFor = answered + 1
        case .body: break
        case .end: answered += 1
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
        guard bodiesEnded < heads else { return .nothing }
        bodiesEnded = heads
        return answerStartedFor == heads || answered >= heads ? .close : .answerTimeoutAndClose
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
        if machine.isDiscarding { context.read() }
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let part = unwrapOutboundIn(data)
        machine.wrote(part)
        context.write(data, promise: promise)
        if case .end = part, machine.isDiscarding {
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
