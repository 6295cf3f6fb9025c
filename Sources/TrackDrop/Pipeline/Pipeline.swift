import Foundation
import Logging
import StravaKit
import TrackKit

/// The stages after intake: ledger, normalize, upload, resolve, sidecar. Shared by `watch` and `upload`.
public actor Pipeline {
    /// What the pipeline needs besides the Strava session.
    public struct Options: Sendable {
        public var clean: Bool
        public var paths: TrackDropPaths
        public var resultsFolder: URL?
        /// Seconds to wait after an unknown POST outcome before looking it up (Strava may still be processing it).
        public var lookUpDelay: TimeInterval
        /// In a run that stops when idle (`upload`, `watch --once`), how long to wait for Strava to finish
        /// processing an upload before leaving it pending for a later run. Strava's mean is under 2 s; an
        /// upload still processing after this long is almost always stuck. The daemon waits without limit.
        public var processingWaitLimit: TimeInterval
        /// Which server's activity pages sidecars and log lines link to.
        public var links: ActivityLinks
        /// Which sources get an HTML cleaning report beside their sidecar.
        public var reports: ReportPolicy
        /// While the Strava app is inactive: the first wait before asking Strava again, doubled after each
        /// refusal up to the longest wait (5 and 20 min: at most a handful of calls an hour).
        public var inactiveAppFirstWait: TimeInterval
        public var inactiveAppLongestWait: TimeInterval
        /// How much of a file may be read (`max_file_mib`); larger files are answered `invalid` (`too-large`).
        public var limits: InputLimits
        /// The first wait before looking up a lost upload again after a failed look-up; doubled after each failure
        /// (up to 15 min). A one-shot run gives up after `Pipeline.lookUpAttemptLimit` failures.
        public var lookUpRetryWait: TimeInterval

        public init(
            clean: Bool = true, paths: TrackDropPaths, resultsFolder: URL? = nil, lookUpDelay: TimeInterval = 5,
            processingWaitLimit: TimeInterval = 900, links: ActivityLinks = .strava, reports: ReportPolicy = .init(),
            inactiveAppFirstWait: TimeInterval = 300, inactiveAppLongestWait: TimeInterval = 1_200,
            limits: InputLimits = InputLimits(), lookUpRetryWait: TimeInterval = 30
        ) {
            self.limits = limits
            self.lookUpRetryWait = lookUpRetryWait
            self.links = links
            self.reports = reports
            self.inactiveAppFirstWait = inactiveAppFirstWait
            self.inactiveAppLongestWait = inactiveAppLongestWait
            self.clean = clean
            self.paths = paths
            self.resultsFolder = resultsFolder
            self.lookUpDelay = lookUpDelay
            self.processingWaitLimit = processingWaitLimit
        }
    }

    /// Why uploads are not going out right now.
    public enum PauseReason: String, Sendable, Codable {
        case reconnectRequired = "reconnect required"
        case notConnected = "not connected"
        case appInactive = "Strava app inactive"
    }

    let ledger: Ledger
    let session: StravaSession
    let options: Options
    let sidecars: SidecarWriter
    let logger: Logger
    public nonisolated let events: AsyncStream<PipelineEvent>
    let eventContinuation: AsyncStream<PipelineEvent>.Continuation
    let processorWake = WakeSignal()
    let resolverWake = WakeSignal()

    /// Entries waiting for an earlier entry of the same activity to finish.
    var parked: Set<Int64> = []
    /// Entries not to touch before the given time (an unknown POST outcome, a failed step).
    var notBefore: [Int64: Date] = [:]
    var pauseReason: PauseReason?
    /// Refusals in a row while the Strava app is inactive; sets the wait before the next check.
    var inactiveChecks = 0
    var intakeFinished = false
    /// Submitted entries whose outcome is being waited for, each by its own task.
    var following: Set<Int64> = []
    /// Submitted entries this run stopped waiting for: Strava was still processing them at the limit.
    var stillProcessing: Set<Int64> = []
    /// A ledger failure while recording an outcome; it ends the run.
    var resolverFailure: (any Error)?
    var stopped = false
    /// Reads that failed in a way that may pass, per entry, in this run.
    var transientFailures: [Int64: Int] = [:]
    /// Entries left for a later run: they could not be read after `transientRetriesPerRun` tries.
    var deferred: Set<Int64> = []
    /// This run stops once idle (`upload`, `watch --once`).
    var stopsWhenIdle = false
    /// This run as the owner of ledger rows, while it runs.
    var owner: LedgerOwner?
    /// A one-shot run (`upload`, `watch --once`) works only on the rows of the files it was given; the daemon
    /// on every row no running process owns.
    var onlyGivenFiles = false
    /// Rows of the files this run was given.
    var given: Set<Int64> = []
    /// Failed look-ups of a lost upload in a row, per entry.
    var lookUpFailures: [Int64: Int] = [:]
    /// Entries whose lost upload a one-shot run could not look up often enough: left for a later run.
    var gaveUpLookUp: Set<Int64> = []
    /// Given rows another running trackdrop process works on; reported once it has finished them.
    var waitingElsewhere: Set<Int64> = []

    public init(ledger: Ledger, session: StravaSession, options: Options, logger: Logger) {
        self.ledger = ledger
        self.session = session
        self.options = options
        self.logger = logger
        sidecars = SidecarWriter(resultsFolder: options.resultsFolder ?? options.paths.fallbackResultsFolder)
        (events, eventContinuation) = AsyncStream<PipelineEvent>.makeStream()
    }

    /// Why uploads are paused, if they are.
    public func currentPause() -> PauseReason? { pauseReason }

    /// Takes files from `intake` and processes them; with `stopWhenIdle`, returns once `intake` has finished and
    /// every file has reached a final state (or waits for a reconnect); otherwise runs until cancelled.
    public func run<Intake: AsyncSequence & Sendable>(intake: Intake, stopWhenIdle: Bool) async throws
    where Intake.Element == ReadyFile {
        // However the run ends, whoever reads the events sees them end.
        defer { eventContinuation.finish() }
        owner = try LedgerOwner(ownersFolder: options.paths.ownersFolder)
        onlyGivenFiles = stopWhenIdle
        defer { owner = nil }
        stopsWhenIdle = stopWhenIdle
        try countReaderCrashes()
        try repairSidecars()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for try await file in intake {
                    await self.accept(file)
                }
                await self.finishIntake()
            }
            group.addTask { try await self.processorLoop(stopWhenIdle: stopWhenIdle) }
            group.addTask { try await self.resolverLoop(stopWhenIdle: stopWhenIdle) }
            try await group.waitForAll()
        }
    }

    func finishIntake() {
        intakeFinished = true
        processorWake.signal()
        // A one-shot run knows only now every submitted row it was given to follow.
        resolverWake.signal()
    }

    func emit(_ event: PipelineEvent) { eventContinuation.yield(event) }

    private func processorLoop(stopWhenIdle: Bool) async throws {
        var wakeups = processorWake.stream.makeAsyncIterator()
        while !Task.isCancelled, !stopped {
            let progressed = try await processPending()
            if stopWhenIdle, !progressed, try isIdle() {
                stopped = true
                resolverWake.signal()
                return
            }
            if progressed { continue }
            let nextRetry = notBefore.values.min()
            if let nextRetry {
                // Wake for the earliest retry even when no file arrives.
                let delay = max(0.05, nextRetry.timeIntervalSinceNow)
                let wake = processorWake
                let timer = Task {
                    try await Task.sleep(for: .milliseconds(Int(delay * 1000)))
                    wake.signal()
                }
                _ = await wakeups.next()
                timer.cancel()
            } else if pauseReason != nil {
                try await waitForReconnect()
            } else {
                guard await wakeups.next() != nil else { return }
            }
        }
    }

    private func resolverLoop(stopWhenIdle: Bool) async throws {
        let limit = stopWhenIdle ? options.processingWaitLimit : nil
        try await withThrowingDiscardingTaskGroup { group in
            var wakeups = resolverWake.stream.makeAsyncIterator()
            while !Task.isCancelled, !stopped {
                if let failure = resolverFailure { throw failure }
                for entry in try entriesToFollow() {
                    group.addTask { await self.follow(entry, limit: limit) }
                }
                guard await wakeups.next() != nil else { break }
            }
            group.cancelAll()
        }
        if let failure = resolverFailure { throw failure }
    }

    /// Nothing left to do in a batch: intake done, nothing to send, nothing to resolve, nothing retrying. Uploads
    /// Strava was still processing at the wait limit, and entries parked behind them, are left for a later run;
    /// they are reported as unfinished when the run stops.
    private func isIdle() throws -> Bool {
        guard intakeFinished, following.isEmpty else { return false }
        var open = try ledger.entries(in: [.discovered, .normalized, .submitting, .submitted])
        if onlyGivenFiles {
            try reportFinishedElsewhere()
            open = open.filter { given.contains($0.id!) }
        }
        if pauseReason == nil {
            // Given files another running process is sending: wait for its verdict, never send them too.
            let elsewhere = open.filter(ownedElsewhere)
            if !elsewhere.isEmpty {
                for entry in elsewhere {
                    waitingElsewhere.insert(entry.id!)
                    notBefore[entry.id!] = Date().addingTimeInterval(1)
                }
                return false
            }
        }
        if pauseReason != nil || open.isEmpty {
            reportUnfinished(open)
            return true
        }
        let waiting = open.filter {
            !stillProcessing.contains($0.id!) && !deferred.contains($0.id!) && !gaveUpLookUp.contains($0.id!)
        }
        if waiting.isEmpty, notBefore.isEmpty {
            reportUnfinished(open)
            return true
        }
        if waiting.contains(where: { $0.state == .submitted }) || !notBefore.isEmpty { return false }
        if !stillProcessing.isEmpty, waiting.allSatisfy({ parked.contains($0.id!) }) {
            reportUnfinished(open)
            return true
        }
        // Only parked entries remain and nothing they wait for is in flight: take them now.
        parked.removeAll()
        return false
    }

    /// The entries a one-shot run leaves unfinished, reported once it stops. While uploads are paused each
    /// says so in its pending sidecar.
    private func reportUnfinished(_ entries: [LedgerEntry]) {
        for entry in entries {
            guard let pauseReason, let id = entry.id else {
                emit(.unfinished(entry))
                continue
            }
            leaveUnfinished(id, because: StatusReport.pauseSentence(pauseReason.rawValue))
            emit(.unfinished((try? ledger.entry(id: id)) ?? entry))
        }
    }

    /// The wait before asking Strava again after `refusals` answers of "inactive" in a row: doubling from
    /// `first`, never above `longest`.
    static func inactiveAppWait(afterRefusals refusals: Int, first: TimeInterval, longest: TimeInterval) -> TimeInterval {
        min(longest, first * pow(2, Double(min(refusals, 30))))
    }

    /// While paused, checks now and then whether the connection came back. An inactive app is asked again
    /// with backoff (one `GET /athlete` each time); a revoked connection comes back through `auth login`.
    private func waitForReconnect() async throws {
        if pauseReason == .appInactive {
            let wait = Self.inactiveAppWait(
                afterRefusals: inactiveChecks, first: options.inactiveAppFirstWait, longest: options.inactiveAppLongestWait)
            try await Task.sleep(for: .milliseconds(Int64(wait * 1000)))
            let active: Bool
            do {
                active = try await session.checkAppStatus()
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                logger.warning("could not ask Strava whether the app is active again: \(error)")
                active = false
            }
            guard active else {
                inactiveChecks += 1
                return
            }
            logger.notice("the Strava app is active again; resuming uploads")
            inactiveChecks = 0
            pauseReason = nil
            resolverWake.signal()
            return
        }
        try await Task.sleep(for: .seconds(30))
        if await session.reloadCredentials() == .connected {
            logger.info("connection to Strava is back; resuming uploads")
            pauseReason = nil
            resolverWake.signal()
        }
    }
}
