import Hummingbird

/// Builds the sandbox's routes: OAuth, the Strava API under /api/v3, and the control routes under /_sandbox.
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
        router.post("/oauth/deauthorize", use: token.deauthorize)

        let uploads = UploadHandler(store: store)
        router.post("/api/v3/uploads", use: uploads.create)
        router.get("/api/v3/uploads/:id", use: uploads.status)

        let activities = ActivityHandler(store: store)
        router.get("/api/v3/activities/:id", use: activities.activity)
        router.get("/api/v3/athlete", use: activities.athlete)
        router.get("/api/v3/athlete/activities", use: activities.list)

        // Pages for people (what an activity link in a sidecar opens), as strava.com serves them beside its API.
        let pages = PageHandler(store: store)
        router.get("/", use: pages.index)
        router.get("/activities/:id", use: pages.activity)

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
        return router
    }
}
