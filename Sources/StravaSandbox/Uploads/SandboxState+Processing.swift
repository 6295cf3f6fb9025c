import Foundation
import TrackKit

extension SandboxState {
    /// Finishes every upload whose processing delay has passed, oldest first, so duplicates among
    /// uploads in flight resolve in the order Strava would have finished them.
    mutating func settleUploads(now: Date) {
        guard !processingIDs.isEmpty else { return }
        let due = processingIDs.compactMap { id -> (upload: Upload, readyAt: Date)? in
            guard let upload = uploads[id], let readyAt = upload.readyAt, readyAt <= now else { return nil }
            return (upload, readyAt)
        }
        for (upload, readyAt) in due.sorted(by: { ($0.readyAt, $0.upload.id) < ($1.readyAt, $1.upload.id) }) {
            processingIDs.remove(upload.id)
            finish(upload, at: readyAt)
        }
    }

    /// Stores a new upload; one still processing is finished later by `settleUploads`.
    mutating func insert(_ upload: Upload) {
        uploads[upload.id] = upload
        if case .processing = upload.state { processingIDs.insert(upload.id) }
    }

    private mutating func finish(_ upload: Upload, at finishedAt: Date) {
        var upload = upload
        switch upload.verdict {
        case .failure(let message):
            upload.state = .failed(error: message)
        case .activity(let summary):
            if let message = duplicateMessage(for: upload, summary: summary, at: finishedAt) {
                upload.state = .failed(error: message)
            } else {
                var activity = makeActivity(from: upload, summary: summary, at: finishedAt)
                activity.drawing = upload.drawing
                activities[activity.id] = activity
                keepDrawing(of: activity)
                upload.state = .ready(activityID: activity.id)
            }
        }
        upload.drawing = nil
        uploads[upload.id] = upload
    }

    /// Activity pages draw the tracks of the latest `drawingsKept` activities: a sandbox that takes thousands of
    /// uploads in a soak run keeps a few megabytes of tracks, not gigabytes.
    mutating func keepDrawing(of activity: Activity) {
        guard activity.drawing != nil else { return }
        drawnActivityIDs.append(activity.id)
        while drawnActivityIDs.count > Self.drawingsKept {
            let oldest = drawnActivityIDs.removeFirst()
            activities[oldest]?.drawing = nil
        }
    }

    /// The duplicate error for this upload, in the configured form, or nil when it is new.
    func duplicateMessage(for upload: Upload, summary: TrackSummary, at now: Date) -> String? {
        let candidates = liveActivities(at: now).filter { $0.athleteID == upload.athleteID }.sorted { $0.id < $1.id }
        let window = configuration.duplicateStartWindowSeconds
        let match = candidates.first { $0.sha256 == upload.sha256 }
            ?? summary.startTime.flatMap { start in
                candidates.first { abs($0.startDate.timeIntervalSince(start)) < window }
            }
        guard let match else { return nil }
        switch configuration.duplicateMessage {
        case .plain:
            return "\(upload.displayName) duplicate of activity \(match.id)"
        case .link:
            return "\(upload.displayName) duplicate of <a href='/activities/\(match.id)' target='_blank'>\(match.name)</a>"
        }
    }

    private mutating func makeActivity(from upload: Upload, summary: TrackSummary, at now: Date) -> Activity {
        let start = summary.startTime ?? upload.submittedAt
        let end = summary.endTime ?? start
        let sport = upload.fields.sportType ?? Self.sportType(from: summary.sport)
        let name = upload.fields.name ?? summary.name ?? Self.defaultName(start: start, sportType: sport)
        let deletionDelay = faultInjector.activityDeletionDelay()
        return Activity(
            id: makeActivityID(), uploadID: upload.id, athleteID: upload.athleteID, externalID: upload.externalID,
            name: name, description: upload.fields.description, sportType: sport, startDate: start,
            elapsedSeconds: Int64(max(0, end.timeIntervalSince(start)).rounded()),
            distanceMeters: summary.distanceMeters, trainer: upload.fields.trainer, commute: upload.fields.commute,
            sha256: upload.sha256, createdAt: now, deletedAt: deletionDelay.map { now.addingTimeInterval($0) }
        )
    }

    /// Maps the sport a file names (GPX `<type>`, TCX `Sport`, FIT sport) to a Strava sport type.
    static func sportType(from sport: String?) -> String {
        switch sport?.lowercased() {
        case "running", "run": return "Run"
        case "walking", "walk": return "Walk"
        case "hiking", "hike": return "Hike"
        case "swimming", "swim": return "Swim"
        case "biking", "cycling", "ride", "bike": return "Ride"
        default: return "Ride"
        }
    }

    /// Strava's default names: "Morning Run", "Afternoon Ride", … (UTC hours here).
    static func defaultName(start: Date, sportType: String) -> String {
        let hour = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: start).hour ?? 12
        let part: String
        switch hour {
        case 4..<12: part = "Morning"
        case 12..<17: part = "Afternoon"
        case 17..<21: part = "Evening"
        default: part = "Night"
        }
        return "\(part) \(sportType)"
    }
}
