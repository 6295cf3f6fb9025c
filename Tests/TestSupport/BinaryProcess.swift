import Foundation
import Synchronization

/// The built `trackdrop` binary run as a child process, with its standard error watched line by line.
public final class BinaryProcess: Sendable {
    /// The built `trackdrop`, beside this test bundle.
    public static var executable: URL { TrackdropBinary.url }

    public static var repositoryRoot: URL { TrackdropBinary.repositoryRoot }

    private let process: Process
    private let state = LineBuffer()

    /// Lines written so far and the tasks waiting for more, shared with the pipe's reading handler.
    final class LineBuffer: Sendable {
        struct State {
            var lines: [String] = []
            var partial = ""
            var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
            var exited = false
        }

        let mutex = Mutex(State())

        func withLock<T>(_ body: (inout State) -> T) -> T { mutex.withLock { body(&$0) } }
    }

    /// `runAs`: a command that runs trackdrop as another user, e.g. `setpriv --reuid=65534 ...` (it must exec
    /// trackdrop, so that signals reach it).
    public init(arguments: [String], environment: [String: String] = [:], runAs: [String] = []) throws {
        process = Process()
        if let runner = runAs.first {
            process.executableURL = URL(fileURLWithPath: runner)
            process.arguments = Array(runAs.dropFirst()) + [Self.executable.path] + arguments
        } else {
            process.executableURL = Self.executable
            process.arguments = arguments
        }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let errorPipe = Pipe()
        process.standardError = errorPipe
        process.standardOutput = FileHandle.nullDevice
        let state = state
        let reading = errorPipe.fileHandleForReading
        // A plain thread with blocking reads rather than `readabilityHandler`: corelibs Foundation's dispatch
        // source behind that handler can fire after the pipe is closed and crash libdispatch's event loop.
        let reader = Thread {
            while true {
                let data = reading.availableData  // whatever is there now; empty at end of file
                let ready: [CheckedContinuation<Void, Never>] = state.withLock { state in
                    if data.isEmpty {
                        state.exited = true
                    } else {
                        state.partial += String(decoding: data, as: UTF8.self)
                        while let newline = state.partial.firstIndex(of: "\n") {
                            state.lines.append(String(state.partial[..<newline]))
                            state.partial = String(state.partial[state.partial.index(after: newline)...])
                        }
                    }
                    let count = state.lines.count
                    let done = state.waiters.filter { state.exited || count >= $0.count }.map(\.continuation)
                    state.waiters.removeAll { state.exited || count >= $0.count }
                    return done
                }
                for continuation in ready { continuation.resume() }
                if data.isEmpty { break }
            }
        }
        try process.run()
        reader.start()
    }

    public var lines: [String] { state.withLock { $0.lines } }
    public var processID: Int32 { process.processIdentifier }

    /// Returns once the process has written `count` lines to standard error (or closed it).
    public func waitForLines(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state in
                if state.exited || state.lines.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Returns once a line containing `text` has been written (or standard error closed); true when found.
    public func waitForLine(containing text: String) async -> Bool {
        var seen = 0
        while true {
            let (found, count, exited) = state.withLock { state in
                (state.lines.contains { $0.contains(text) }, state.lines.count, state.exited)
            }
            if found { return true }
            if exited { return false }
            seen = max(seen, count)
            await waitForLines(seen + 1)
        }
    }

    public func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Waits for the process to exit (safety net: `timeout`), and for its standard error to be read to the end;
    /// returns its status, or nil on timeout.
    public func waitForExit(timeout: Duration) async -> Int32? {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while process.isRunning {
            if ContinuousClock.now >= deadline { return nil }
            try? await Task.sleep(for: .milliseconds(20))
        }
        // The reader thread may not have taken in the last lines yet: a process refused at once can exit before a
        // single read, and `lines` was then empty. Wait for end of file, for a few seconds at most (a child that
        // left a process of its own holding the pipe would keep it open).
        let drained = ContinuousClock.now.advanced(by: .seconds(5))
        while !state.withLock({ $0.exited }), ContinuousClock.now < drained {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return process.terminationStatus
    }
}

extension BinaryProcess {
    /// Runs `executable` to the end and returns its exit status, standard output and standard error.
    public static func run(_ executable: String, arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Standard error is drained on its own thread, so a chatty child never blocks on a full pipe.
        let errorData = Mutex(Data())
        let done = DispatchSemaphore(value: 0)
        let reader = Thread {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorData.withLock { $0 = data }
            done.signal()
        }
        reader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self),
                String(decoding: errorData.withLock { $0 }, as: UTF8.self))
    }

    /// The built `trackdrop` run to the end with `arguments`.
    public static func capturingOutput(arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        try run(executable.path, arguments: arguments)
    }
}
