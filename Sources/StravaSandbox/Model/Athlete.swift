import Foundation

/// The athlete whose account the sandbox pretends to be.
struct Athlete: Sendable {
    var id: Int64
    var username: String
    var firstname: String
    var lastname: String
    var createdAt: Date

    init(configuration: SandboxConfiguration) {
        id = configuration.athleteID
        username = configuration.athleteUsername
        firstname = configuration.athleteFirstname
        lastname = configuration.athleteLastname
        createdAt = Date(timeIntervalSince1970: 1_420_070_400)
    }

    /// Strava's athlete object; `resourceState` 2 is the summary sent with a token, 3 the detailed `/athlete`.
    func json(resourceState: Int64) -> SandboxJSON {
        let created = ISO8601.string(from: createdAt)
        return .object([
            ("id", .int(id)),
            ("username", .string(username)),
            ("resource_state", .int(resourceState)),
            ("firstname", .string(firstname)),
            ("lastname", .string(lastname)),
            ("city", .string("Zürich")),
            ("state", .string("Zürich")),
            ("country", .string("Switzerland")),
            ("sex", .string("F")),
            ("premium", .bool(false)),
            ("summit", .bool(false)),
            ("created_at", .string(created)),
            ("updated_at", .string(created)),
            ("profile_medium", .string("avatar/athlete/medium.png")),
            ("profile", .string("avatar/athlete/large.png")),
        ])
    }
}
