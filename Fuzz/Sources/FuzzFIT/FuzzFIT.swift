import Foundation
import FuzzDriver
@testable import TrackKit

/// One libFuzzer input as a FIT file: header, CRC and message walk, the checks, and the header-first read.
func fuzzFIT(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let data = Data(bytes: start, count: count)
    if let fit = try? FITFile(data: data) {
        _ = FITChecker(now: Date()).check(fit)
        _ = TrackSummary(fit: fit)
    }
    let source = ByteSource(data: data, limits: InputLimits(maxFileMiB: 16))
    if let head = try? source.prepare(), FITDetection.isFIT(head) {
        _ = try? FITReading.read(source, head: head)
    }
    _ = try? TrackKit.summarize(data: data, format: .fit)
    return 0
}

@main
struct FuzzFITMain {
    static func main() { runFuzzer { fuzzFIT($0, $1) } }
}
