/// The sizes the service accepts.
public enum ServiceLimits {
    /// The largest request body: a scenario document posted to
    /// `POST /v1/scenarios/{name}/run` (256 KiB). Larger bodies get 413.
    public static let maximumBodyBytes = 256 * 1024
    /// The largest photo posted to `POST /v1/report-photos/{flow}` (16 MiB): above the Found
    /// flow's own 10 MB rule, so that rule's message is what a person sees for a photo up to
    /// this size. Larger bodies get 413.
    public static let maximumPhotoBytes = 16 * 1_048_576
    /// The largest Submit report (`POST /v1/report-steps/{flow}/{last step}`): a JSON body
    /// with the photo in base64 (four bytes for every three).
    public static let maximumSubmitBytes = maximumBodyBytes + (maximumPhotoBytes + 2) / 3 * 4
    /// The longest `timeout` of `GET /v1/location`, in seconds.
    public static let maximumLocationTimeout = 300.0
}
