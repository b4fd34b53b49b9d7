// How a frame's draw list becomes pixels — the files of this folder, in the order a frame
// goes through them. The core fills a `DrawList` (Engine: indexed triangles in window
// points, one command per texture and clip run, masks and text included); the frame driver
// hands it to `Platform.render`, and from there:
//
//  1. `Platform+Drawing.swift` — `render(_:)`: triangles beyond `DrawList.maxCoordinate`
//     (or not finite) are left out, so SDL's software renderer never overflows; the text
//     atlas's new glyphs are uploaded (`../Text`, `Platform+Text.swift`).
//  2. `DrawnSizeImages.swift` — an image drawn smaller than it is gets a copy made at that
//     size (`ImageDownsample.swift`, a box filter), so linear filtering never skips pixels;
//     a command drawing an image 1:1 on a filtering renderer gets its nearest-sampled twin.
//  3. `FrameDamage.swift` — with the software renderer and our compositor, the list is
//     compared with the last frame's: nothing changed, nothing is drawn (the window surface
//     still shows it); where a few things changed, only their boxes are drawn, each as a
//     band is (step 6).
//  4. `BandChoice.swift` — with the software renderer, whether this frame is drawn in
//     horizontal bands on several threads or on this one alone (tried in turns on the first
//     frames, the faster kept).
//  5. `RenderBands.swift` — the bands: each thread draws the same list clipped to its rows
//     into its own part of the window surface, with the same pixels as one thread.
//  6. `Platform+Drawing.swift` — `draw(_:…)`: the background (with our compositor, filled
//     by us with ordinary stores: SDL's clear streams past the cache), then for each
//     command, in order,
//     - a masked image (`MaskLayer.swift`): the mask's triangles rasterised to coverage
//       (`CoverageRaster.swift`) and the image composed through it;
//     - what our compositor draws itself (`Compositor/`): image copies SDL would make 1:1,
//       tinted or blended, and one-colour rectangles, in C (`CCompositor`);
//     - the rest to SDL through `Submitter.swift`, which counts every call.
//  7. `Platform+Pixels.swift` — `present()`, and reading back or saving what was drawn.
//
// SDL's own renderer (`--compositor sdl`) is the reference: the same list, every command to
// `SDL_RenderGeometry`, one thread.
