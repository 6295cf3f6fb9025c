import Foundation
import Logging
import NIOHTTP1

/// Hands every API call its base: the fixed one, or the one the schedule picks for today, asking the new
/// host at most once per recheck period and remembering its answer in the state folder.
actor APIBaseResolver {
    private let setting: APIBaseSetting
    private let transport: Transport
    private let logger: Logger
    private var remembered: APIBaseMemory?
    private var loaded = false
    private var probing: Task<Bool, Never>?
    private var lastAnnounced: String?

    init(setting: APIBaseSetting, transport: Transport, logger: Logger) {
        self.setting = setting
        self.transport = transport
        self.logger = logger
    }

    /// The base without a trailing slash, e.g. `https://www.strava.com/api/v3`.
    func base() async -> String {
        switch setting {
        case .fixed(let url):
            if lastAnnounced == nil {
                lastAnnounced = url.absoluteString
                if StravaSettings.trimmed(url) == StravaSettings.trimmed(APIBaseSchedule.stravaLegacyBase) {
                    let advice = "the configured Strava API base \(url.absoluteString) stops working on 1 June 2027, when "
                        + "Strava retires it: remove strava.api_base_url (or STRAVA_API_BASE_URL) from the configuration, "
                        + "and trackdrop follows Strava's move to \(APIBaseSchedule.stravaNewBase.absoluteString) by itself"
                    logger.warning("\(advice)")
                }
            }
            return StravaSettings.trimmed(url)
        case .automatic(let schedule):
            if !loaded {
                loaded = true
                remembered = schedule.memoryFile.flatMap(APIBaseMemory.load(from:))
            }
            let now = schedule.clock()
            switch schedule.decide(now: now, remembered: remembered) {
            case .use(let url, let reason):
                announce(url, reason: reason.rawValue)
                return StravaSettings.trimmed(url)
            case .probe(let newBase, let fallback):
                let answered = await probe(newBase)
                let memory = APIBaseMemory(newBase: newBase.absoluteString, newBaseAnswered: answered, checkedAt: now)
                remembered = memory
                if let file = schedule.memoryFile {
                    do {
                        try memory.save(to: file)
                    } catch {
                        logger.warning("could not remember the API base choice", metadata: ["file": "\(file.path)", "error": "\(error)"])
                    }
                }
                let chosen = answered ? newBase : fallback
                announce(chosen, reason: answered
                    ? APIBaseDecision.Reason.newHostAnswered.rawValue : APIBaseDecision.Reason.newHostSilent.rawValue)
                return StravaSettings.trimmed(chosen)
            }
        }
    }

    /// Joins a probe in flight or starts one.
    private func probe(_ newBase: URL) async -> Bool {
        if let probing { return await probing.value }
        let transport = transport
        let task = Task { await Self.answers(newBase, transport: transport) }
        probing = task
        defer { probing = nil }
        return await task.value
    }

    /// Whether Strava's API answers at `base`: `GET /athlete` without a token is refused with 401 by a live
    /// API (403 when the app is inactive, 429 when over the limit); a refused connection, 404 or 5xx is not one.
    static func answers(_ base: URL, transport: Transport) async -> Bool {
        var headers = HTTPHeaders()
        headers.add(name: "Accept", value: "application/json")
        var probe = transport
        probe.deadline.seconds = min(probe.deadline.seconds, 15)
        guard let exchange = try? await probe.send(method: .GET, url: StravaSettings.trimmed(base) + "/athlete", headers: headers)
        else { return false }
        return (200..<300).contains(exchange.status) || [401, 403, 429].contains(exchange.status)
    }

    private func announce(_ url: URL, reason: String) {
        guard lastAnnounced != url.absoluteString else { return }
        lastAnnounced = url.absoluteString
        logger.info("Strava API base: \(url.absoluteString) (\(reason))")
    }
}
