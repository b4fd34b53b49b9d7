import Engine
import Foundation

extension DesktopSettings {
    /// The dots per inch believed: anything outside is a broken resource or a bogus size.
    static let plausibleDPI = 24.0...960.0

    /// What an X11 desktop says its dots per inch are: the `Xft.dpi` resource (which GNOME,
    /// KDE and xrdb set, and toolkits scale by), and the screen's resolution as the server
    /// reports it (`xdpyinfo`'s "resolution"; `Xvfb -dpi 192` sets it). Nil when there is no
    /// X display or no library to ask. Why not SDL alone: SDL 2.26 asks XRandR for the
    /// output's size in millimetres, which Xvfb and many virtual or remote displays leave at
    /// zero, and then has no DPI at all.
    ///
    /// libX11 is opened at run time (`dlopen`), so the build needs no X headers and a
    /// Wayland-only machine runs without it. An `Xft.dpi` that is not a number in 24…960 is
    /// said to `warn` and ignored.
    public static func x11DPI(display: String?, warn: (String) -> Void) -> (xft: Double?, screen: Double?)? {
        guard let display, !display.isEmpty, let lib = dlopen("libX11.so.6", RTLD_NOW | RTLD_LOCAL) else { return nil }
        defer { dlclose(lib) }
        typealias Open = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
        typealias Close = @convention(c) (OpaquePointer?) -> Int32
        typealias Screen = @convention(c) (OpaquePointer?) -> Int32
        typealias Measure = @convention(c) (OpaquePointer?, Int32) -> Int32
        typealias Default = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?
        func symbol<T>(_ name: String, as: T.Type) -> T? { dlsym(lib, name).map { unsafeBitCast($0, to: T.self) } }
        guard let open = symbol("XOpenDisplay", as: Open.self), let close = symbol("XCloseDisplay", as: Close.self),
              let screenOf = symbol("XDefaultScreen", as: Screen.self), let width = symbol("XDisplayWidth", as: Measure.self),
              let widthMM = symbol("XDisplayWidthMM", as: Measure.self), let getDefault = symbol("XGetDefault", as: Default.self),
              let dpy = display.withCString({ open($0) }) else { return nil }
        defer { _ = close(dpy) }
        var xft: Double?
        if let raw = getDefault(dpy, "Xft", "dpi") {
            let text = String(cString: raw)
            if let dpi = Double(text.trimmingCharacters(in: .whitespaces)), plausibleDPI.contains(dpi) {
                xft = dpi
            } else {
                warn("Xft.dpi '\(echo(text, limit: 40))' is not a number of dots per inch in 24…960; ignored")
            }
        }
        let screen = screenOf(dpy)
        let pixels = Double(width(dpy, screen)), millimetres = Double(widthMM(dpy, screen))
        let dpi = pixels > 0 && millimetres > 0 ? pixels / (millimetres / 25.4) : .nan
        return (xft, dpi.isFinite && plausibleDPI.contains(dpi) ? dpi : nil)
    }
}
