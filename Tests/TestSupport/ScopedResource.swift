/// Something a test sets up (a sandbox server, scratch folders, a child process) and must take down again.
public protocol ScopedResource {
    func tearDown() async
}

extension ScopedResource {
    /// Runs `body`, then awaits `tearDown()` however `body` ends: the next test never starts beside a server
    /// still shutting down, as it could after `defer { Task { await stop() } }`.
    public func scoped<T>(_ body: () async throws -> T) async rethrows -> T {
        let result: T
        do {
            result = try await body()
        } catch {
            await tearDown()
            throw error
        }
        await tearDown()
        return result
    }
}
