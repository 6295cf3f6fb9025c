/// The final outcome of one upload and how many API calls it cost.
///
/// `apiCalls` counts the requests spent finding out what became of the upload, after its POST:
/// each status check (retries included) and a shared activity listing once, for the first upload
/// (in id order) that the listing settled, or for the first due upload when it settled none.
/// Uploads settled by a listing another upload paid for add nothing. The POST's own calls are
/// `StravaSession.apiCallsForSubmission(externalID:)` (1 unless retried); the sum of both over
/// all uploads is every API call the session made for them.
public struct ResolvedUpload: Sendable, Equatable {
    public var outcome: UploadOutcome
    public var apiCalls: Int

    public init(outcome: UploadOutcome, apiCalls: Int) {
        self.outcome = outcome
        self.apiCalls = apiCalls
    }
}
