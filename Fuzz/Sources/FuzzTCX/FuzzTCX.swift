import Foundation
@testable import TrackKit

/// One libFuzzer input as a TCX file: read, checked, cleaned and written back (as `trackdrop check` does,
/// without the XSD validation of our own output).
func fuzzTCX(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let data = Data(bytes: start, count: count)
    guard let read = try? XMLTrackReader(source: ByteSource(data: data, limits: InputLimits(maxFileMiB: 16)), expectedPoints: count / 100).read() else {
        return 0
    }
    _ = try? TrackKit.normalize(read, options: NormalizeOptions(validateOutput: false))
    return 0
}

/// SwiftPM gives every executable a `main`, which hides libFuzzer's: start libFuzzer's driver from ours.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@main
struct FuzzTCXMain {
    static func main() {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runFuzzerDriver(&argc, &argv) { fuzzTCX($0, $1) })
    }
}
