/// A BMP file: `info`-byte info header (12 is OS/2's core header), `w`×`h` at `bpp`, with
/// `pixels` bytes of data (all its rows unless given).
public func makeBMP(_ w: Int, _ h: Int, bpp: Int = 32, info: Int = 40, compression: Int = 0, planes: Int = 1,
                    pixels: Int? = nil, offset: Int? = nil) -> [UInt8] {
    func le(_ v: Int, _ n: Int) -> [UInt8] { (0..<n).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
    let row = (w * bpp + 31) / 32 * 4
    let data = [UInt8](repeating: 0x7f, count: pixels ?? row * abs(h))
    var header: [UInt8]
    if info == 12 {
        header = le(12, 4) + le(w, 2) + le(h, 2) + le(planes, 2) + le(bpp, 2)
    } else {
        header = le(info, 4) + le(w, 4) + le(h, 4) + le(planes, 2) + le(bpp, 2) + le(compression, 4) + le(data.count, 4)
        header += [UInt8](repeating: 0, count: info - header.count)
    }
    let start = offset ?? 14 + header.count
    return Array("BM".utf8) + le(14 + header.count + data.count, 4) + le(0, 4) + le(start, 4) + header + data
}

