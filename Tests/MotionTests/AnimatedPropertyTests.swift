@testable import Motion
import Testing

/// The one table from property to slot (`AnimatedProperty.Slot`), which the tween, the
/// components' masks and their fields all derive from.
@Suite struct AnimatedPropertyTests {
    typealias Slot = AnimatedProperty.Slot

    static let all: [AnimatedProperty] = [.position, .rotation, .scale, .alpha, .tint]
        + (0..<AnimatedProperty.customSlots).map { .custom($0) }

    @Test func everyPropertyHasItsOwnSlotAndComesBackFromIt() {
        #expect(Self.all.count == Slot.allCases.count)
        #expect(Set(Self.all.map(\.slot)).count == Self.all.count)
        for p in Self.all { #expect(AnimatedProperty(p.slot) == p) }
    }

    @Test func theTransformIsInAnimatableAndTheRestInTheExtras() {
        #expect(Self.all.filter { !$0.slot.isExtra } == [.position, .rotation, .scale, .alpha])
        #expect(Self.all.filter { $0.slot.isExtra } == [.tint, .custom(0), .custom(1), .custom(2), .custom(3)])
    }

    @Test func eachComponentsSlotsHaveDistinctBitsInItsMask() {
        for extra in [false, true] {
            let bits = Slot.allCases.filter { $0.isExtra == extra }.map(\.bit)
            #expect(bits.reduce(0, |) == (1 << bits.count) - 1, "one bit each, from the lowest")
        }
    }

    @Test func aCustomSlotNamesTheSameChannelAsTheSubscript() {
        var x = AnimatableExtras()
        for i in 0..<AnimatedProperty.customSlots {
            x[custom: i].snap(to: Double(i + 1))
        }
        #expect([x.custom0, x.custom1, x.custom2, x.custom3].map(\.model) == [1, 2, 3, 4])
        for i in 0..<AnimatedProperty.customSlots {
            #expect(x[custom: i].model == Double(i + 1))
            #expect(AnimatedProperty(Slot.custom(i)) == .custom(i))
        }
    }
}
