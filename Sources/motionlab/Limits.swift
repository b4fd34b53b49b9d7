import ArgumentParser
import Engine
import MotionSDL
import Paths
import Scenes
import Songs

/// `motionlab limits`: every bound on input, as docs/command-line.md lists it (a test keeps
/// the two together). Past any of them the program exits 2 and names the limit.
struct Limits: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the limits on every input (Markdown), as docs/command-line.md lists them.")

    static var table: [(name: String, value: String, what: String)] {
        [
            ("PathLimits.maxCoordinate", "±\(Int(PathLimits.maxCoordinate))", "any SVG path coordinate, absolute (relative moves added up)"),
            ("PathLimits.maxSegments", "\(PathLimits.maxSegments)", "commands in one path, each moveto and each repeat of a command counted"),
            ("SampleTable.minSpacing", "\(SampleTable.minSpacing) pt", "the smallest sample spacing (a smaller one is refused, named)"),
            ("SampleTable.maxSamples", "\(SampleTable.maxSamples)", "samples of one path at its spacing (about 800 MB); the message gives the spacing that fits"),
            ("maxPathFileBytes", "\(maxPathFileBytes >> 20) MiB", "a --path-file"),
            ("SVGDocument.maxDepth", "\(SVGDocument.maxDepth)", "elements nested in a --path-file's SVG document"),
            ("SVGDocument.maxElements", "\(SVGDocument.maxElements)", "elements in a --path-file's SVG document (no entity is expanded)"),
            ("SpringCalculator.maxTimes", "\(SpringCalculator.maxTimes)", "times in one motionlab spring --at"),
            ("InputScript.maxBytes", "\(InputScript.maxBytes >> 20) MiB", "a --script or soak --replay file"),
            ("InputScript.maxFrame", "\(InputScript.maxFrame)", "a script event's frame, and play's --frames"),
            ("InputLimits.maxPointerCoordinate", "±\(Int(InputLimits.maxPointerCoordinate)) pt", "a pointer's x and y (a script refuses more; the frame driver clamps the platform's)"),
            ("InputLimits.maxWheel", "±\(Int(InputLimits.maxWheel)) pt", "one wheel event's dx and dy"),
            ("InputLimits.maxWindowSide", "1…\(Int(InputLimits.maxWindowSide)) pt", "a scripted resize (--size takes 64…16384)"),
            ("InputLimits.maxWindowPixels", "\(Int(InputLimits.maxWindowPixels)) pt²", "a window's area (--size, a scripted resize, bench): a larger resize is scaled down to it"),
            ("InputLimits.maxPointers", "\(InputLimits.maxPointers)", "pointers (mouse and fingers) down at once; a press past it is ignored until one lifts"),
            ("InputLimits.maxHitch", "\(Int(InputLimits.maxHitch)) s", "a scripted hitch"),
            ("DrawnPath.maxLengthInDiagonals", "\(Int(DrawnPath.maxLengthInDiagonals))", "a path's length over the diagonal of the area it is shown in (each frame draws all of it): refused at the start and by the editor; a path a resize makes longer is shown smaller, at the limit"),
            ("PathScene.maxEditableAnchors", "\(PathScene.maxEditableAnchors)", "anchors of a custom path the editor takes (past it edit mode is refused and the status line says so)"),
            ("InputLimits.maxTextBytes", "\(InputLimits.maxTextBytes >> 10) KiB", "UTF-8 of one text event, typed, pasted or composed (a longer one is cut at a character)"),
            ("TextField.maxCharacters", "\(TextField.maxCharacters)", "characters of one lyric line (typing, a paste or joining two lines stops there and says so)"),
            ("SheetDocument.maxLines", "\(SheetDocument.maxLines)", "lines in the board's sheet"),
            ("SheetDocument.maxChordsPerLine", "\(SheetDocument.maxChordsPerLine)", "chords on one line of the sheet (a drop past it is sent back)"),
            ("SheetDocument.maxChordX", "±\(Int(SheetDocument.maxChordX)) pt", "a placed chord's x in the sheet file"),
            ("BitmapFont.maxMetricsBytes", "\(BitmapFont.maxMetricsBytes >> 20) MiB", "the font metrics file (font.txt)"),
            ("BitmapFont.cellSizeRange", "\(BitmapFont.cellSizeRange.lowerBound)…\(BitmapFont.cellSizeRange.upperBound) px", "the font cell's width and height"),
            ("BitmapFont.columnsRange", "\(BitmapFont.columnsRange.lowerBound)…\(BitmapFont.columnsRange.upperBound)", "the font atlas's columns"),
            ("BitmapFont.maxGlyphs", "\(BitmapFont.maxGlyphs)", "glyphs on the font's chars line"),
            ("FontShaper.maxFontBytes", "\(FontShaper.maxFontBytes >> 20) MiB", "the font file text is shaped from (--font)"),
            ("FontShaper.maxShapedBytes", "\(FontShaper.maxShapedBytes >> 10) KiB", "UTF-8 of one line shaped (the rest of a longer line is not drawn; every line typing makes fits)"),
            ("FontShaper.maxRasterSize", "\(Int(FontShaper.maxRasterSize)) px", "pixels per em glyphs are rasterised at (larger text draws them scaled)"),
            ("GlyphAtlas.maxPages × pageSide", "\(GlyphAtlas.maxPages) × \(GlyphAtlas.pageSide)² px", "glyphs kept at the sizes shown; a glyph past them is drawn as a box"),
            ("BounceScene.maxBalls", "\(BounceScene.maxBalls)", "balls in the bounce scene; an add past it is refused and the status line says so"),
            ("DrawList.maxCoordinate", "±\(Int(DrawList.maxCoordinate)) pt", "a vertex handed to SDL; a triangle past it (or not finite) is left out"),
            ("DocumentFile.maxBytes", "\(DocumentFile.maxBytes >> 20) MiB", "the board's sheet or song file (a larger one is reported and left alone; a save that would be larger is refused)"),
            ("SongLibrary.maxNameLength", "\(SongLibrary.maxNameLength) characters, 200 bytes", "a song's name"),
            ("ChordPro.maxBytes", "\(ChordPro.maxBytes >> 20) MiB", "a ChordPro file imported (song import, a file dropped on the board)"),
            ("ChordPro.maxLineBytes", "\(ChordPro.maxLineBytes >> 10) KiB", "one line of a ChordPro file imported"),
            ("Bench.maxEntities", "\(Bench.maxEntities)", "bench --followers, --tweens and --sprites added up (a million tweens is about 0.93 GB)"),
            ("Bench.maxFrames", "\(Bench.maxFrames)", "bench --frames × --repeat, and --warmup"),
            ("Bench.maxRepeat", "\(Bench.maxRepeat)", "bench --repeat"),
            ("BenchCompare.maxReportBytes", "\(BenchCompare.maxReportBytes >> 20) MiB", "a report bench compare reads"),
            ("Platform.maxImageBytes", "\(Platform.maxImageBytes >> 20) MiB", "an image file (the resources' PNGs and BMP, bench --sprite)"),
            ("BMPHeader.maxPixels", "\(BMPHeader.maxPixels)", "pixels an image's header may declare (4096×4096), checked before it is decoded"),
            ("Soak.maxMinutes", "\(Int(Soak.maxMinutes))", "soak --minutes"),
            ("--spacing", "0.05…100 pt", "play's sample spacing (motionlab path takes SampleTable.minSpacing or more, within SampleTable.maxSamples)"),
            ("--hz", "[1, 1000]", "steps per second"),
            ("--frame-dt", "(0, 1] s", "the virtual clock's frame time"),
            ("--bands, --band-threads", "1…64", "software-renderer bands and their threads"),
        ]
    }

    static var markdown: String {
        var out = "| Limit | Value | On |\n| --- | --- | --- |\n"
        for row in table { out += "| `\(row.name)` | \(row.value) | \(row.what) |\n" }
        return out
    }

    func run() throws { StandardStream.output.write(Self.markdown) }
}
