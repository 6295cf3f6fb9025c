import Foundation
import FuzzDriver
@testable import TrackKit

/// One libFuzzer input behind the gzip wrapper: the input is made a gzip stream when it is not one (so the
/// inflater, its limits and the readers behind it are reached), then inflated and read as any file would be.
func fuzzGzip(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    var data = Data(bytes: start, count: count)
    if !data.starts(with: [0x1F, 0x8B]) { data = Data([0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03]) + data }
    let limits = InputLimits(maxFileMiB: 4, ratioCheckAfterBytes: 1 << 20, maxInflationRatio: 100)
    _ = try? Inflate.all(ByteSource(data: data, limits: limits))
    _ = try? TrackKit.summarize(data: data, format: .gpx)
    return 0
}

@main
struct FuzzGzipMain {
    static func main() { runFuzzer { fuzzGzip($0, $1) } }
}
