import FuzzDriver

/// libFuzzer on the GPX reader: the seeds are GPX files, the reader the one every XML track goes through.
@main
struct FuzzGPXMain {
    static func main() { runFuzzer { fuzzXMLTrack($0, $1) } }
}
