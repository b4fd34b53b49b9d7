/// `value` with `digits` decimals, without Foundation's locale.
public func format(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "-" }
    var p = 1.0
    for _ in 0..<digits { p *= 10 }
    let r = (abs(value) * p).rounded()
    let whole = Int(r / p), frac = Int(r) % Int(p)
    let sign = value < 0 && r != 0 ? "-" : ""
    if digits == 0 { return "\(sign)\(whole)" }
    let f = String(frac)
    return "\(sign)\(whole).\(String(repeating: "0", count: digits - f.count))\(f)"
}
