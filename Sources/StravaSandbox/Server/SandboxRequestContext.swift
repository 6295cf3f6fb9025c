import Hummingbird
import NIOCore

/// The request context of the sandbox: Hummingbird's core context plus the channel, which the
/// dropped-connection fault closes and the control routes check for a loopback peer.
struct SandboxRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.channel = source.channel
    }

    /// Bodies are collected with the configured upload limit; this only caps Hummingbird's own decoders.
    var maxUploadSize: Int { 64 * 1024 * 1024 }

    /// Whether the peer is on this machine.
    var isLoopbackPeer: Bool {
        guard let address = channel.remoteAddress?.ipAddress else { return false }
        return address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
    }
}
