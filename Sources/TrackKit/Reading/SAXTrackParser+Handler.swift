import CLibXML2
import Foundation

/// The C callback table libxml2 calls into: each callback finds the parser in the context pointer.
extension SAXTrackParser {
    /// The callbacks libxml2 needs; everything else (DTD handling, entity lookup) stays off.
    static var handler: xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, localName, prefix, _, namespaceCount, namespaces, attributeCount, _, attributes in
            guard let context, let localName else { return }
            let parser = context.assumingMemoryBound(to: SAXTrackParser.self)
            if parser.pointee.depth < 3 {
                parser.pointee.outerTags[parser.pointee.depth] = SAXTrackParser.startTag(
                    localName, prefix: prefix, namespaceCount: Int(namespaceCount), namespaces: namespaces)
            }
            parser.pointee.startElement(localName, attributeCount: Int(attributeCount), attributes: attributes)
        }
        handler.endElementNs = { context, _, _, _ in
            context?.assumingMemoryBound(to: SAXTrackParser.self).pointee.endElement()
        }
        let characters: charactersSAXFunc = { context, bytes, length in
            guard let context, let bytes, length > 0 else { return }
            let parser = context.assumingMemoryBound(to: SAXTrackParser.self)
            let room = SAXTrackParser.textLimit - parser.pointee.text.count
            if parser.pointee.collecting, room > 0 {
                parser.pointee.text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: min(Int(length), room)))
            }
        }
        handler.characters = characters
        handler.ignorableWhitespace = characters
        handler.internalSubset = { context, _, _, _ in
            context?.assumingMemoryBound(to: SAXTrackParser.self).pointee
                .refuseUnsafe("the document has a DOCTYPE declaration")
        }
        handler.entityDecl = { context, _, _, _, _, _ in
            context?.assumingMemoryBound(to: SAXTrackParser.self).pointee
                .refuseUnsafe("the document declares entities")
        }
        handler.reference = { context, _ in
            context?.assumingMemoryBound(to: SAXTrackParser.self).pointee
                .refuseUnsafe("the document uses entity references")
        }
        handler.serror = { context, error in
            guard let context, let error else { return }
            context.assumingMemoryBound(to: SAXTrackParser.self).pointee.errors.record(error)
        }
        return handler
    }

    /// `<prefix:name xmlns:p="uri"...>`, enough to open the same element again in a fresh parser.
    static func startTag(
        _ localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, namespaceCount: Int,
        namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) -> String {
        var tag = "<"
        if let prefix { tag += String(cString: prefix) + ":" }
        tag += String(cString: localName)
        for index in 0..<namespaceCount {
            tag += " xmlns"
            if let declared = namespaces?[index * 2] { tag += ":" + String(cString: declared) }
            let uri = namespaces?[index * 2 + 1].map { String(cString: $0) } ?? ""
            tag += "=\"" + uri.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
                .replacingOccurrences(of: "<", with: "&lt;") + "\""
        }
        return tag + ">"
    }
}
