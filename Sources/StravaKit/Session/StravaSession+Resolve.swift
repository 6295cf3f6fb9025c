import Foundation

extension StravaSession {
    /// Waits until every given upload is final; adaptive polling and batch reconciliation. Returns per id
    /// the outcome and how many API calls were spent on it.
    ///
    /// Concurrent callers share one follower: uploads waited for by different callers are checked
    /// together, so one activity listing can settle all of them.
    public func resolve(_ ids: [UploadID]) async throws -> [UploadID: ResolvedUpload] {
        try ensureOpen()
        let now = Date()
        for id in ids where finished[id] == nil && pending[id] == nil {
            failed[id] = nil
            var upload = submissions.removeValue(forKey: id)
                ?? PendingUpload(id: id, submittedAt: now, calls: 0, nextCheck: now)
            upload.nextCheck = upload.submittedAt.addingTimeInterval(estimator.firstCheckDelay)
            pending[id] = upload
        }
        startDriverIfNeeded()
        var results: [UploadID: ResolvedUpload] = [:]
        for id in ids {
            results[id] = try await wait(for: id)
        }
        return results
    }

    /// A verdict waits in `finished` (or `failed`) only until its caller takes it, so that a daemon that runs
    /// for months keeps no map of every upload it ever followed.
    private func wait(for id: UploadID) async throws -> ResolvedUpload {
        if let done = finished.removeValue(forKey: id) { return done }
        if let error = failed.removeValue(forKey: id) { throw error }
        nextWaiterToken += 1
        let token = nextWaiterToken
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if let done = finished.removeValue(forKey: id) {
                    continuation.resume(returning: done)
                } else if let error = failed.removeValue(forKey: id) {
                    continuation.resume(throwing: error)
                } else if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters[id, default: []].append(Waiter(token: token, continuation: continuation))
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id: id, token: token) }
        }
    }

    private func cancelWaiter(id: UploadID, token: UInt64) {
        guard var list = waiters[id], let index = list.firstIndex(where: { $0.token == token }) else { return }
        let waiter = list.remove(at: index)
        waiters[id] = list.isEmpty ? nil : list
        waiter.continuation.resume(throwing: CancellationError())
        if waiters.isEmpty {
            // Nobody waits any more: stop spending calls on them.
            pending.removeAll()
        } else if list.isEmpty {
            // Nobody waits for this one; others are still followed.
            pending[id] = nil
        }
    }

    func settle(_ id: UploadID, outcome: UploadOutcome) {
        guard var upload = pending.removeValue(forKey: id) else { return }
        upload.calls += unpaidCalls
        unpaidCalls = 0
        let result = ResolvedUpload(outcome: upload.resent ? outcome.asOwnUpload : outcome, apiCalls: upload.calls)
        let waiting = waiters.removeValue(forKey: id) ?? []
        // Kept only for a caller that has not started waiting yet (`resolve` of several ids).
        if waiting.isEmpty { finished[id] = result }
        logger.debug("upload resolved", metadata: ["upload_id": "\(id)", "outcome": "\(outcome)", "api_calls": "\(upload.calls)"])
        for waiter in waiting { waiter.continuation.resume(returning: result) }
    }

    func failAllWaiters(_ error: any Error) {
        for id in pending.keys where waiters[id] == nil { failed[id] = error }
        pending.removeAll()
        let all = waiters
        waiters.removeAll()
        for waiter in all.values.flatMap({ $0 }) { waiter.continuation.resume(throwing: error) }
    }

    private func startDriverIfNeeded() {
        guard driver == nil, !pending.isEmpty else { return }
        driver = Task { await self.drive() }
    }

    /// One look at Strava for some pending uploads: a listing for several, or one upload's status.
    private enum Check: Sendable {
        case listing([PendingUpload], at: Date)
        case poll(UploadID)
    }

    /// Checks at most this many at a time: enough that a stalled call never holds back the others.
    static let maximumChecksInFlight = 8

    /// Starts a check for whatever is due until nothing is pending. Each check runs on its own, so a
    /// call that stalls until its deadline delays no other upload's check.
    private func drive() async {
        defer { driver = nil }
        await withDiscardingTaskGroup { group in
            while !pending.isEmpty || !inCheck.isEmpty, !Task.isCancelled {
                let now = Date()
                let due = pending.values.filter { $0.nextCheck <= now && !inCheck.contains($0.id) }
                    .sorted { $0.nextCheck < $1.nextCheck }
                if due.isEmpty || inCheck.count >= Self.maximumChecksInFlight {
                    let next = pending.values.filter { !inCheck.contains($0.id) }.map(\.nextCheck).min() ?? now
                    let wait = max(5, min(250, next.timeIntervalSince(now) * 1000))
                    do { try await Task.sleep(for: .milliseconds(Int64(wait))) } catch { break }
                    continue
                }
                let checks: [Check]
                if let batch = await listingBatch(due: due, now: now) {
                    checks = [.listing(batch, at: now)]
                    inCheck.formUnion(batch.map(\.id))
                } else {
                    let ids = due.prefix(Self.maximumChecksInFlight - inCheck.count).map(\.id)
                    checks = ids.map { .poll($0) }
                    inCheck.formUnion(ids)
                }
                for check in checks {
                    group.addTask { await self.run(check) }
                }
            }
            group.cancelAll()
        }
    }

    private func run(_ check: Check) async {
        let ids: [UploadID]
        switch check {
        case .listing(let batch, _): ids = batch.map(\.id)
        case .poll(let id): ids = [id]
        }
        defer { inCheck.subtract(ids) }
        do {
            switch check {
            case .listing(let batch, let now): try await reconcile(batch, now: now)
            case .poll(let id): try await poll(id)
            }
        } catch is CancellationError {
            return
        } catch StravaError.missingScope(let scope) where !listingUnavailable {
            // The stored scopes promised reads that Strava refuses: follow uploads one by one.
            listingUnavailable = true
            logger.warning("Strava refused to list activities; following uploads one by one", metadata: ["scope": "\(scope)"])
        } catch let error as StravaError where [.reconnectRequired, .sessionClosed, .appInactive].contains(error) {
            failAllWaiters(error)
        } catch {
            // Network trouble that the retries could not overcome: wait, then look again,
            // giving up on the uploads after many failures in a row.
            handleCheckFailure(error, ids: ids)
        }
    }

    private func handleCheckFailure(_ error: any Error, ids: [UploadID]) {
        logger.warning("could not check uploads", metadata: ["error": "\(error)"])
        for id in ids {
            guard var upload = pending[id] else { continue }
            upload.failures += 1
            if upload.failures >= Self.checkFailureLimit {
                pending[id] = nil
                let waiting = waiters.removeValue(forKey: id) ?? []
                if waiting.isEmpty { failed[id] = error }
                for waiter in waiting { waiter.continuation.resume(throwing: error) }
                continue
            }
            upload.nextCheck = Date().addingTimeInterval(
                min(Self.longestWaitAfterFailure, Self.firstWaitAfterFailure * pow(2, Double(upload.failures))))
            pending[id] = upload
        }
    }

    /// Uploads to settle with one listing, or nil to poll one by one. A listing pays off when two
    /// or more are due or about to be. An upload that listings missed `listingMissLimit` times is
    /// polled on its own: it is slow, or a duplicate or an error, which never show up in a listing.
    private func listingBatch(due: [PendingUpload], now: Date) async -> [PendingUpload]? {
        guard !listingUnavailable, await tokens.current?.canReadActivities == true else { return nil }
        let listable = due.filter { $0.listingMisses < Self.listingMissLimit }
        guard !listable.isEmpty else { return nil }
        let soon = pending.values.filter {
            $0.listingMisses < Self.listingMissLimit && $0.nextCheck <= now.addingTimeInterval(Self.batchGathering)
                && !inCheck.contains($0.id)
        }
        return soon.count >= 2 ? soon : nil
    }

    static let listingMissLimit = 2

    /// Failed checks of one upload in a row before its waiters get the error (the pipeline asks again later).
    static let checkFailureLimit = 5
    /// The wait before checking again after a failed check: doubling from this, …
    static let firstWaitAfterFailure: TimeInterval = 2
    /// … never longer than this.
    static let longestWaitAfterFailure: TimeInterval = 30
    /// A listing of more pending uploads than this is sent at once, without gathering the rest of a batch.
    static let gatheringBatchLimit = 50
    /// Slack around the pending uploads' start times when a listing is narrowed to them: Strava may date an
    /// activity a little differently than the file does.
    static let listingStartSlack: TimeInterval = 3600

    /// How far ahead a listing looks for uploads that will be due shortly.
    static let batchGathering: TimeInterval = 1.0

    /// Charges the one request about to be sent to the first of `ids` still pending (or any pending upload);
    /// returns which one paid, nil when none is pending.
    private func prepay(toFirstPendingOf ids: [UploadID]) -> UploadID? {
        guard let id = ids.first(where: { pending[$0] != nil }) ?? pending.keys.min(by: { $0.value < $1.value }) else {
            return nil
        }
        pending[id]?.calls += 1
        return id
    }

    /// Adds `calls` (negative: a refund) to the first of `ids` still pending, else to any pending upload, else to
    /// the calls the next settled upload pays.
    private func charge(_ calls: Int, toFirstPendingOf ids: [UploadID]) {
        guard calls != 0 else { return }
        if let id = ids.first(where: { pending[$0] != nil }) {
            pending[id]?.calls += calls
        } else if let any = pending.keys.min(by: { $0.value < $1.value }) {
            pending[any]?.calls += calls
        } else {
            unpaidCalls += calls
        }
    }

    /// One `GET /athlete/activities` settles every pending upload it shows.
    private func reconcile(_ batch: [PendingUpload], now: Date) async throws {
        if let earliestDue = batch.map(\.nextCheck).min(), earliestDue.addingTimeInterval(Self.batchGathering) > now,
            batch.count < Self.gatheringBatchLimit
        {
            // Give the rest of the batch a moment to be ready too; the first due waits at most the
            // gathering time.
            let wake = min(earliestDue.addingTimeInterval(Self.batchGathering), batch.map(\.nextCheck).max() ?? now)
            if wake > now {
                try await Task.sleep(for: .milliseconds(Int64(wake.timeIntervalSince(now) * 1000)))
            }
        }
        let listedAt = Date()
        let candidates = pending.values
        let starts = candidates.compactMap(\.startTime)
        // Known start times narrow the listing to the span of the pending uploads, with an hour
        // of slack because Strava may date an activity a little differently than the file does.
        let span: (Date?, Date?) = starts.count == candidates.count && !starts.isEmpty
            ? (starts.min()!.addingTimeInterval(-Self.listingStartSlack), starts.max()!.addingTimeInterval(Self.listingStartSlack))
            : (nil, nil)
        var calls = 0
        // Every call is paid for by one upload (its `apiCalls`). The listing is charged to the first due upload
        // before it is sent: a check of another kind may settle any upload while the listing is out.
        let due = candidates.filter { $0.nextCheck <= listedAt }.map(\.id).sorted { $0.value < $1.value }
        let prepaid = prepay(toFirstPendingOf: due)
        let activities: [ActivitySummary]
        do {
            activities = try await listActivities(after: span.0, before: span.1, page: 1, calls: &calls)
        } catch {
            charge(calls - (prepaid == nil ? 0 : 1), toFirstPendingOf: [prepaid].compactMap { $0 } + due)
            throw error
        }
        // Retries beyond the first request.
        charge(calls - (prepaid == nil ? 0 : 1), toFirstPendingOf: [prepaid].compactMap { $0 } + due)
        var byUpload: [UploadID: Int64] = [:]
        var byExternal: [String: Int64] = [:]
        for activity in activities {
            if let upload = activity.upload { byUpload[upload] = activity.id }
        }
        for upload in pending.values.sorted(by: { $0.id.value < $1.id.value }) {
            var activityID = byUpload[upload.id]
            if activityID == nil, let externalID = upload.externalID {
                if let known = byExternal[externalID] {
                    activityID = known
                } else if let match = activities.first(where: { $0.matches(externalID: externalID) }) {
                    byExternal[externalID] = match.id
                    activityID = match.id
                }
            }
            let wasDue = upload.nextCheck <= listedAt
            if let activityID {
                if upload.checks == 0 && wasDue {
                    estimator.observeFirstCheck(hit: true, elapsed: listedAt.timeIntervalSince(upload.submittedAt))
                }
                settle(upload.id, outcome: .uploaded(activityID: activityID))
            } else if wasDue {
                if upload.checks == 0 {
                    estimator.observeFirstCheck(hit: false, elapsed: listedAt.timeIntervalSince(upload.submittedAt))
                }
                pending[upload.id]?.checks += 1
                pending[upload.id]?.listingMisses += 1
                pending[upload.id]?.nextCheck = listedAt.addingTimeInterval(
                    estimator.recheckDelay(after: upload.checks + 1, processingFor: listedAt.timeIntervalSince(upload.submittedAt)))
            }
        }
        logger.debug("listing settled uploads", metadata: ["settled": "\(candidates.count - pending.count)", "still_pending": "\(pending.count)"])
    }

    /// `GET /uploads/{id}` for one upload.
    private func poll(_ id: UploadID) async throws {
        var calls = 0
        let request = APIRequest(method: .GET, path: "/uploads/\(id.value)")
        // Charged before it is sent: a listing may settle this upload while the check is out.
        let prepaid = prepay(toFirstPendingOf: [id])
        let exchange: HTTPExchange
        do {
            exchange = try await api.send(request, calls: &calls)
        } catch {
            // A failed check still cost what reached Strava (and nothing when it never left).
            charge(calls - (prepaid == nil ? 0 : 1), toFirstPendingOf: [id])
            throw error
        }
        charge(calls - (prepaid == nil ? 0 : 1), toFirstPendingOf: [id])
        let checkedAt = Date()
        let body = try (exchange.status == 200 ? exchange.decode(UploadStatusBody.self, endpoint: request.label) : nil)
        guard var upload = pending[id] else { return }
        upload.checks += 1
        upload.failures = 0
        pending[id] = upload
        if exchange.status == 404 {
            settle(id, outcome: .rejected(message: "Strava does not know upload \(id) (404)"))
            return
        }
        guard let body else {
            handleCheckFailure(
                StravaError.server(endpoint: "GET /uploads/{id}", status: exchange.status, message: "unexpected status"),
                ids: [id])
            return
        }
        let elapsed = checkedAt.timeIntervalSince(upload.submittedAt)
        if upload.checks == 1 { estimator.observeFirstCheck(hit: body.outcome != nil, elapsed: elapsed) }
        if let outcome = body.outcome {
            settle(id, outcome: outcome)
        } else {
            pending[id]?.nextCheck = checkedAt.addingTimeInterval(
                estimator.recheckDelay(after: upload.checks + 1, processingFor: elapsed))
        }
    }
}
