import Foundation

extension StravaSession {
    /// One `GET /athlete` to learn whether Strava serves the app again after "Application Status Inactive":
    /// true when it answers, false while the app is still inactive.
    public func checkAppStatus() async throws -> Bool {
        try ensureOpen()
        var calls = 0
        let request = APIRequest(method: .GET, path: "/athlete")
        do {
            let exchange = try await api.send(request, calls: &calls)
            guard exchange.status == 200 else {
                throw StravaError.server(
                    endpoint: request.label, status: exchange.status, message: StravaErrorBody(exchange.body).summary)
            }
            return true
        } catch StravaError.appInactive {
            return false
        }
    }
}
