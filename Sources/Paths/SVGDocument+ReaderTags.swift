import Geometry

// The XML reader's start tags (shapes, `<use>`s, attributes) and entity references.
extension SVGDocument.Reader {
    /// A start tag (or an empty-element tag): a shape or a `<use>` is recorded in `items`.
    mutating func startTag() throws(SVGDocument.ParseError) {
        let start = i
        i += 1
        let n = try name()
        let nameEnd = i
        guard !(sawRoot && stack.isEmpty) else { throw fail("a second root element <\(String(decoding: n, as: UTF8.self))>", at: start) }
        sawRoot = true
        elements += 1
        guard elements <= SVGDocument.maxElements else { throw fail("more than \(SVGDocument.maxElements) elements (SVGDocument.maxElements)", at: start) }
        let local = Self.local(n)
        var attributes: [SVGDocument.Attribute] = []
        while true {
            let before = i
            let hadSpace = i < bytes.count && SVGDocument.byteIsSpace(bytes[i])
            skipSpace()
            guard i < bytes.count else { throw fail("<\(local)> is not closed (no \">\")", at: start) }
            if bytes[i] == UInt8(ascii: ">") || starts("/>", at: i) { break }
            guard hadSpace else { throw fail("expected a space before the next attribute") }
            let nameStart = i
            let an = try name()
            let attributeName = String(decoding: an, as: UTF8.self)
            guard !attributes.contains(where: { $0.name == attributeName }) else {
                throw fail("the attribute \(attributeName) is given twice", at: nameStart)
            }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { throw fail("expected \"=\" after the attribute \(attributeName)") }
            i += 1
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
                throw fail("expected a quoted value for the attribute \(attributeName)")
            }
            let quote = bytes[i]
            i += 1
            let valueStart = i
            var value: [UInt8] = []
            while i < bytes.count, bytes[i] != quote {
                if bytes[i] == UInt8(ascii: "<") { throw fail("\"<\" inside the value of \(attributeName)") }
                if bytes[i] == UInt8(ascii: "&") { value += try entity() } else { value.append(bytes[i]); i += 1 }
            }
            guard i < bytes.count else { throw fail("the value of \(attributeName) is not closed", at: valueStart) }
            let range = valueStart..<i
            i += 1
            attributes.append(SVGDocument.Attribute(name: attributeName, value: String(decoding: value, as: UTF8.self),
                                                    whole: before..<i, valueRange: range, at: nameStart))
        }
        let empty = starts("/>", at: i)
        i += empty ? 2 : 1
        let parent = stack.last?.cumulative ?? .identity
        let ownTransform: AffineTransform
        if let t = attributes.first(where: { $0.name == "transform" }) {
            do { ownTransform = try SVGDocument.transform(t.value) } catch { throw fail("transform: \(error.message)", at: t.at) }
        } else {
            ownTransform = .identity
        }
        let cumulative = ownTransform.concatenating(parent)
        let id = attributes.first { $0.name == "id" }?.value
        var shapeIndex: Int?
        if SVGDocument.shapeNames.contains(local) {
            let geometry: (data: String, renders: Bool, ranges: [Range<Int>])
            do { geometry = try SVGDocument.geometry(of: local, attributes) } catch { throw fail("<\(local)>: \(error.message)", at: error.at ?? start) }
            var element = SVGDocument.PathElement(
                name: local, id: id, isDrawn: hiding == 0 && geometry.renders, data: geometry.data, transform: cumulative,
                throughUse: nil, dataRange: local == "path" ? attributes.first { $0.name == "d" }?.valueRange : nil,
                tagRange: start..<i, endTagRange: nil, geometryRanges: geometry.ranges, nameEnd: nameEnd)
            if !geometry.renders { element.isDrawn = false }
            element.hasSize = geometry.renders
            // For each ancestor with an id: from this shape's coordinates to that ancestor's
            // parent's, which a <use> of the ancestor applies before its own transform.
            var ancestors: [(id: String, relative: AffineTransform)] = []
            var acc = ownTransform
            for open in stack.reversed() {
                acc = acc.concatenating(open.local)
                if let aid = open.id { ancestors.append((aid, acc)) }
            }
            shapes.append(ShapeRecord(element: element, local: ownTransform, ancestors: ancestors, renders: geometry.renders))
            shapeIndex = shapes.count - 1
            items.append(.shape(shapes.count - 1))
        } else if local == "use", let href = attributes.first(where: { $0.name == "href" || $0.name.hasSuffix(":href") })?.value,
                  href.hasPrefix("#") {
            var offset = Vec2.zero
            for (k, axis) in ["x", "y"].enumerated() {
                guard let a = attributes.first(where: { $0.name == axis }) else { continue }
                do { let v = try SVGDocument.length(a.value); if k == 0 { offset.x = v } else { offset.y = v } } catch {
                    throw fail("<use> \(axis): \(error.message)", at: a.at)
                }
            }
            uses.append(UseRecord(href: String(href.dropFirst()), transform: AffineTransform.translation(offset).concatenating(cumulative),
                                  isDrawn: hiding == 0))
            items.append(.use(uses.count - 1))
        }
        if !empty {
            guard stack.count < SVGDocument.maxDepth else { throw fail("elements nested deeper than \(SVGDocument.maxDepth) (SVGDocument.maxDepth)", at: start) }
            stack.append(Open(name: n, at: start, local: ownTransform, cumulative: cumulative, id: id, shape: shapeIndex))
            if Self.hidingNames.contains(local) { hiding += 1 }
        }
    }

    /// An entity or character reference at `i` (`&…;`), decoded; any but the five XML
    /// predefines and numeric references is refused, never expanded.
    mutating func entity() throws(SVGDocument.ParseError) -> [UInt8] {
        let start = i
        i += 1
        let nameStart = i
        while i < bytes.count, bytes[i] != UInt8(ascii: ";"), i - nameStart < 12 { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: ";") else { throw fail("\"&\" that begins no entity (write &amp;)", at: start) }
        let ref = String(decoding: bytes[nameStart..<i], as: UTF8.self)
        i += 1
        switch ref {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default:
            if ref.hasPrefix("#") {
                let hex = ref.hasPrefix("#x")
                if let v = UInt32(ref.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10), let u = Unicode.Scalar(v), v != 0 {
                    return Array(String(Character(u)).utf8)
                }
                throw fail("&\(ref); is not a character", at: start)
            }
            throw fail("the entity &\(ref); is not expanded (only XML's five and character references are read)", at: start)
        }
    }
}
