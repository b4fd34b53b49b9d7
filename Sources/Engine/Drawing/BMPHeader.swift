/// What a BMP file says about itself, read and checked before any decoder allocates for it.
///
/// Why: SDL's BMP reader allocates the whole surface its header declares before it finds
/// the data is short, so a 4 MB file declaring 16384×16384 pixels took over a gigabyte,
/// and a broken file was only "SDL cannot start". Here the header is read by hand — the
/// file header, then the info header (OS/2 core, or Windows' 40 to 124 bytes) — and checked:
/// a known header size and bit depth, one plane, a known compression, a positive size whose
/// pixels fit `maxPixels`, and, for uncompressed data, rows that the file really holds.
public struct BMPHeader: Equatable, Sendable {
    /// Pixels across.
    public var width: Int
    /// Pixels down (the header's sign says top-down or bottom-up; this is its size).
    public var height: Int
    /// Bits per pixel: 1, 4, 8, 16, 24 or 32.
    public var bitsPerPixel: Int
    /// The compression field: 0 none, 1 RLE8, 2 RLE4, 3 bit fields, 6 bit fields with alpha.
    public var compression: Int

    /// Why a file is not a BMP this program reads.
    public struct Problem: Error, Equatable, CustomStringConvertible, Sendable {
        /// What is wrong, in words (the file's name is the caller's to add).
        public let description: String
        /// A problem that says `description`.
        public init(_ description: String) { self.description = description }
    }

    /// The most pixels an image may have (4096×4096): each is kept as a surface, a texture
    /// and a mask copy of four bytes a pixel.
    public static let maxPixels = 4096 * 4096

    /// A header of these values (for tests and tools; files go through `init(_:)`).
    public init(width: Int, height: Int, bitsPerPixel: Int, compression: Int) {
        (self.width, self.height, self.bitsPerPixel, self.compression) = (width, height, bitsPerPixel, compression)
    }

    /// Reads and checks the header of `bytes`, the whole file.
    public init(_ bytes: [UInt8]) throws(Problem) {
        func u16(_ o: Int) -> Int { Int(bytes[o]) | Int(bytes[o + 1]) << 8 }
        func u32(_ o: Int) -> Int { u16(o) | u16(o + 2) << 16 }
        func i32(_ o: Int) -> Int { Int(Int32(truncatingIfNeeded: u32(o))) }
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "B"), bytes[1] == UInt8(ascii: "M") else {
            throw Problem("not a BMP image (it does not start with \"BM\")\(Self.otherKind(bytes))")
        }
        guard bytes.count >= 26 else { throw Problem("a BMP cut short: \(bytes.count) bytes, less than its headers") }
        let dataOffset = u32(10), infoSize = u32(14)
        guard [12, 40, 52, 56, 64, 108, 124].contains(infoSize) else {
            throw Problem("a BMP with an info header of \(infoSize) bytes, which no BMP version has")
        }
        guard bytes.count >= 14 + infoSize else {
            throw Problem("a BMP cut short: \(bytes.count) bytes, less than its \(infoSize)-byte info header")
        }
        let planes: Int, declaredHeight: Int
        if infoSize == 12 {
            (width, declaredHeight, planes, bitsPerPixel, compression) = (u16(18), u16(20), u16(22), u16(24), 0)
        } else {
            (width, declaredHeight, planes, bitsPerPixel) = (i32(18), i32(22), u16(26), u16(28))
            compression = u32(30)
        }
        height = abs(declaredHeight)
        guard planes == 1 else { throw Problem("a BMP with \(planes) colour planes (only 1 exists)") }
        guard [1, 4, 8, 16, 24, 32].contains(bitsPerPixel) else {
            throw Problem("a BMP of \(bitsPerPixel) bits per pixel (1, 4, 8, 16, 24 or 32 are read)")
        }
        guard [0, 1, 2, 3, 6].contains(compression) else {
            throw Problem("a BMP compressed as \(compression) (JPEG or PNG inside a BMP, or unknown); not read")
        }
        guard width > 0, height > 0 else { throw Problem("a BMP of \(width)×\(declaredHeight) pixels: no picture") }
        guard width <= Self.maxPixels, height <= Self.maxPixels, width * height <= Self.maxPixels else {
            throw Problem("a BMP of \(width)×\(height) pixels, more than the limit of \(Self.maxPixels) (BMPHeader.maxPixels)")
        }
        guard dataOffset >= 14 + infoSize, dataOffset < bytes.count else {
            throw Problem("a BMP whose pixels would start at byte \(dataOffset), outside its \(bytes.count) bytes")
        }
        // Uncompressed rows are padded to four bytes; the file must hold all of them.
        if compression == 0 || compression == 3 || compression == 6 {
            let row = (width * bitsPerPixel + 31) / 32 * 4
            guard row * height <= bytes.count - dataOffset else {
                throw Problem("a BMP cut short: \(width)×\(height) at \(bitsPerPixel) bits needs \(row * height) bytes of pixels, the file holds \(bytes.count - dataOffset)")
            }
        }
    }

    /// "; it is a PNG" and the like, for a picture of another kind than expected (or "").
    public static func otherKind(_ b: [UInt8]) -> String {
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "; it is a PNG" }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return "; it is a JPEG" }
        if b.starts(with: Array("GIF8".utf8)) { return "; it is a GIF" }
        if b.count >= 12, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) { return "; it is a WebP" }
        return ""
    }
}
