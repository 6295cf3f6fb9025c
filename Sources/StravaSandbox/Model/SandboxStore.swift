import Foundation
import Synchronization

/// The sandbox's state behind one lock; every handler reads and changes it through `withState`.
final class SandboxStore: Sendable {
    private let state: Mutex<SandboxState>
    let clock: SandboxClock
    /// The configuration given at start, which `reset` returns to.
    let initialConfiguration: SandboxConfiguration
    /// Set when the server stops, so that stalled answers let go of their connections.
    let stopping = Atomic<Bool>(false)

    init(configuration: SandboxConfiguration) {
        self.state = Mutex(SandboxState(configuration: configuration))
        self.clock = configuration.clock
        self.initialConfiguration = configuration
    }

    var now: Date { clock.now }

    /// Runs `body` on the state with the lock held, after finishing uploads whose time has come.
    func withState<Result: Sendable>(_ body: (inout SandboxState) -> Result) -> Result {
        let now = clock.now
        return state.withLock { state in
            state.settleUploads(now: now)
            return body(&state)
        }
    }

    /// Forgets every token, upload, activity, count and run-time fault.
    func reset() {
        state.withLock { $0 = SandboxState(configuration: initialConfiguration) }
    }
}
