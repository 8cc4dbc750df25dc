/// The sizes the service accepts.
public enum ServiceLimits {
    /// The largest request body: a scenario document posted to
    /// `POST /v1/scenarios/{name}/run` (256 KiB). Larger bodies get 413.
    public static let maximumBodyBytes = 256 * 1024
    /// The longest `timeout` of `GET /v1/location`, in seconds.
    public static let maximumLocationTimeout = 300.0
}
