@testable import Motion
import Testing

@Suite struct TweenTests {
    @Test func aTweenStaysSmallEnoughToStreamThroughTheStepLoop() {
        // The step walks every tween in one dense array; the layout keeps each in 128 bytes.
        #expect(MemoryLayout<Tween>.stride <= 128)
    }
}
