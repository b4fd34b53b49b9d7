import CSDL2
import Engine
import Foundation
import Geometry
@testable import MotionSDL
import Scenes
import Shell
import Songs
import Testing

/// Every SDL-touching test lives in an extension of this suite, so that they run one at a
/// time (SDL's state is process-wide) while the core tests run in parallel.
@Suite(.serialized) struct SDLTests {}

let resourcesURL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Resources")

/// A headless platform (dummy video driver, software renderer) with the shell on top, run
/// frame by frame by the app's frame driver on its virtual clock.
final class HeadlessApp {
    let platform: Platform
    let shell: Shell
    let driver: FrameDriver
    /// Every event the shell was handed, in order.
    var log: [InputEvent] = []
    var list: DrawList { driver.list }

    init(scenes: [any Scene], size: Vec2 = Vec2(640, 480), uiScale: Double = 1) throws {
        var options = PlatformOptions(resources: resourcesURL, textures: Textures.catalog)
        options.headless = true
        options.size = size
        options.uiScale = uiScale
        platform = try Platform(options: options)
        let metrics = try String(contentsOf: resourcesURL.appendingPathComponent("font.txt"), encoding: .utf8)
        shell = Shell(scenes: scenes, size: platform.windowSize, font: try BitmapFont(metrics: metrics, texture: Textures.font))
        driver = FrameDriver(platform: platform, content: shell, hz: 120, virtualFrameTime: 1.0 / 60.0)
    }

    /// Polls SDL, steps one 1/60 s frame and renders it (without presenting, so pixels can be read).
    func frame() {
        driver.prepareFrame()
        log += driver.events
    }

    func push(_ e: SDL_Event) {
        var e = e
        #expect(SDL_PushEvent(&e) == 1)
    }
}

/// The pixels of a 320×240 frame of `list`, drawn as a running app draws it: a first frame,
/// presented, then (if the window was opened at another size) a resize to 320×240, then the
/// frame that is read. `scale`, if given, is set on the renderer before each frame (a
/// resize resets it).
/// A headless 320×240 platform with the catalogue's textures, its options first adjusted by
/// `configure`.
func headlessPlatform(_ configure: (inout PlatformOptions) -> Void = { _ in }) throws -> Platform {
    var options = PlatformOptions(resources: resourcesURL, textures: Textures.catalog)
    options.headless = true
    options.size = Vec2(320, 240)
    configure(&options)
    return try Platform(options: options)
}

func secondFramePixels(_ platform: Platform, drawing list: DrawList, scale: Float? = nil) -> [UInt32] {
    func setScale() { if let scale { SDL_RenderSetScale(platform.renderer, scale, scale) } }
    setScale()
    platform.render(list)
    platform.present()
    if platform.windowSize != Vec2(320, 240) {
        platform.setWindowSize(w: 320, h: 240)
        var events: [InputEvent] = []
        platform.poll(into: &events)
        #expect(platform.windowSize == Vec2(320, 240))
        setScale()
    }
    platform.render(list)
    var out = [UInt32](repeating: 0, count: 320 * 240)
    #expect(SDL_RenderReadPixels(platform.renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, &out, 320 * 4) == 0)
    return out
}

func fingerEvent(_ type: SDL_EventType, finger: Int64, x: Float, y: Float, touch: Int64 = 77) -> SDL_Event {
    var e = SDL_Event()
    e.type = type.rawValue
    e.tfinger.touchId = touch
    e.tfinger.fingerId = finger
    e.tfinger.x = x
    e.tfinger.y = y
    e.tfinger.pressure = 1
    return e
}

/// A window event of `platform`'s window, as SDL would queue it (`event`: focus lost, close, …).
func windowEvent(_ event: SDL_WindowEventID, of platform: Platform) -> SDL_Event {
    var e = SDL_Event()
    e.type = SDL_WINDOWEVENT.rawValue
    e.window.windowID = SDL_GetWindowID(platform.window)
    e.window.event = UInt8(event.rawValue)
    return e
}

func mouseButtonEvent(_ type: SDL_EventType, x: Int32, y: Int32, which: UInt32 = 0, window: UInt32) -> SDL_Event {
    var e = SDL_Event()
    e.type = type.rawValue
    e.button.windowID = window
    e.button.which = which
    e.button.button = UInt8(SDL_BUTTON_LEFT)
    e.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
    e.button.clicks = 1
    e.button.x = x
    e.button.y = y
    return e
}

/// A virtual game controller attached through SDL's virtual joystick API.
final class VirtualPad {
    let deviceIndex: Int32
    let joystick: OpaquePointer

    init() throws {
        var desc = SDL_VirtualJoystickDesc()
        desc.version = UInt16(SDL_VIRTUAL_JOYSTICK_DESC_VERSION)
        desc.type = UInt16(SDL_JOYSTICK_TYPE_GAMECONTROLLER.rawValue)
        desc.naxes = UInt16(SDL_CONTROLLER_AXIS_MAX.rawValue)
        desc.nbuttons = UInt16(SDL_CONTROLLER_BUTTON_MAX.rawValue)
        deviceIndex = SDL_JoystickAttachVirtualEx(&desc)
        guard deviceIndex >= 0 else { throw SDLError("SDL_JoystickAttachVirtualEx") }
        guard let j = SDL_JoystickOpen(deviceIndex) else { throw SDLError("SDL_JoystickOpen") }
        joystick = j
    }

    var instanceID: Int { Int(SDL_JoystickInstanceID(joystick)) }

    func setAxis(_ axis: SDL_GameControllerAxis, _ value: Int16) {
        SDL_JoystickSetVirtualAxis(joystick, axis.rawValue, value)
    }

    func setButton(_ button: SDL_GameControllerButton, _ down: Bool) {
        SDL_JoystickSetVirtualButton(joystick, button.rawValue, down ? 1 : 0)
    }

    func detach() {
        SDL_JoystickClose(joystick)
        SDL_JoystickDetachVirtual(deviceIndex)
    }
}

/// The app as `play` runs it, headless: every scene (or the stress scene alone) under the
/// shell with `scene` selected, on a platform of the catalogue's textures and the bundled
/// font whose options `configure` sets, and the scene's docs script (none for the stress
/// scene).
func headlessApp(_ scene: String, configure: (inout PlatformOptions) -> Void) throws -> (Platform, Shell, [ScriptedEvent]) {
    var options = PlatformOptions(resources: resourcesURL, textures: Textures.catalog)
    options.headless = true
    configure(&options)
    let platform = try Platform(options: options)
    let font = try ResourceFolder.font(in: resourcesURL, on: platform) { Issue.record("\($0)") }
    let scenes: [any Scene] = scene == "stress" ? [StressScene(options: StressScene.Options())] : SceneRegistry.makeAll(SceneOptions())
    for case let board as BoardScene in scenes {
        board.diagrams = ChordDiagrams(parsing: try String(contentsOf: resourcesURL.appendingPathComponent("chords.txt"), encoding: .utf8))
    }
    let shell = Shell(scenes: scenes, size: platform.windowSize, font: font)
    #expect(shell.select(sceneNamed: scene))
    let docs = resourcesURL.deletingLastPathComponent().appendingPathComponent("docs/scripts/\(scene).jsonl")
    let script = scene == "stress" ? [] : try InputScript.parse(try String(contentsOf: docs, encoding: .utf8))
    return (platform, shell, script)
}
