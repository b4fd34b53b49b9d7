// MotionLab's platform over SDL2 as one import: a window (or none, headless), events,
// textures and drawing, files on disk, and `App`, which runs a scene with the conventions
// of `motionlab play` (`--headless --frames --script --state --screenshot`).
@_exported import MotionLabKit
@_exported import MotionSDL
