/// `value` with `digits` decimals, without Foundation's locale (the pieces of
/// `forEachPiece(of:digits:_:)`, joined).
public func format(_ value: Double, _ digits: Int) -> String {
    var s = ""
    forEachPiece(of: value, digits: digits) { s += $0 }
    return s
}

/// `value` written with `digits` decimals (0…15) as pieces of text, most significant first:
/// a sign, each digit and the point are strings made once for the program's life, so a
/// reading written a frame at a time (the HUD's) allocates nothing and each piece is met
/// again in the text caches. Not finite: "-". Too large to write digit by digit (from 10¹⁵
/// scaled by the decimals): Swift's own description, in one piece.
public func forEachPiece(of value: Double, digits: Int, _ body: (String) -> Void) {
    let digits = min(max(digits, 0), 15)
    guard value.isFinite else { return body("-") }
    var p = 1.0
    for _ in 0..<digits { p *= 10 }
    let r = (abs(value) * p).rounded()
    guard r < 1e15 else { return body(String(value)) }
    let n = Int(r), unit = Int(p)
    if value < 0 && n != 0 { body("-") }
    let whole = n / unit, frac = n % unit
    var place = 1
    while place <= whole / 10 { place *= 10 }
    while place > 0 {
        body(decimalDigits[whole / place % 10])
        place /= 10
    }
    guard digits > 0 else { return }
    body(".")
    place = unit / 10
    while place > 0 {
        body(decimalDigits[frac / place % 10])
        place /= 10
    }
}

/// "0" … "9", each made once.
private let decimalDigits = (0...9).map { String($0) }

/// Every piece `forEachPiece(of:digits:_:)` writes for a number it writes digit by digit:
/// the digits, the point and the minus sign (what a reading's text needs shaped up front).
public let numberPieces = decimalDigits + [".", "-"]
