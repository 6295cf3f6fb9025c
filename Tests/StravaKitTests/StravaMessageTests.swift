import Foundation
import TestSupport
import NIOHTTP1
import Testing
@testable import StravaKit

@Suite struct StravaMessageTests {
    @Test func plainDuplicate() {
        #expect(StravaMessage.duplicateActivityID(in: "17611540601.tcx duplicate of activity 8319193780") == 8_319_193_780)
    }

    @Test func linkDuplicateWithEitherQuote() {
        #expect(StravaMessage.duplicateActivityID(
            in: "run.fit duplicate of <a href='/activities/18106372042' target='_blank'>Morning Run</a>") == 18_106_372_042)
        #expect(StravaMessage.duplicateActivityID(
            in: "run.fit duplicate of <a href=\"https://www.strava.com/activities/42\" target=\"_blank\">A</a>") == 42)
    }

    @Test func lookalikesAreNotDuplicates() {
        #expect(StravaMessage.duplicateActivityID(in: "duplicate of activity") == nil)
        #expect(StravaMessage.duplicateActivityID(in: "x duplicate of activity 12 and more text") == nil)
        #expect(StravaMessage.duplicateActivityID(in: "x duplicate of activity twelve") == nil)
        #expect(StravaMessage.duplicateActivityID(in: "The upload appears to be malformed.") == nil)
    }

    @Test func htmlIsStripped() {
        let message = "The file is empty, <a href=\"https://strava.zendesk.com/entries/21823834-Uploading-Empty-Files\" target=\"_blank\">More Information</a>."
        #expect(StravaMessage.stripHTML(message) == "The file is empty, More Information.")
    }

    @Test func uploadStatusOutcomes() throws {
        func decode(_ json: String) throws -> UploadStatusBody {
            try JSONDecoder().decode(UploadStatusBody.self, from: Data(json.utf8))
        }
        let processing = try decode(#"{"id":8919698041,"id_str":"8919698041","external_id":null,"error":null,"status":"Your activity is still being processed.","activity_id":null}"#)
        #expect(processing.outcome == nil)
        #expect(processing.uploadID == UploadID(8_919_698_041))
        let duplicate = try decode(#"{"id":1,"id_str":"1","error":"a.tcx duplicate of activity 8319193780","status":"There was an error processing your activity.","activity_id":null}"#)
        #expect(duplicate.outcome == .duplicate(activityID: 8_319_193_780))
        let ready = try decode(#"{"id":1,"id_str":"1","error":null,"status":"Your activity is ready.","activity_id":99}"#)
        #expect(ready.outcome == .uploaded(activityID: 99))
    }

    @Test func rejectionAtPost() {
        let body = Data(#"{"message":"Bad Request","errors":[{"resource":"Upload","field":"data","code":"empty"}]}"#.utf8)
        #expect(StravaSession.rejectionOutcome(body) == .rejected(message: "Bad Request: Upload data empty"))
        let duplicate = Data(#"{"id":5,"id_str":"5","error":"x.gpx duplicate of activity 77","status":"There was an error processing your activity.","activity_id":null}"#.utf8)
        #expect(StravaSession.rejectionOutcome(duplicate) == .duplicate(activityID: 77))
    }

    @Test func rateLimitHeadersAreReadWhateverTheirCase() {
        let headers = HTTPHeaders([
            ("X-Ratelimit-Limit", "200,2000"), ("x-ratelimit-usage", "68,211"),
            ("X-READRATELIMIT-LIMIT", "100,1000"), ("X-ReadRateLimit-Usage", "67,210"),
        ])
        let parsed = RateLimitHeaders(headers)
        #expect(parsed.overallLimit == .init(shortTerm: 200, daily: 2000))
        #expect(parsed.overallUsage == .init(shortTerm: 68, daily: 211))
        #expect(parsed.readLimit == .init(shortTerm: 100, daily: 1000))
        #expect(parsed.readUsage == .init(shortTerm: 67, daily: 210))
        #expect(RateLimitHeaders(HTTPHeaders()).isEmpty)
    }
}
