import CSDL2

/// Where the window stands on the desktop and how large it is, in window units: the
/// arithmetic of `Platform.keepMinimumSize`, apart from SDL's calls so that it is tested
/// without a window manager.
struct WindowPlacement: Equatable {
    var x: Int32, y: Int32, w: Int32, h: Int32

    /// The window manager's frame around the window (title bar on top), 0 while unknown.
    struct Frame: Equatable {
        var top: Int32 = 0, left: Int32 = 0, bottom: Int32 = 0, right: Int32 = 0
    }

    /// The smallest size a person may make the window: `points` at the UI scale, rounded up,
    /// or the usable area less the frame where that is smaller (and at least 1×1).
    static func minimumSize(points: (w: Double, h: Double), uiScale: Double, usable: SDL_Rect?, frame: Frame) -> (w: Int32, h: Int32) {
        var w = (points.w * uiScale).rounded(.up), h = (points.h * uiScale).rounded(.up)
        if let usable {
            w = min(w, Double(max(1, usable.w - frame.left - frame.right)))
            h = min(h, Double(max(1, usable.h - frame.top - frame.bottom)))
        }
        return (Int32(w), Int32(h))
    }

    /// This window kept in `usable` with its `frame`: with `fit`, no larger than the area less
    /// the frame (nor under `minimum`); then moved so that the frame is inside the area, or,
    /// where the window is larger, so that its top left corner (its tabs) is.
    func kept(in usable: SDL_Rect, frame: Frame, minimum: (w: Int32, h: Int32), fit: Bool) -> WindowPlacement {
        var p = self
        if fit {
            p.w = min(w, max(minimum.w, usable.w - frame.left - frame.right))
            p.h = min(h, max(minimum.h, usable.h - frame.top - frame.bottom))
        }
        p.x = max(usable.x + frame.left, min(x, usable.x + usable.w - frame.right - p.w))
        p.y = max(usable.y + frame.top, min(y, usable.y + usable.h - frame.bottom - p.h))
        return p
    }
}
