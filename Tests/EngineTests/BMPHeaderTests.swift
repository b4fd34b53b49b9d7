import Engine
import TestSupport
import Testing

/// A BMP's header is read and checked before any decoder allocates what it declares.
@Suite struct BMPHeaderTests {
    @Test func theHeadersEveryBMPVersionWritesAreRead() throws {
        #expect(try BMPHeader(makeBMP(3, 2)) == BMPHeader(width: 3, height: 2, bitsPerPixel: 32, compression: 0))
        #expect(try BMPHeader(makeBMP(3, -2, bpp: 24)).height == 2)
        #expect(try BMPHeader(makeBMP(5, 4, bpp: 8, info: 12)).width == 5)
        #expect(try BMPHeader(makeBMP(2, 2, info: 124, compression: 3)).compression == 3)
        #expect(try BMPHeader(makeBMP(7, 3, bpp: 1)).bitsPerPixel == 1)
    }

    @Test(arguments: [
        (makeBMP(16384, 16384, pixels: 4 << 20), "16384×16384 pixels, more than the limit"),
        (makeBMP(20000, 20000, pixels: 64), "more than the limit of 16777216 (BMPHeader.maxPixels)"),
        (makeBMP(100, 100, pixels: 1000), "a BMP cut short: 100×100 at 32 bits needs 40000 bytes of pixels, the file holds 1000"),
        (makeBMP(2, 2, bpp: 0), "0 bits per pixel"),
        (makeBMP(2, 2, bpp: 64), "64 bits per pixel"),
        (makeBMP(2, 2, offset: 1 << 20), "would start at byte 1048576, outside its"),
        (makeBMP(2, 2, planes: 3), "3 colour planes"),
        (makeBMP(2, 2, compression: 4), "compressed as 4 (JPEG or PNG inside a BMP"),
        (makeBMP(0, 2), "0×2 pixels: no picture"),
        (makeBMP(2, 2, info: 41), "an info header of 41 bytes"),
        (Array(makeBMP(2, 2).prefix(20)), "a BMP cut short: 20 bytes"),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 40), "not a BMP image (it does not start with \"BM\"); it is a PNG"),
        ([], "not a BMP image"),
    ])
    func aBrokenOrHugeHeaderIsRefusedBeforeAnythingIsAllocated(bytes: [UInt8], message: String) {
        #expect {
            try BMPHeader(bytes)
        } throws: { error in
            (error as? BMPHeader.Problem)?.description.contains(message) == true
        }
    }
}

/// PNG and JPEG headers: the size read from IHDR and from the first frame header.
@Suite struct ImageHeaderTests {
    static func be(_ v: Int, _ n: Int) -> [UInt8] { (0..<n).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }

    @Test func aPNGsAndAJPEGsSizeAreReadFromTheirHeadersAndBMPsThroughBMPHeader() throws {
        let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Self.be(13, 4) + Array("IHDR".utf8) + Self.be(640, 4) + Self.be(480, 4) + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
        #expect(try ImageHeader(png) == ImageHeader(kind: .png, width: 640, height: 480))
        // SOI, an APP0 segment to skip, then SOF2 (progressive): height 300, width 200.
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Self.be(16, 2) + [UInt8](repeating: 0, count: 14)
            + [0xFF, 0xC2] + Self.be(17, 2) + [8] + Self.be(300, 2) + Self.be(200, 2) + [3] + [UInt8](repeating: 0, count: 9)
        #expect(try ImageHeader(jpeg) == ImageHeader(kind: .jpeg, width: 200, height: 300))
        #expect(try ImageHeader(makeBMP(3, 2)) == ImageHeader(kind: .bmp, width: 3, height: 2))
        // A huge declared PNG is refused before any decoder sees it.
        let huge = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Self.be(13, 4) + Array("IHDR".utf8) + Self.be(20000, 4) + Self.be(20000, 4) + [8, 6, 0, 0, 0]
        #expect(throws: BMPHeader.Problem.self) { try ImageHeader(huge) }
        #expect(throws: BMPHeader.Problem.self) { try ImageHeader(Array("GIF89a".utf8)) }
    }
}
