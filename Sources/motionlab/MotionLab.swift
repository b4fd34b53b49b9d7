import ArgumentParser

@main
struct MotionLab: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "motionlab",
        abstract: "Four classic iOS interaction techniques, rebuilt on SDL2 for mouse, touch and gamepad.",
        subcommands: [Play.self, PathInfo.self, Bench.self, Controls.self],
        defaultSubcommand: Play.self
    )
}
