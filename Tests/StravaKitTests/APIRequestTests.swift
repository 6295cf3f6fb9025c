import TestSupport
import NIOHTTP1
import Testing
@testable import StravaKit

@Suite("API requests")
struct APIRequestTests {
    /// Whether a lost answer may be sent again follows from the method: no caller can mark a POST safe by mistake.
    @Test func onlyIdempotentMethodsAreResentBlindly() {
        #expect(APIRequest(method: .POST, path: "/uploads").unsafeToResend)
        #expect(APIRequest(method: .PATCH, path: "/activities/1").unsafeToResend)
        #expect(!APIRequest(method: .GET, path: "/uploads/1").unsafeToResend)
        #expect(!APIRequest(method: .PUT, path: "/activities/1").unsafeToResend)
        #expect(!APIRequest(method: .DELETE, path: "/activities/1").unsafeToResend)
    }

    @Test func labelsHideIdsAndBucketsFollowTheRoute() {
        #expect(APIRequest(method: .GET, path: "/uploads/8919698041").label == "GET /uploads/{id}")
        #expect(APIRequest(method: .POST, path: "/uploads").bucket == .overallOnly)
        #expect(APIRequest(method: .GET, path: "/athlete/activities").bucket == .overallAndRead)
    }
}
