import CText
import Foundation

// Fallback fonts: each character the shaper's font lacks is drawn with a font of the system
// that has it (fontconfig's fallback order for sans-serif), and a line is shaped in
// stretches, one face each. Called under the shaper's lock.
extension FontShaper {
    /// `text` shaped into `shaped`, each character with a face that has it (under the lock).
    func shape(_ text: String) {
        // The pieces first: finding them may load a fallback face.
        let pieces = pieces(of: text)
        FontFace.shape(text, faces: faces, pieces: pieces, into: &shaped)
    }

    /// `text` cut into stretches one face draws: UTF-8 ranges, in order, with their faces.
    func pieces(of text: String) -> [(start: Int, end: Int, face: UInt8)] {
        let bytes = text.utf8.count
        // The common case, a line the font has every character of, at one look per scalar.
        if text.unicodeScalars.allSatisfy({ $0.isASCII ? asciiCovered[Int($0.value)] : face.covers($0) || Self.ignorable($0) }) {
            return [(0, bytes, 0)]
        }
        var out: [(start: Int, end: Int, face: UInt8)] = []
        var offset = 0
        for c in text {
            let n = c.utf8.count
            let f = faceIndex(for: c)
            if let last = out.last, last.face == f { out[out.count - 1].end = offset + n } else { out.append((offset, offset + n, f)) }
            offset += n
        }
        return out
    }

    /// Scalars that draw nothing themselves (joiners, variation selectors, tags): a face
    /// need not have them.
    static func ignorable(_ s: Unicode.Scalar) -> Bool {
        s.properties.isDefaultIgnorableCodePoint || s.properties.generalCategory == .control
    }

    /// The face that has every scalar of `c`: the font itself, a fallback loaded before, or
    /// one fontconfig names now for its first scalar the font lacks; 0 (a box) when none.
    func faceIndex(for c: Character) -> UInt8 {
        let scalars = c.unicodeScalars.filter { !Self.ignorable($0) }
        guard let missing = scalars.first(where: { !face.covers($0) }) else { return 0 }
        // The answer once given stands (a box stays a box, as widths measured then say).
        if let known = fallbackFace[missing.value] { return known }
        for i in faces.indices.dropFirst() where scalars.allSatisfy(faces[i].covers) {
            fallbackFace[missing.value] = UInt8(i)
            return UInt8(i)
        }
        // Each look costs fontconfig a sort of the system's fonts: at most `maxLookups` in a
        // shaper's life, so a paste of thousands of characters no font has cannot stall it.
        guard lookups < Self.maxLookups else {
            fallbackFace[missing.value] = 0
            return 0
        }
        lookups += 1
        var found: UInt8 = 0
        var path = [CChar](repeating: 0, count: 4096)
        var index: Int32 = 0
        for skip in 0..<4 where found == 0 {
            guard motionlab_fallback_font(missing.value, Int32(skip), &path, Int32(path.count), &index) != 0 else { break }
            let file = String(cString: path), key = "\(file)#\(index)"
            if let loaded = fallbackFiles[key] {
                if scalars.allSatisfy(faces[Int(loaded)].covers) { found = loaded }
                continue
            }
            guard faces.count < Self.maxFaces, let bytes = try? FilePolicy.read(file, limit: Self.maxFontBytes, limitName: "FontShaper.maxFontBytes"),
                  let fallback = try? FontFace(bytes, path: file, index: Int(index)) else { continue }
            faces.append(fallback)
            fallbackFiles[key] = UInt8(faces.count - 1)
            if scalars.allSatisfy(fallback.covers) { found = UInt8(faces.count - 1) }
        }
        fallbackFace[missing.value] = found
        return found
    }
}
