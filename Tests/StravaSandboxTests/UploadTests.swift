import Foundation
import TestSupport
import StravaSandbox
import Testing

@Suite("Uploads", .timeLimit(.minutes(2)))
struct UploadTests {
    static let processing = "Your activity is still being processed."
    static let ready = "Your activity is ready."
    static let failed = "There was an error processing your activity."
    static let deleted = "The created activity has been deleted."

    @Test func acceptedUploadAnswers201WithStravasBody() async throws {
        try await SandboxWireClient.with({ $0.processingFixedSeconds = 3600 }) { sandbox in
            let token = try await sandbox.connect().access
            let reply = try await sandbox.upload(SampleTrack.gpx(), token: token)
            #expect(reply.status == 201)
            let match = try #require(reply.body.wholeMatch(
                of: /\{"id":(\d+),"id_str":"(\d+)","external_id":null,"error":null,"status":"Your activity is still being processed.","activity_id":null\}/))
            #expect(match.1 == match.2)
            #expect(Int64(match.1)! > Int64(UInt32.max))
            let poll = try await sandbox.get("/api/v3/uploads/\(match.2)", token: token)
            #expect(poll.status == 200)
            #expect(poll.body == reply.body)
        }
    }

    @Test func processedUploadIsReadyWithActivityAndExternalID() async throws {
        try await SandboxWireClient.with { sandbox in
            let token = try await sandbox.connect().access
            let reply = try await sandbox.uploadAndSettle(SampleTrack.gpx(), fileName: "morning.gpx", token: token)
            let pattern = /\{"id":\d+,"id_str":"\d+","external_id":"morning.gpx","error":null,"status":"Your activity is ready.","activity_id":\d+\}/
            #expect(reply.body.wholeMatch(of: pattern) != nil, "\(reply.body)")
            let activityID = try #require(reply.json?["activity_id"] as? Int64)
            let activity = try await sandbox.get("/api/v3/activities/\(activityID)", token: token)
            #expect(activity.status == 200)
            #expect(activity.json?["id"] as? Int64 == activityID)
            #expect(activity.json?["external_id"] as? String == "morning.gpx")
            #expect(activity.json?["sport_type"] as? String == "Run")
        }
    }

    @Test func processingTakesTheConfiguredTime() async throws {
        try await SandboxWireClient.with({ $0.processingFixedSeconds = 30 }) { sandbox in
            let token = try await sandbox.connect().access
            let posted = try await sandbox.upload(SampleTrack.gpx(), token: token)
            let id = try #require(posted.json?["id_str"] as? String)
            sandbox.clock.advance(by: 20)
            #expect(try await sandbox.get("/api/v3/uploads/\(id)", token: token).json?["status"] as? String == Self.processing)
            sandbox.clock.advance(by: 11)
            #expect(try await sandbox.get("/api/v3/uploads/\(id)", token: token).json?["status"] as? String == Self.ready)
        }
    }

    @Test func externalIDGetsTheExtensionAppended() async throws {
        try await SandboxWireClient.with { sandbox in
            let token = try await sandbox.connect().access
            let reply = try await sandbox.uploadAndSettle(
                SampleTrack.gpx(), fileName: "x.gpx", token: token, fields: [("external_id", "abc")])
            #expect(reply.json?["external_id"] as? String == "abc.gpx")
        }
    }

    @Test func fieldsInTheQueryStringAndCaseInsensitiveDataType() async throws {
        try await SandboxWireClient.with { sandbox in
            let token = try await sandbox.connect().access
            let posted = try await sandbox.upload(
                SampleTrack.gpx(), dataType: "GPX", token: token,
                fields: [("name", "Lunch loop"), ("sport_type", "TrailRun"), ("commute", "1")], fieldsInQuery: true)
            #expect(posted.status == 201)
            let id = try #require(posted.json?["id_str"] as? String)
            let settled = try await sandbox.settledUpload(id, token: token)
            let activityID = try #require(settled.json?["activity_id"] as? Int64)
            let activity = try await sandbox.get("/api/v3/activities/\(activityID)", token: token).json
            #expect(activity?["name"] as? String == "Lunch loop")
            #expect(activity?["sport_type"] as? String == "TrailRun")
            #expect(activity?["type"] as? String == "Run")
            #expect(activity?["commute"] as? Bool == true)
        }
    }

    @Test func emptyOrMissingFileIs400Empty() async throws {
        try await SandboxWireClient.with { sandbox in
            let token = try await sandbox.connect().access
            let reply = try await sandbox.upload(Data(), token: token)
            #expect(reply.status == 400)
            #expect(reply.body == #"{"message":"Bad Request","errors":[{"resource":"Upload","field":"data","code":"empty"}]}"#)
        }
    }

    @Test func badOrMissingDataTypeIs400() async throws {
        try await SandboxWireClient.with { sandbox in
            let token = try await sandbox.connect().access
            for dataType in ["kml", nil] {
                let reply = try await sandbox.upload(SampleTrack.gpx(), dataType: dataType, token: token)
                #expect(reply.status == 400)
                #expect(reply.body == #"{"message":"Bad Request","errors":[{"resource":"Upload","field":"data_type","code":"invalid"}]}"#)
            }
        }
    }

    @Test func fileWithoutTimestampsFailsProcessing() async throws {
        try await SandboxWireClient.with { sandbox in
            let token = try await sandbox.connect().access
            let reply = try await sandbox.uploadAndSettle(SampleTrack.gpx(timed: false), token: token)
            #expect(reply.status == 200)
            let pattern = /\{"id":\d+,"id_str":"\d+","external_id":null,"error":"All files are required to include a time with each trackpoint","status":"There was an error processing your activity.","activity_id":null\}/
            #expect(reply.body.wholeMatch(of: pattern) != nil, "\(reply.body)")
        }
    }

    @Test func malformedFileFailsProcessing() async throws {
        try await SandboxWireClient.with { sandbox in
            let token = try await sandbox.connect().access
            let reply = try await sandbox.uploadAndSettle(Data("<gpx><trk><trkseg><trkpt lat=".utf8), token: token)
            #expect(reply.json?["status"] as? String == Self.failed)
            #expect(reply.json?["error"] as? String == "The upload appears to be malformed.")
            #expect(reply.json?["activity_id"] is NSNull)
        }
    }

    @Test func trackWithoutPointsIsAnEmptyFileError() async throws {
        try await SandboxWireClient.with { sandbox in
            let token = try await sandbox.connect().access
            let reply = try await sandbox.uploadAndSettle(SampleTrack.gpx(points: 0), token: token)
            #expect(reply.json?["error"] as? String
                == #"The file is empty, <a href="https://strava.zendesk.com/entries/21823834-Uploading-Empty-Files" target="_blank">More Information</a>."#)
        }
    }

    @Test func uploadNeedsActivityWrite() async throws {
        try await SandboxWireClient.with { sandbox in
            let token = try await sandbox.connect(scope: "read,activity:read_all").access
            let reply = try await sandbox.upload(SampleTrack.gpx(), token: token)
            #expect(reply.status == 401)
            #expect(reply.body == #"{"message":"Authorization Error","errors":[{"resource":"AccessToken","field":"activity:write_permission","code":"missing"}]}"#)
            #expect(reply.header("X-RateLimit-Usage") == "1,1")
        }
    }

    @Test func unknownUploadIs404() async throws {
        try await SandboxWireClient.with { sandbox in
            let token = try await sandbox.connect().access
            let reply = try await sandbox.get("/api/v3/uploads/123456789012", token: token)
            #expect(reply.status == 404)
            #expect(reply.body == #"{"message":"Resource Not Found","errors":[]}"#)
            #expect(reply.header("X-RateLimit-Limit") == "200,2000")
        }
    }

    @Test func deletedActivityShowsTheDeletedStatus() async throws {
        try await SandboxWireClient.with { sandbox in
            let token = try await sandbox.connect().access
            let ready = try await sandbox.uploadAndSettle(SampleTrack.gpx(), token: token)
            let uploadID = try #require(ready.json?["id_str"] as? String)
            let activityID = try #require(ready.json?["activity_id"] as? Int64)
            let delete = try await sandbox.send(.DELETE, "/_sandbox/activities/\(activityID)")
            #expect(delete.status == 200)
            let poll = try await sandbox.get("/api/v3/uploads/\(uploadID)", token: token)
            #expect(poll.body == #"{"id":\#(uploadID),"id_str":"\#(uploadID)","external_id":null,"error":null,"status":"The created activity has been deleted.","activity_id":null}"#)
            #expect(try await sandbox.get("/api/v3/activities/\(activityID)", token: token).status == 404)
        }
    }

    @Test func configuredDeletionRemovesActivitiesAfterTheDelay() async throws {
        var faults = InjectedFaults()
        faults.deletedActivityRate = 1
        faults.deletionDelaySeconds = 60
        try await SandboxWireClient.with({ $0.faults = faults }) { sandbox in
            let token = try await sandbox.connect().access
            let ready = try await sandbox.uploadAndSettle(SampleTrack.gpx(), token: token)
            #expect(ready.json?["status"] as? String == Self.ready)
            sandbox.clock.advance(by: 61)
            let id = try #require(ready.json?["id_str"] as? String)
            #expect(try await sandbox.get("/api/v3/uploads/\(id)", token: token).json?["status"] as? String == Self.deleted)
        }
    }

    @Test func gzippedUploadsAreRead() async throws {
        try await SandboxWireClient.with { sandbox in
            let token = try await sandbox.connect().access
            let gzipped = try Gzip.compress(SampleTrack.gpx())
            let posted = try await sandbox.upload(gzipped, fileName: "ride.gpx.gz", dataType: "gpx.gz", token: token)
            let id = try #require(posted.json?["id_str"] as? String)
            let reply = try await sandbox.settledUpload(id, token: token)
            #expect(reply.json?["status"] as? String == Self.ready)
            #expect(reply.json?["external_id"] as? String == "ride.gpx.gz")
        }
    }
}
