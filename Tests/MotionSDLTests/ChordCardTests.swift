import CSDL2
import Foundation
@testable import Geometry
@testable import MotionSDL
@testable import Scenes
@testable import Songs
import Testing

/// The chord cards in `Resources/chords.png`: real voicings, drawn where the diagram says,
/// and names that fit their cards.
extension SDLTests {
    @Suite struct ChordCardTests {
        struct Sheet {
            var card = (w: 0, h: 0), columns = 0
            var grid = [Int]()
            var voicings: [String: String] = [:]
            var barres: [String: (fret: Int, from: Int, to: Int)] = [:]
        }

        func readSheet() throws -> Sheet {
            var s = Sheet()
            let text = try String(contentsOf: resourcesURL.appendingPathComponent("chords.txt"), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let f = line.split(separator: " ").map(String.init)
                switch f[0] {
                case "card": s.card = (Int(f[1])!, Int(f[2])!)
                case "columns": s.columns = Int(f[1])!
                case "grid": s.grid = f.dropFirst().map { Int($0)! }
                case "voicing": s.voicings[f[1]] = f[2]
                case "barre": s.barres[f[1]] = (Int(f[2])!, Int(f[3])!, Int(f[4])!)
                default: break
                }
            }
            return s
        }

        /// The pitch classes a chord name spells (root + quality), from music theory, not the file.
        func spelled(_ name: String) -> (root: Int, notes: Set<Int>) {
            let roots = ["C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11]
            var root = roots[String(name.prefix(1))]!
            var rest = name.dropFirst()
            if rest.first == "#" { root += 1; rest = rest.dropFirst() } else if rest.first == "b" { root += 11; rest = rest.dropFirst() }
            root %= 12
            let quality: [Int] = switch String(rest) {
            case "": [0, 4, 7]
            case "m": [0, 3, 7]
            case "dim": [0, 3, 6]
            case "7": [0, 4, 7, 10]
            case "m7": [0, 3, 7, 10]
            case "maj7": [0, 4, 7, 11]
            case "sus2": [0, 2, 7]
            case "sus4": [0, 5, 7]
            case "add9": [0, 4, 7, 2]
            default: []
            }
            return (root, Set(quality.map { (root + $0) % 12 }))
        }

        @Test func everyCardIsAStandardVoicingOfItsChordWithTheRootInTheBass() throws {
            let sheet = try readSheet()
            let open = [4, 9, 2, 7, 11, 4]  // E A D G B E
            // The atlas's cards, and more for the cards drawn at run time.
            #expect(Set(sheet.voicings.keys).isSuperset(of: BoardScene.chordNames) && sheet.voicings.count >= 40)
            for name in sheet.voicings.keys.sorted() {
                #expect(!spelled(name).notes.isEmpty, "\(name): a quality the test spells")
                let v = Array(sheet.voicings[name]!)
                #expect(v.count == 6, "\(name)")
                let sounded = v.indices.compactMap { s in v[s].wholeNumberValue.map { (open[s] + $0) % 12 } }
                let expected = spelled(name)
                // Every note sounded is in the chord, and every chord tone sounds but the fifth,
                // which guitarists leave out (C7's x32310).
                let fifth = (expected.root + 7) % 12
                #expect(Set(sounded).isSubset(of: expected.notes), "\(name): \(String(v))")
                #expect(expected.notes.subtracting([fifth]).isSubset(of: Set(sounded)), "\(name): \(String(v))")
                #expect(sounded.first == expected.root, "\(name): the lowest string sounds the root")
                // Playable: within four frets.
                let frets = v.compactMap(\.wholeNumberValue).filter { $0 > 0 }
                #expect((frets.max() ?? 0) - (frets.min() ?? 0) <= 3, "\(name)")
            }
        }

        /// A chord the atlas has no card for, with a voicing in chords.txt: its card, drawn at
        /// run time, has the voicing's dots where the atlas's cards have theirs.
        @Test func aRunTimeCardDrawsItsVoicingsDiagram() throws {
            var doc = SheetDocument.empty
            doc.lines[0].chords = [.init(name: "E7", at: 0)]
            let board = BoardScene(document: doc)
            board.diagrams = ChordDiagrams(parsing: try String(contentsOf: resourcesURL.appendingPathComponent("chords.txt"), encoding: .utf8))
            #expect(board.diagrams.voicing(for: "E7")?.frets == [0, 2, 0, 1, 0, 0])
            #expect(board.diagrams.voicing(for: "F♯m")?.barre?.fret == 2 && board.diagrams.voicing(for: "H7") != nil)
            // A root of two spellings is found by either (a hostile tour found G♯ and D♯ bare
            // though A♭ and E♭ have shapes): the same notes, the same shape.
            for (name, other) in [("G♯m", "Abm"), ("G#", "Ab"), ("D♯", "Eb"), ("D♭", "C#"), ("A#m7", "Bbm7"), ("G♭", "F#"), ("E♭m", "Ebm"),
                                 ("G♯m7", "Abm7"), ("D♯m7", "Ebm7"), ("C♭", "B"), ("F♭m", "Em"), ("E♯", "F"), ("B♯7", "C7")] {
                #expect(board.diagrams.voicing(for: name) != nil && board.diagrams.voicing(for: name) == board.diagrams.voicing(for: other), "\(name)")
            }
            #expect(board.diagrams.voicing(for: "Cadd11") == nil && board.diagrams.voicing(for: "N.C.") == nil)
            let app = try HeadlessApp(scenes: [board], size: Vec2(1280, 720))
            app.frame()
            #expect(board.stripNames.first == "E7")
            let card = board.itemRootFrame(0)
            let k = Vec2(card.width / 64, card.height / 80)
            func dark(string s: Int, fret f: Int) -> Bool {
                let gx: Double = 12 + Double(s) * 8, gy: Double = 38 + (Double(f) - 0.5) * 9
                let x: Double = card.minX + gx * k.x, y: Double = card.minY + gy * k.y
                guard let c = app.platform.readPixel(x: Int32(x), y: Int32(y)) else { return false }
                let sum: Int = Int(c.r) + Int(c.g) + Int(c.b)
                return sum < 250
            }
            // 020100: the A string at the second fret, the G string at the first; nothing else.
            for s in 0..<6 {
                for f in 1...4 {
                    #expect(dark(string: s, fret: f) == ((s == 1 && f == 2) || (s == 3 && f == 1)), "string \(s + 1), fret \(f)")
                }
            }
        }

        /// A card drawn at run time stands as large as the atlas's beside it: its paper inside
        /// the same margin (a visual tour saw the drawn ones 8 pt larger).
        @Test func aDrawnCardsPaperMatchesTheAtlasCards() throws {
            var doc = SheetDocument.empty
            doc.lines[0].chords = [.init(name: "Ebmaj7", at: 0)]
            let board = BoardScene(document: doc)
            let app = try HeadlessApp(scenes: [board], size: Vec2(1280, 720))
            app.frame()
            #expect(Array(board.stripNames.prefix(2)) == ["Ebmaj7", "C"])
            /// The paper's first and last columns along a row of card `i` below its name, from
            /// its frame's edges.
            func paper(_ i: Int) -> (Int, Int) {
                let card = board.itemRootFrame(i), y = Int32(card.minY + 0.8 * card.height)
                let xs = (Int(card.minX)...Int(card.maxX)).filter { x in
                    guard let c = app.platform.readPixel(x: Int32(x), y: y) else { return false }
                    return Int(c.r) + Int(c.g) + Int(c.b) > 650
                }
                return (xs.first.map { $0 - Int(card.minX) } ?? -1, xs.last.map { Int(card.maxX) - $0 } ?? -1)
            }
            let drawn = paper(0), atlas = paper(1)
            #expect(abs(drawn.0 - atlas.0) <= 1 && abs(drawn.1 - atlas.1) <= 1, "drawn \(drawn), atlas \(atlas)")
        }

        /// A shape up the neck names its first fret left of the grid (C♯m's x46654 from the
        /// 4th): without it the diagram would read as an open shape. An open shape has no number.
        @Test func aShapeUpTheNeckNamesItsFirstFret() throws {
            var doc = SheetDocument.empty
            doc.lines[0].chords = [.init(name: "C♯m", at: 0), .init(name: "E7", at: 4), .init(name: "Gm", at: 8)]
            let board = BoardScene(document: doc)
            board.diagrams = ChordDiagrams(parsing: try String(contentsOf: resourcesURL.appendingPathComponent("chords.txt"), encoding: .utf8))
            #expect(board.diagrams.voicing(for: "C♯m")?.baseFret == 4 && board.diagrams.voicing(for: "E7")?.baseFret == 1)
            let app = try HeadlessApp(scenes: [board], size: Vec2(1280, 720))
            app.frame()
            #expect(Array(board.stripNames.prefix(3)) == ["C♯m", "E7", "Gm"])
            /// Dark pixels in the margin left of card `i`'s grid, beside its top fret row (inside
            /// the paper's outline, which stands in the atlas cards' 2-pixel margin).
            func marked(_ i: Int) -> Int {
                let card = board.itemRootFrame(i), k = Vec2(card.width / 64, card.height / 80)
                var n = 0
                for y in Int(card.minY + 37 * k.y)...Int(card.minY + 48 * k.y) {
                    for x in Int(card.minX + 4 * k.x)...Int(card.minX + 10 * k.x) {
                        guard let c = app.platform.readPixel(x: Int32(x), y: Int32(y)) else { continue }
                        if Int(c.r) + Int(c.g) + Int(c.b) < 500 { n += 1 }
                    }
                }
                return n
            }
            #expect(marked(0) >= 6, "C♯m's 4")
            #expect(marked(1) == 0, "E7, an open shape")
            // Gm's barre starts on the low E and its round end reaches left of the grid: its 3
            // stands apart from it, paper between them, along the top fret row's middle.
            let card = board.itemRootFrame(2), k = Vec2(card.width / 64, card.height / 80)
            let y = Int32(card.minY + (38 + 4.5) * k.y)
            let row = (Int(card.minX + k.x)...Int(card.minX + 14 * k.x)).map { x -> Bool in
                guard let c = app.platform.readPixel(x: Int32(x), y: y) else { return false }
                return Int(c.r) + Int(c.g) + Int(c.b) < 500
            }
            let runs = zip(row, row.dropFirst()).filter { !$0 && $1 }.count + (row.first == true ? 1 : 0)
            #expect(runs >= 2, "the 3 and the barre, apart: \(row.map { $0 ? "#" : "." }.joined())")
            // Its paper has the atlas cards' rounded corners: the strip shows at the very corner.
            let corner = try #require(app.platform.readPixel(x: Int32(card.minX) + 1, y: Int32(card.minY) + 1))
            #expect(Int(corner.r) + Int(corner.g) + Int(corner.b) < 400, "paper at the card's corner: \(corner)")
        }

        @Test func theDiagramsDotsAreWhereTheVoicingSaysAndTheNamesFitTheirCards() throws {
            let sheet = try readSheet()
            guard let raw = IMG_Load(resourcesURL.appendingPathComponent("chords.png").path),
                  let surface = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else {
                Issue.record("cannot load chords.png")
                return
            }
            defer { SDL_FreeSurface(surface); SDL_FreeSurface(raw) }
            let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
            let pitch = Int(surface.pointee.pitch)
            func dark(_ x: Double, _ y: Double) -> Bool {
                let p = pixels + Int(y) * pitch + Int(x) * 4
                return Int(p[0]) + Int(p[1]) + Int(p[2]) < 250 && p[3] > 200
            }
            let (gx, gy, gw, gh) = (Double(sheet.grid[0]), Double(sheet.grid[1]), Double(sheet.grid[2]), Double(sheet.grid[3]))
            for (i, name) in BoardScene.chordNames.enumerated() {
                let x0 = Double((i % sheet.columns) * sheet.card.w), y0 = Double((i / sheet.columns) * sheet.card.h)
                let v = Array(sheet.voicings[name]!)
                let barre = sheet.barres[name]
                for s in 0..<6 {
                    // Between the strings' lines: the dot's centre is on the string, so sample it.
                    let x = x0 + gx + Double(s) * gw / 5
                    for fret in 1...4 {
                        let y = y0 + gy + (Double(fret) - 0.5) * gh / 4
                        let barred = barre.map { $0.fret == fret && s >= $0.from && s <= $0.to } ?? false
                        let wanted = v[s].wholeNumberValue == fret || barred
                        #expect(dark(x, y) == wanted, "\(name): string \(s + 1), fret \(fret)")
                    }
                }
                // The title's ink stays inside the card's inner margin (columns 5 and 58 are paper).
                for y in stride(from: y0 + 10, to: y0 + 30, by: 1) {
                    #expect(!dark(x0 + 5, y) && !dark(x0 + Double(sheet.card.w) - 6, y), "\(name)'s name overflows at row \(Int(y - y0))")
                }
            }
        }
    }
}
