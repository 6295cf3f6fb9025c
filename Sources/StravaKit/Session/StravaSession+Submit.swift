import Foundation
import NIOHTTP1

extension StravaSession {
    /// `POST /uploads`. A POST whose answer was lost is never sent again blindly: the activities
    /// are searched for its `external_id` first.
    public func submit(_ request: UploadRequest) async throws -> UploadSubmission {
        try ensureOpen()
        let apiRequest = request.apiRequest()
        var calls = 0
        var lostAnswers = 0
        while true {
            let submittedAt = Date()
            do {
                let exchange = try await api.send(apiRequest, calls: &calls)
                return try await interpret(
                    exchange, of: request, submittedAt: submittedAt, calls: calls, resent: lostAnswers > 0)
            } catch let lost as OutcomeUnknown {
                calls = lost.calls
                lostAnswers += 1
                logger.warning(
                    "the answer to an upload was lost; looking for its external_id before sending it again",
                    metadata: ["external_id": "\(request.externalID)", "reason": "\(lost.reason)"])
                if let outcome = try await findLostUpload(request, calls: &calls) {
                    recordSubmissionCalls(calls, externalID: request.externalID)
                    await tokens.record(lastUploadAt: Date(), rateLimit: gate.status)
                    return .settled(outcome)
                }
                guard lostAnswers < 3 else {
                    throw StravaError.networkUnavailable(endpoint: apiRequest.label, reason: lost.reason)
                }
                logger.info("no activity carries the external_id; sending the upload again",
                            metadata: ["external_id": "\(request.externalID)"])
            }
        }
    }

    private func interpret(
        _ exchange: HTTPExchange, of request: UploadRequest, submittedAt: Date, calls: Int, resent: Bool
    ) async throws -> UploadSubmission {
        let endpoint = "POST /uploads"
        switch exchange.status {
        case 200, 201:
            let body = try exchange.decode(UploadStatusBody.self, endpoint: endpoint)
            await tokens.record(lastUploadAt: Date(), rateLimit: gate.status)
            if let outcome = body.outcome {
                recordSubmissionCalls(calls, externalID: request.externalID)
                return .settled(resent ? outcome.asOwnUpload : outcome)
            }
            guard let id = body.uploadID else {
                throw StravaError.invalidResponse(endpoint: endpoint, reason: "the answer carried no upload id")
            }
            recordSubmissionCalls(calls, externalID: request.externalID)
            submissions[id] = PendingUpload(
                id: id, submittedAt: submittedAt, externalID: request.externalID, startTime: request.startTime,
                calls: 0, nextCheck: submittedAt, resent: resent)
            logger.debug("upload accepted", metadata: ["upload_id": "\(id)", "external_id": "\(request.externalID)"])
            return .accepted(id)
        case 400, 409, 422:
            recordSubmissionCalls(calls, externalID: request.externalID)
            var outcome = Self.rejectionOutcome(exchange.body)
            if resent { outcome = outcome.asOwnUpload }
            logger.info("upload settled at submission", metadata: ["external_id": "\(request.externalID)", "outcome": "\(outcome)"])
            return .settled(outcome)
        case 413:
            // Strava's limit is not documented (about 25 MB): sending the same bytes again cannot succeed.
            recordSubmissionCalls(calls, externalID: request.externalID)
            let megabytes = (Double(request.data.count) / 1_048_576 * 10).rounded() / 10
            return .settled(.rejected(message: "Strava refused the file as too large (HTTP 413 for \(megabytes) MB; Strava takes about 25 MB at most)"))
        default:
            throw StravaError.server(endpoint: endpoint, status: exchange.status, message: StravaErrorBody(exchange.body).summary)
        }
    }

    /// A 400 at POST: a duplicate (in Strava's upload shape or as a message) or a rejection.
    static func rejectionOutcome(_ body: Data) -> UploadOutcome {
        if let upload = try? JSONDecoder().decode(UploadStatusBody.self, from: body), let error = upload.error, !error.isEmpty {
            return StravaMessage.outcome(ofError: error)
        }
        let error = StravaErrorBody(body)
        if let message = error.message, let id = StravaMessage.duplicateActivityID(in: message) {
            return .duplicate(activityID: id)
        }
        if error.message == nil && error.errors == nil {
            let text = String(decoding: body, as: UTF8.self)
            if let id = StravaMessage.duplicateActivityID(in: text) { return .duplicate(activityID: id) }
            return .rejected(message: StravaMessage.stripHTML(text))
        }
        return .rejected(message: StravaMessage.stripHTML(error.summary))
    }
}

extension UploadRequest {
    func apiRequest() -> APIRequest {
        var form = MultipartFormEncoder()
        form.add(field: "data_type", value: dataType)
        form.add(field: "external_id", value: externalID)
        if let name { form.add(field: "name", value: name) }
        if let description { form.add(field: "description", value: description) }
        if let sportType { form.add(field: "sport_type", value: sportType) }
        if let trainer { form.add(field: "trainer", value: trainer ? "1" : "0") }
        if let commute { form.add(field: "commute", value: commute ? "1" : "0") }
        form.add(file: "file", fileName: fileName, contentType: "application/octet-stream", data: data)
        return APIRequest(
            method: .POST, path: "/uploads", body: form.finished(), contentType: form.contentType)
    }
}
