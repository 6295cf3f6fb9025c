import ServiceLifecycle

/// Runs the pipeline; cancelling it leaves every entry in a committed state that the next start resumes.
struct PipelineService: Service {
    let pipeline: Pipeline
    let intake: AsyncStream<ReadyFile>
    let once: Bool

    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown {
                try await pipeline.run(intake: intake, stopWhenIdle: once)
            }
        } catch is CancellationError {
            // Graceful shutdown: the ledger already holds every step taken.
        }
    }
}
