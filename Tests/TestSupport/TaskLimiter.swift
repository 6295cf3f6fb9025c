/// Lets at most `slots` tasks (submissions, pages in the browser) run at once; the rest wait in order.
public actor TaskLimiter {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init(slots: Int) { free = max(1, slots) }

    public func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    public func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
