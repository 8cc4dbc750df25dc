import Hummingbird
import NIOCore
import PetSpotJSON

extension Response {
    /// A 200 (or `status`) response whose body is `json`'s text, the same bytes the CLI
    /// prints with `--json` (without the newline).
    static func json(
        _ json: JSONValue, status: HTTPResponse.Status = .ok, contentType: String = "application/json"
    ) -> Response {
        text(json.text, status: status, contentType: contentType)
    }

    /// A response with `text` as its body.
    static func text(_ text: String, status: HTTPResponse.Status = .ok, contentType: String) -> Response {
        Response(
            status: status, headers: [.contentType: contentType],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
