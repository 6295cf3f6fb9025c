import Foundation

extension StravaSession {
    /// One `GET /athlete` to learn whether Strava serves the app again after "Application Status Inactive":
    /// true when it answers, false while the app is still inactive.
    public func checkAppStatus() async throws -> Bool {
        try ensureOpen()
        var calls = 0
        let request = APIRequest(method: .GET, path: "/athlete")
        do {
            _ = try await api.send(request, expecting: 200, calls: &calls)
            return true
        } catch StravaError.appInactive {
            return false
        }
    }
}
