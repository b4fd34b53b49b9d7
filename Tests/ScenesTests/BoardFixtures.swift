import Engine
import Geometry
import Scenes
import Shell
import Songs
import TestSupport

/// A board in a 1280×720 shell, for the board's suites.
func makeBoard(_ doc: SheetDocument = .empty, size: Vec2 = Vec2(1280, 720)) -> (Shell, BoardScene) {
    shell(with: BoardScene(document: doc), size: size)
}

/// The board's part of the state dump.
func boardDump(_ shell: Shell) -> JSONValue { shell.stateDump(frame: 0, step: 0, droppedTime: 0)["scenes"]!["board"]! }
