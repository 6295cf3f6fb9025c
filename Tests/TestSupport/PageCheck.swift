import Foundation
import Testing

/// The pages people look at, loaded in a real browser: headless Chromium over the DevTools protocol, driven by
/// `Tests/Browser/page_check.py`.
public enum PageCheck {
    /// What the browser saw of one element.
    public struct Element: Decodable, Sendable {
        public var found: Bool
        public var vertices: Int?
        public var bbox: [Double]?
    }

    public struct Seen: Decodable, Sendable {
        public var errors: [String]
        public var title: String?
        public var elements: [String: Element]
    }

    /// One page in the browser at a time, whichever test target asks: Chromium is the heaviest child a test
    /// starts, and `BinaryProcess.run` holds one of the test process's threads until it ends.
    private static let browser = TaskLimiter(slots: 1)

    /// Runs `page_check.py` and decodes what it saw.
    public static func load(_ url: String, screenshot: URL, ids: [String]) async throws -> Seen {
        let script = BinaryProcess.repositoryRoot.appendingPathComponent("Tests/Browser/page_check.py")
        await browser.acquire()
        let result: (status: Int32, output: String, errors: String)
        do {
            result = try BinaryProcess.run("/usr/bin/env", arguments: ["python3", script.path, url, screenshot.path] + ids)
        } catch {
            await browser.release()
            throw error
        }
        await browser.release()
        #expect(result.status == 0, "page_check.py: \(result.output)\(result.errors)")
        #expect(FileManager.default.fileExists(atPath: screenshot.path))
        return try JSONDecoder().decode(Seen.self, from: Data(result.output.utf8))
    }

    /// `TRACKDROP_SCREENSHOTS=folder swift test --filter InBrowser` keeps the screenshots (the README's come
    /// from there).
    public static func keep(_ screenshot: URL, as name: String) {
        guard let folder = ProcessInfo.processInfo.environment["TRACKDROP_SCREENSHOTS"] else { return }
        let target = URL(fileURLWithPath: folder).appendingPathComponent(name)
        try? FileManager.default.removeItem(at: target)
        try? FileManager.default.copyItem(at: screenshot, to: target)
    }
}
