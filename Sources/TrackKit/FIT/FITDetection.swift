/// Tells FIT from XML by the first bytes, whatever the file is called.
enum FITDetection {
    static func isFIT(_ head: [UInt8]) -> Bool {
        head.count >= 12 && (head[0] == 12 || head[0] == 14) && head[8] == UInt8(ascii: ".")
            && head[9] == UInt8(ascii: "F") && head[10] == UInt8(ascii: "I") && head[11] == UInt8(ascii: "T")
    }

    static func looksLikeXML(_ head: [UInt8]) -> Bool {
        head.first(where: { !TextScanner.isSpace($0) && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }) == UInt8(ascii: "<")
    }
}
