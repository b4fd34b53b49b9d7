// MotionLab's core as one import: geometry, entities and their stores, paths and their
// arc-length tables, motion (timing curves, keyframe, path and spring tracks, tweens), and
// the engine (the fixed-step loop, input, the draw list, scenes, drag and drop, scrolling).
// None of it sees SDL; `MotionLabSDL` puts it in a window.
@_exported import Engine
@_exported import Entities
@_exported import Geometry
@_exported import Motion
@_exported import Paths
