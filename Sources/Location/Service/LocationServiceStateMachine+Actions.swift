extension LocationServiceStateMachine {
    /// What the ``LocationService`` must do after an event. Every field is optional or empty
    /// by default, so an event that needs nothing costs nothing; a fix for consumers is just
    /// ``publish`` (no allocation on the hot path). It holds at most one update, so that it
    /// stays small to copy.
    ///
    /// The service performs them in the order of the fields: the provider, the authorization
    /// watch, the consumers' queues, then the requests' timers and continuations.
    package struct Actions: Sendable, Hashable {
        /// Start or stop the provider.
        package enum ProviderAction: Sendable, Hashable {
            /// Start a provider run whose events carry `generation` (after stopping any
            /// earlier run).
            case start(generation: UInt64)
            /// Stop the running provider (cancel its task) and forget it.
            case stop
        }

        /// Start or stop listening to the authorizer's changes.
        package enum WatchAction: Sendable, Hashable {
            case start
            case stop
        }

        /// A request's timeout timer.
        package struct TimerStart: Sendable, Hashable {
            package var request: UInt64
            /// When it fires, on the service's clock.
            package var deadline: LocationClock.Instant

            package init(request: UInt64, deadline: LocationClock.Instant) {
                self.request = request
                self.deadline = deadline
            }
        }

        /// A request that ends: resume it with `result` and cancel its timer.
        package struct FinishedRequest: Sendable, Hashable {
            package var id: UInt64
            package var result: Result<LocationFix, LocationError>

            package init(id: UInt64, result: Result<LocationFix, LocationError>) {
                self.id = id
                self.result = result
            }
        }

        package var provider: ProviderAction?
        package var authorizationWatch: WatchAction?
        /// End this consumer's queue at once (it left).
        package var cancelSubscriber: UInt64?
        /// Put this update in every consumer's queue (or only ``recipient``'s).
        package var publish: LocationUpdate?
        /// The one consumer ``publish`` is for (a new consumer's first update); `nil`: every
        /// consumer.
        package var recipient: UInt64?
        /// Finish every consumer's queue (they get what is waiting, then the end) and forget
        /// the consumers: the source ended.
        package var finishSubscribers: Bool
        package var startTimer: TimerStart?
        package var finishRequests: [FinishedRequest]

        package init(
            provider: ProviderAction? = nil, authorizationWatch: WatchAction? = nil, cancelSubscriber: UInt64? = nil,
            publish: LocationUpdate? = nil, recipient: UInt64? = nil, finishSubscribers: Bool = false,
            startTimer: TimerStart? = nil, finishRequests: [FinishedRequest] = []
        ) {
            self.provider = provider
            self.authorizationWatch = authorizationWatch
            self.cancelSubscriber = cancelSubscriber
            self.publish = publish
            self.recipient = recipient
            self.finishSubscribers = finishSubscribers
            self.startTimer = startTimer
            self.finishRequests = finishRequests
        }
    }
}
