/// The final outcome of one upload and how many API calls it cost.
///
/// `apiCalls` counts every request made for this upload through this session: the POST (and any
/// retries or look-ups of a lost POST), each status check, and a shared activity listing once, for
/// the first upload (in id order) that the listing settled. Uploads settled by a listing that
/// another upload already paid for add nothing for it.
public struct ResolvedUpload: Sendable, Equatable {
    public var outcome: UploadOutcome
    public var apiCalls: Int

    public init(outcome: UploadOutcome, apiCalls: Int) {
        self.outcome = outcome
        self.apiCalls = apiCalls
    }
}
