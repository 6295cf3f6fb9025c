import Glibc

/// Gives memory the allocator holds but no longer uses back to the system (glibc's `malloc_trim`, looked up at
/// run time: Swift's Glibc module does not export it). After a very large file, a long-running daemon would
/// otherwise keep the pages of its points resident until the next large file reuses them.
public enum FreedMemory {
    private typealias Trim = @convention(c) (Int) -> Int32

    private static let trim: Trim? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: Trim.self)
    }()

    /// True when the allocator gave memory back.
    @discardableResult
    public static func returnToSystem() -> Bool {
        guard let trim else { return false }
        return trim(0) == 1
    }
}
