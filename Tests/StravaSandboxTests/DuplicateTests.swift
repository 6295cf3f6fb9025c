import Foundation
import TestSupport
import StravaSandbox
import Testing

@Suite("Duplicates", .timeLimit(.minutes(2)))
struct DuplicateTests {
    @Test func sameFileIsADuplicateAtPollInPlainForm() async throws {
        try await SandboxWireClient.with { sandbox in
            let token = try await sandbox.connect().access
            let first = try await sandbox.uploadAndSettle(SampleTrack.gpx(), fileName: "a.gpx", token: token)
            let activityID = try #require(first.json?["activity_id"] as? Int64)
            let second = try await sandbox.uploadAndSettle(SampleTrack.gpx(), fileName: "b.gpx", token: token)
            #expect(second.status == 200)
            let id = try #require(second.json?["id_str"] as? String)
            #expect(second.body == #"{"id":\#(id),"id_str":"\#(id)","external_id":null,"error":"b.gpx duplicate of activity \#(activityID)","status":"There was an error processing your activity.","activity_id":null}"#)
        }
    }

    @Test func sameStartWithinAMinuteIsADuplicateInLinkForm() async throws {
        try await SandboxWireClient.with({ $0.duplicateMessage = .link }) { sandbox in
            let token = try await sandbox.connect().access
            let start = Date(timeIntervalSince1970: 1_763_700_000)
            let first = try await sandbox.uploadAndSettle(
                SampleTrack.gpx(start: start), token: token, fields: [("name", "Lake loop")])
            let activityID = try #require(first.json?["activity_id"] as? Int64)
            // Different bytes (another route), starting 30 s later.
            let other = SampleTrack.gpx(start: start.addingTimeInterval(30), latitude: 46.0)
            let second = try await sandbox.uploadAndSettle(other, fileName: "watch.gpx", token: token)
            #expect(second.json?["error"] as? String
                == "watch.gpx duplicate of <a href='/activities/\(activityID)' target='_blank'>Lake loop</a>")
            // 90 s later is a new activity.
            let third = try await sandbox.uploadAndSettle(
                SampleTrack.gpx(start: start.addingTimeInterval(90), latitude: 45.0), token: token)
            #expect(third.json?["status"] as? String == "Your activity is ready.")
        }
    }

    @Test func duplicateCaughtAtPostIs400WithTheUploadObject() async throws {
        try await SandboxWireClient.with({ $0.duplicateDetection = .post }) { sandbox in
            let token = try await sandbox.connect().access
            let first = try await sandbox.uploadAndSettle(SampleTrack.gpx(), fileName: "a.gpx", token: token)
            let activityID = try #require(first.json?["activity_id"] as? Int64)
            let second = try await sandbox.upload(SampleTrack.gpx(), fileName: "a.gpx", token: token)
            #expect(second.status == 400)
            let id = try #require(second.json?["id_str"] as? String)
            #expect(second.body == #"{"id":\#(id),"id_str":"\#(id)","external_id":null,"error":"a.gpx duplicate of activity \#(activityID)","status":"There was an error processing your activity.","activity_id":null}"#)
        }
    }

    @Test func duplicateCaughtAtPostInLinkForm() async throws {
        try await SandboxWireClient.with({
            $0.duplicateDetection = .post
            $0.duplicateMessage = .link
        }) { sandbox in
            let token = try await sandbox.connect().access
            let first = try await sandbox.uploadAndSettle(SampleTrack.gpx(), fileName: "a.gpx", token: token)
            let activityID = try #require(first.json?["activity_id"] as? Int64)
            let second = try await sandbox.upload(SampleTrack.gpx(), fileName: "c.gpx", token: token)
            #expect(second.status == 400)
            let error = try #require(second.json?["error"] as? String)
            #expect(error.hasPrefix("c.gpx duplicate of <a href='/activities/\(activityID)' target='_blank'>"))
        }
    }

    @Test func twoUploadsInFlightResolveInOrder() async throws {
        try await SandboxWireClient.with({ $0.processingFixedSeconds = 10 }) { sandbox in
            let token = try await sandbox.connect().access
            let first = try await sandbox.upload(SampleTrack.gpx(), fileName: "one.gpx", token: token)
            let second = try await sandbox.upload(SampleTrack.gpx(), fileName: "two.gpx", token: token)
            sandbox.clock.advance(by: 11)
            let firstPoll = try await sandbox.get("/api/v3/uploads/\(first.json!["id_str"]!)", token: token)
            let secondPoll = try await sandbox.get("/api/v3/uploads/\(second.json!["id_str"]!)", token: token)
            let activityID = try #require(firstPoll.json?["activity_id"] as? Int64)
            #expect(secondPoll.json?["error"] as? String == "two.gpx duplicate of activity \(activityID)")
        }
    }
}
