@testable import Scenes
import Testing

@Suite struct SceneRegistryTests {
    @Test func theNamesTheHelpGivesAreTheScenesTheAppMakesInTabOrder() {
        #expect(SceneRegistry.makeAll(SceneOptions()).map(\.name) == SceneRegistry.names)
    }
}
