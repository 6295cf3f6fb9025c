import Hummingbird

extension Response {
    /// A JSON response whose body is exactly `value.serialized()`.
    static func json(_ value: SandboxJSON, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: value.serialized()))
        )
    }

    /// A 302 to `location`.
    static func redirect(to location: String) -> Response {
        Response(status: .found, headers: [.location: location])
    }

    /// An HTML page.
    static func html(_ page: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: page))
        )
    }
}
