import Foundation

extension StravaSession {
    /// After a crash with the POST outcome unknown: find the activity made from this external_id, if any.
    ///
    /// `GET /athlete/activities` filters on the activity's start, not on when it was uploaded: without
    /// `activityStartTime` the most recent activities (up to three pages of 200) are searched; with it, only
    /// activities that start at or after it.
    public func lookUp(externalID: String, activityStartTime: Date? = nil) async throws -> UploadOutcome? {
        try ensureOpen()
        var calls = 0
        return try await searchActivities(externalID: externalID, startTime: activityStartTime, calls: &calls)
            .map { .uploaded(activityID: $0) }
    }

    /// The id of the activity whose external_id matches, searching up to three pages.
    func searchActivities(externalID: String, startTime: Date?, calls: inout Int) async throws -> Int64? {
        guard await tokens.current?.canReadActivities == true else {
            throw StravaError.missingScope("activity:read_all")
        }
        for page in 1...3 {
            let activities = try await listActivities(after: startTime, page: page, calls: &calls)
            if let match = activities.first(where: { $0.matches(externalID: externalID) }) { return match.id }
            if activities.count < Self.listingPageSize { break }
        }
        return nil
    }

    static let listingPageSize = 200

    /// One page of `GET /athlete/activities` for activities starting in `[after, before]` when given.
    func listActivities(after: Date?, before: Date? = nil, page: Int, calls: inout Int) async throws -> [ActivitySummary] {
        var query = [("per_page", String(Self.listingPageSize)), ("page", String(page))]
        if let before { query.insert(("before", String(Int64(before.timeIntervalSince1970.rounded(.up)) + 1)), at: 0) }
        if let after { query.insert(("after", String(Int64(after.timeIntervalSince1970.rounded(.down)) - 1)), at: 0) }
        let request = APIRequest(method: .GET, path: "/athlete/activities", query: query, expectedBody: .jsonArray)
        return try await api.send(request, as: [ActivitySummary].self, calls: &calls)
    }

    /// A POST whose answer was lost may still be processing: look a few times over a while
    /// (about four and a half typical processing times) before concluding it never arrived.
    func findLostUpload(_ request: UploadRequest, calls: inout Int) async throws -> UploadOutcome? {
        guard await tokens.current?.canReadActivities == true else { return nil }
        let typical = estimator.firstCheckDelay
        for factor in [1.5, 3.0] {
            try await Task.sleep(for: .milliseconds(Int64(max(1, typical * factor) * 1000)))
            if let id = try await searchActivities(externalID: request.externalID, startTime: request.startTime, calls: &calls) {
                logger.info("found the activity of a lost upload", metadata: ["external_id": "\(request.externalID)", "activity_id": "\(id)"])
                return .uploaded(activityID: id)
            }
        }
        return nil
    }
}
