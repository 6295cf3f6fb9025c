import CLibXML2
import Foundation

/// Element kinds by the address of libxml2's interned name: each distinct name is looked up by string
/// once, then found by pointer. A document with very many distinct names fills the table and the rest
/// are looked up by string every time, which is slower but bounded.
struct ElementKindCache {
    private static let size = 256
    private var names = [UnsafePointer<xmlChar>?](repeating: nil, count: size)
    private var kinds = [ElementKind](repeating: .other, count: size)

    mutating func kind(_ name: UnsafePointer<xmlChar>) -> ElementKind {
        let mask = Self.size - 1
        var slot = Int(truncatingIfNeeded: UInt(bitPattern: name) >> 3) & mask
        for _ in 0..<8 {
            guard let cached = names[slot] else {
                let kind = ElementKind(localName: String(cString: name))
                names[slot] = name
                kinds[slot] = kind
                return kind
            }
            if cached == name { return kinds[slot] }
            slot = (slot + 1) & mask
        }
        return ElementKind(localName: String(cString: name))
    }
}
