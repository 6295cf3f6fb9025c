import Hummingbird

/// Builds the sandbox's routes: OAuth, the Strava API in both layouts (under `/api/v3`, as at
/// `https://www.strava.com/api/v3`, and at the root, as at `https://api-v3.strava.com`), and the control
/// routes under `/_sandbox`.
enum SandboxRouter {
    static func make(store: SandboxStore) -> Router<SandboxRequestContext> {
        let router = Router(context: SandboxRequestContext.self)
        router.add(middleware: SandboxMiddleware(store: store))

        let authorize = AuthorizeHandler(store: store)
        router.get("/oauth/authorize", use: authorize.authorize)
        router.get("/oauth/mobile/authorize", use: authorize.authorize)
        router.post("/oauth/accept_application", use: authorize.accept)

        let token = TokenHandler(store: store)
        router.post("/oauth/token", use: token.token)
        router.post("/api/v3/oauth/token", use: token.token)
        router.post("/oauth/revoke", use: token.revoke)
        router.post("/oauth/deauthorize", use: token.deauthorize)
        router.post("/api/v3/oauth/deauthorize", use: token.deauthorize)

        let uploads = UploadHandler(store: store)
        let activities = ActivityHandler(store: store)
        for prefix in ["/api/v3", ""] {
            router.post("\(prefix)/uploads", use: uploads.create)
            router.get("\(prefix)/uploads/:id", use: uploads.status)
            router.get("\(prefix)/athlete", use: activities.athlete)
            router.get("\(prefix)/athlete/activities", use: activities.list)
        }
        // `GET /activities/{id}` at the root is the API for a request with a token (the new API host's layout)
        // and, without one, the page a person opens from a sidecar's `activity_url` (as on strava.com).
        let pages = PageHandler(store: store)
        router.get("/api/v3/activities/:id", use: activities.activity)
        router.get("/activities/:id") { request, context -> Response in
            if request.carriesCredentials { return try await activities.activity(request, context: context) }
            return try await pages.activity(request, context: context)
        }
        router.get("/", use: pages.index)

        let control = ControlHandler(store: store)
        router.get("/_sandbox/stats", use: control.stats)
        router.get("/_sandbox/activities", use: control.activities)
        router.delete("/_sandbox/activities/:id", use: control.deleteActivity)
        router.post("/_sandbox/revoke", use: control.revoke)
        router.get("/_sandbox/faults", use: control.currentFaults)
        router.post("/_sandbox/faults", use: control.faults)
        router.post("/_sandbox/reset", use: control.reset)
        router.post("/_sandbox/clock", use: control.clock)
        router.post("/_sandbox/tokens", use: control.tokens)
        router.get("/_sandbox/app", use: control.appStatus)
        router.post("/_sandbox/app", use: control.setAppStatus)
        router.post("/_sandbox/athlete", use: control.switchAthlete)
        return router
    }
}
