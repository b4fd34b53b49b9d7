/// A texture the draw list can name. 0 is "no texture" (flat colour); the others are the
/// ids registered in a `TextureCatalog`.
public struct TextureID: Hashable, Sendable {
    /// The id's number: 0 for none, else as registered.
    public let raw: Int32
    /// The texture numbered `raw`.
    @inlinable public init(raw: Int32) { self.raw = raw }
    /// No texture: triangles filled with their vertices' colour.
    public static let none = TextureID(raw: 0)
    /// The bitmap font's atlas (`BitmapFont`), the one image the engine's own drawing (the
    /// shell's chrome, a scene's labels) names: `TextureCatalog.withFont` registers it.
    @inlinable public static var font: TextureID { TextureID(raw: 1) }
}

/// The images a run draws, each under the id its draw lists name it by.
///
/// The engine names one image of its own, the font's atlas (`TextureID.font`, in
/// `withFont`); whoever draws another registers its file under an id, and the platform
/// loads every registered image, in the order registered, before the first frame. Draw
/// lists only ever carry the ids.
public struct TextureCatalog: Sendable {
    /// One registered image.
    public struct Entry: Sendable, Equatable {
        /// The id draw lists name it by.
        public var id: TextureID
        /// The image's file name in the resources folder.
        public var file: String
        /// The file to load instead on a display of 1.5 pixels per point or more (nil: `file`
        /// on every display).
        public var highDensityFile: String?
    }

    /// The images, in the order they were registered.
    public private(set) var entries: [Entry] = []

    /// An empty catalogue.
    public init() {}

    /// A catalogue of the font's atlases alone: `font-1x.png`, and `font-2x.png` drawn at
    /// twice the size for displays of 1.5 pixels per point or more. Add an app's images to it.
    public static var withFont: TextureCatalog {
        var c = TextureCatalog()
        c.register(.font, file: "font-1x.png", highDensityFile: "font-2x.png")
        return c
    }

    /// Registers `file` as the image drawn for `id` (not `.none`, and not registered before).
    public mutating func register(_ id: TextureID, file: String, highDensityFile: String? = nil) {
        precondition(id != .none, "TextureID.none is flat colour, not an image")
        precondition(!entries.contains { $0.id == id }, "texture id \(id.raw) registered twice")
        entries.append(Entry(id: id, file: file, highDensityFile: highDensityFile))
    }

    /// The largest registered id, 0 if none (the platform keeps its textures by id).
    public var maxID: Int { entries.map { Int($0.id.raw) }.max() ?? 0 }
}
