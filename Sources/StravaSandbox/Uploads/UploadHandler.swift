import Crypto
import Foundation
import Hummingbird

/// `POST /api/v3/uploads` and `GET /api/v3/uploads/{id}`.
struct UploadHandler: Sendable {
    let store: SandboxStore

    func create(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let token: AccessToken
        switch store.authorize(request, allowed: OAuthScope.canUpload, otherwise: .missingWritePermission) {
        case .failure(let fault): return fault.response
        case .success(let value): token = value
        }
        let limit = store.withState { $0.configuration.maxUploadBytes }
        var request = request
        let body = try await request.collectData(upTo: limit)
        let form = ParsedMultipartForm(body: body, contentType: request.headers[.contentType] ?? "")
        let query = request.queryFields
        func field(_ name: String) -> String? { form?.value(name) ?? query[name] }

        guard let file = form?.part(named: "file"), !file.data.isEmpty else { return StravaFault.emptyUpload.response }
        guard let dataType = field("data_type")?.lowercased(), UploadFields.dataTypes.contains(dataType) else {
            return StravaFault.invalidDataType.response
        }
        let fields = UploadFields(
            dataType: dataType, fileName: file.fileName, externalID: field("external_id"),
            name: field("name").flatMap { $0.isEmpty ? nil : $0 },
            description: field("description").flatMap { $0.isEmpty ? nil : $0 },
            sportType: (field("sport_type") ?? field("activity_type")).flatMap { $0.isEmpty ? nil : $0 },
            trainer: UploadFields.flag(field("trainer")), commute: UploadFields.flag(field("commute"))
        )
        let verdict = UploadJudge.judge(data: file.data, fields: fields)
        var drawing: ActivityDrawing?
        if case .activity = verdict { drawing = ActivityDrawing(data: file.data) }
        let sha256 = SHA256.hash(data: file.data).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        let now = store.now
        let (upload, rejected) = store.withState { state -> (Upload, Bool) in
            var upload = state.newUpload(athleteID: token.athleteID, fields: fields, sha256: sha256, verdict: verdict, now: now)
            upload.drawing = drawing
            var rejected = false
            if state.configuration.duplicateDetection == .post, case .activity(let summary) = verdict,
                let message = state.duplicateMessage(for: upload, summary: summary, at: now)
            {
                upload.state = .failed(error: message)
                upload.readyAt = now
                rejected = true
            }
            state.insert(upload)
            return (upload, rejected)
        }
        // A duplicate caught at submission: Strava answers 400 with the upload object carrying the error.
        return .json(upload.json(activityDeleted: false), status: rejected ? .badRequest : .created)
    }

    func status(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let token: AccessToken
        switch store.authorize(request, allowed: OAuthScope.canUpload, otherwise: .missingWritePermission) {
        case .failure(let fault): return fault.response
        case .success(let value): token = value
        }
        guard let id = context.parameters.get("id", as: Int64.self) else { return StravaFault.notFound.response }
        let now = store.now
        let body: SandboxJSON? = store.withState { state in
            guard let upload = state.uploads[id], upload.athleteID == token.athleteID else { return nil }
            var deleted = false
            if case .ready(let activityID) = upload.state {
                deleted = state.activities[activityID]?.isDeleted(at: now) ?? true
            }
            return upload.json(activityDeleted: deleted)
        }
        return body.map { .json($0) } ?? StravaFault.notFound.response
    }
}
