/// What an image file says about itself — its kind and size — read and checked before any
/// decoder allocates for it (`BMPHeader` for BMPs; a PNG's IHDR; a JPEG's start of frame).
///
/// The platform reads PNG and JPEG through SDL2_image and BMP through SDL; each decoder
/// allocates the whole picture its header declares before it finds the data short, so the
/// size is checked here first against `BMPHeader.maxPixels`.
public struct ImageHeader: Equatable, Sendable {
    /// The kinds of image read.
    public enum Kind: String, Sendable {
        /// A Windows or OS/2 bitmap, read by SDL.
        case bmp = "BMP"
        /// A PNG, read by SDL2_image.
        case png = "PNG"
        /// A JPEG, read by SDL2_image.
        case jpeg = "JPEG"
    }
    /// The file's kind, from its first bytes (never its name).
    public var kind: Kind
    /// Pixels across and down.
    public var width: Int, height: Int

    /// A header of these values (for tests and tools; files go through `init(_:)`).
    public init(kind: Kind, width: Int, height: Int) { (self.kind, self.width, self.height) = (kind, width, height) }

    /// Reads and checks the header of `bytes`, the whole file.
    public init(_ bytes: [UInt8]) throws(BMPHeader.Problem) {
        if bytes.starts(with: [0x42, 0x4D]) {
            let h = try BMPHeader(bytes)
            (kind, width, height) = (.bmp, h.width, h.height)
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            (kind, width, height) = try (.png, Self.pngSize(bytes).0, Self.pngSize(bytes).1)
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            (kind, width, height) = try (.jpeg, Self.jpegSize(bytes).0, Self.jpegSize(bytes).1)
        } else {
            throw BMPHeader.Problem("not an image this program reads (PNG, JPEG or BMP)\(BMPHeader.otherKind(bytes))")
        }
        guard width > 0, height > 0 else { throw BMPHeader.Problem("a \(kind.rawValue) of \(width)×\(height) pixels: no picture") }
        guard width <= BMPHeader.maxPixels, height <= BMPHeader.maxPixels, width * height <= BMPHeader.maxPixels else {
            throw BMPHeader.Problem("a \(kind.rawValue) of \(width)×\(height) pixels, more than the limit of \(BMPHeader.maxPixels) (BMPHeader.maxPixels)")
        }
    }

    private static func u32be(_ b: [UInt8], _ o: Int) -> Int {
        Int(b[o]) << 24 | Int(b[o + 1]) << 16 | Int(b[o + 2]) << 8 | Int(b[o + 3])
    }

    /// A PNG's size from its first chunk, which must be IHDR.
    private static func pngSize(_ b: [UInt8]) throws(BMPHeader.Problem) -> (Int, Int) {
        guard b.count >= 33, Array(b[12..<16]) == Array("IHDR".utf8), u32be(b, 8) == 13 else {
            throw BMPHeader.Problem("a PNG cut short or without its IHDR chunk first (\(b.count) bytes)")
        }
        return (u32be(b, 16), u32be(b, 20))
    }

    /// A JPEG's size from its first start-of-frame marker (SOF0…SOF15 but DHT, JPG, DAC).
    private static func jpegSize(_ b: [UInt8]) throws(BMPHeader.Problem) -> (Int, Int) {
        var i = 2
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { throw BMPHeader.Problem("a JPEG whose markers break off at byte \(i)") }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard length >= 2 else { throw BMPHeader.Problem("a JPEG segment of length \(length) at byte \(i)") }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard i + 9 <= b.count else { break }
                return (Int(b[i + 7]) << 8 | Int(b[i + 8]), Int(b[i + 5]) << 8 | Int(b[i + 6]))
            }
            if marker == 0xD9 || marker == 0xDA { break }
            i += 2 + length
        }
        throw BMPHeader.Problem("a JPEG cut short or without a frame header (\(b.count) bytes)")
    }
}
