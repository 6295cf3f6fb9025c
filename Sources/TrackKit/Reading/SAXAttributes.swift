import CLibXML2
import Foundation

/// SAX2's attribute array: five pointers per attribute (local name, prefix, URI, value start, value end).
struct SAXAttributes {
    let count: Int
    let values: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?

    func name(_ index: Int) -> UnsafePointer<xmlChar> {
        values![index * 5]!
    }

    func value(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        guard let start = values?[index * 5 + 3], let end = values?[index * 5 + 4] else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeBufferPointer(start: start, count: end - start)
    }

    func string(_ wanted: StaticString) -> String? {
        for index in 0..<count where strcmp(UnsafeRawPointer(name(index)).assumingMemoryBound(to: CChar.self),
                                            UnsafeRawPointer(wanted.utf8Start).assumingMemoryBound(to: CChar.self)) == 0 {
            return String(decoding: value(index), as: UTF8.self)
        }
        return nil
    }
}
