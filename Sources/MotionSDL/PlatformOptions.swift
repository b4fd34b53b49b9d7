import Engine
import Foundation
import Geometry

/// How to open the platform.
public struct PlatformOptions: Sendable {
    /// The window's size in points: 1280×720 unless set. Each side is clamped to
    /// `InputLimits.maxWindowSide`, then, past `InputLimits.maxWindowPixels`, both sides are
    /// scaled alike.
    public var size = Vec2(1280, 720)
    /// Every size meant for eyes and fingers is multiplied by this (0.5…4): the window's
    /// points are its SDL size divided by it, so the app lays out for a smaller window and
    /// draws it at this many pixels per point (times the display's own density).
    /// nil: from the display's DPI (`SDL_GetDisplayDPI`, 96 dpi = 1, in steps of 0.25, at
    /// least 1), for a window whose user named none (`DesktopSettings.uiScale`).
    public var uiScale: Double? = 1
    /// Start in fullscreen (desktop mode); F11 toggles it.
    public var fullscreen = false
    /// The window's title: "MotionLab" unless set.
    public var title = "MotionLab"
    /// No display: SDL's offscreen or dummy video driver, hidden window, and gamepad events
    /// let through without keyboard focus (which a hidden window never has).
    public var headless = false
    /// The smallest window, in points, the layout is made for: a window is not resized
    /// smaller (`Platform.keepMinimumSize`).
    public static let minimumPoints = Vec2(480, 320)
    /// The video driver to force (`dummy`, `offscreen`, `x11`, …); nil lets SDL choose
    /// (headless runs default to `dummy`).
    public var videoDriver: String?
    /// SDL's render driver name (`software`, `opengl`, …); headless runs default to software.
    public var renderer: String?
    /// Whether presenting waits for the display's vertical sync: true unless set. Ignored
    /// when `headless`, or when `renderer` is `software`.
    public var vsync = true
    /// Where the textures live.
    public var resources: URL
    /// The images to load, by the ids draw lists name them with.
    public var textures: TextureCatalog
    /// The font file text is drawn with (nil: `ResourceFolder.fontFile` in `resources`).
    public var fontFile: String?
    /// BMP files to load instead of the resources' textures (the benchmark draws
    /// testsprite2's own icon this way). An image without an alpha channel gets its top-left
    /// pixel's colour as the transparent colour, the rule SDL's test programs use.
    public var textureFiles: [TextureID: String] = [:]
    /// With SDL's software renderer, draw each frame in this many horizontal bands, several
    /// at once (`RenderBands`); 1 draws on this thread alone. Other renderers, and windows
    /// whose scale is not a whole number of pixels per point, ignore it.
    public var bands = 1
    /// With bands: try frames in bands and on this thread alone in turns, and keep the
    /// faster (`BandChoice`), trying again when the work changes; false always draws in bands.
    public var chooseBands = false
    /// How many threads draw the bands (this one included); nil: one per processor this
    /// process may use (`UsableProcessors`).
    public var bandThreads: Int?
    /// With SDL's software renderer, draw the image copies it would make 1:1 with our own
    /// compositor (`Compositor`: the same pixels, several times faster); false leaves
    /// everything to SDL's renderer, the reference.
    public var ownCompositor = true
    /// With SDL's software renderer, redraw only what changed since the last frame
    /// (`FrameDamage`); false redraws every frame whole.
    public var redrawChangesOnly = true
    /// The compositor's inner loop (`Compositor.Kernel`): C by default, Swift the reference.
    package var compositorKernel = Compositor.Kernel.c

    /// Options with the defaults above, loading `textures` from the folder `resources`.
    public init(resources: URL, textures: TextureCatalog) {
        self.resources = resources
        self.textures = textures
    }
}
