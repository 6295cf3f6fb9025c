import FuzzDriver

/// libFuzzer on the TCX reader: the seeds are TCX files, the reader the one every XML track goes through.
@main
struct FuzzTCXMain {
    static func main() { runFuzzer { fuzzXMLTrack($0, $1) } }
}
