import Foundation
@testable import TrackKit

/// One libFuzzer input: its bytes, or nothing for an empty input.
public typealias FuzzInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// SwiftPM gives every executable a `main`, which hides libFuzzer's: each target starts libFuzzer's driver
/// from its own `main` through this, with the function that takes one input.
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: FuzzInput
) -> CInt

public func runFuzzer(_ callback: FuzzInput) -> Never {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(runFuzzerDriver(&argc, &argv, callback))
}

/// One input as an XML track file (GPX or TCX, the content decides): read, checked, cleaned and written
/// back, as `trackdrop check` does, without the XSD validation of our own output.
public func fuzzXMLTrack(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let data = Data(bytes: start, count: count)
    guard let read = try? XMLTrackReader(source: ByteSource(data: data, limits: InputLimits(maxFileMiB: 16)), expectedPoints: count / 100).read() else {
        return 0
    }
    _ = try? TrackKit.normalize(read, options: NormalizeOptions(validateOutput: false))
    return 0
}
