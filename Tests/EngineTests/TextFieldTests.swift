import Engine
import Testing

@Suite struct TextFieldTests {
    /// Input with `keys` held (modifiers).
    func holding(_ keys: String...) -> InputState {
        var s = InputState()
        var out: [InputEvent] = []
        for k in keys { s.process(.key(Key(k), down: true), into: &out) }
        return s
    }

    /// `f.handle(...)`, outside `#expect` (which cannot take a mutating call).
    func press(_ f: inout TextField, _ key: Key, input: InputState, clipboard: Clipboard = .shared, repeated: Bool = false) -> TextFieldKeyResult {
        f.handle(key, input: input, clipboard: clipboard, repeated: repeated)
    }

    @Test func anAccentedLetterAFlagAndAFamilyAreEachOneStepAndOneBackspace() {
        let decomposed = "e\u{301}", family = "👨‍👩‍👧", flag = "🇺🇦"
        var f = TextField(text: "a\(decomposed)\(family)\(flag)z")
        #expect(f.count == 5)
        f.move(.end)
        f.move(.left)
        #expect(f.caret == 4)
        let first = f.deleteBackward()
        #expect(first && f.text == "a\(decomposed)\(family)z")
        let second = f.deleteBackward()
        #expect(second && f.text == "a\(decomposed)z")
        f.move(.left)
        #expect(f.caret == 1)
        let forward = f.deleteForward()
        #expect(forward && f.text == "az")
    }

    @Test func aCombiningMarkTypedAfterItsLetterJoinsItAndTheCaretStaysAfterIt() {
        var f = TextField(text: "cafe", caret: 4)
        f.insert("\u{301}")
        #expect(f.text == "cafe\u{301}" && f.count == 4 && f.caret == 4)
        f.insert("!")
        #expect(f.caret == 5 && f.text == "cafe\u{301}!")
    }

    /// A control character is left out; a tab or a line break (one line holds none) is a
    /// space, so pasted words stay apart.
    @Test func typingReplacesTheSelectionLeavesOutControlsAndSpacesTabsAndBreaks() {
        var f = TextField(text: "Amazing grace")
        f.setCaret(8)
        f.move(.end, extend: true)
        #expect(f.selectedText == "grace")
        f.insert("lo\u{7}ve\n\t!")
        #expect(f.text == "Amazing love  !" && f.caret == 15 && !f.hasSelection)
        f.insert("\u{2028}x\u{85}y\r\nz")
        #expect(f.text == "Amazing love  ! x y z")
    }

    @Test func wordMovesSkipSpacesAndPunctuationAndStopAtWordEdges() {
        var f = TextField(text: "Amazing grace! How sweet")
        f.move(.wordRight)
        #expect(f.caret == 7)
        f.move(.wordRight)
        #expect(f.caret == 13)
        f.move(.wordRight)
        #expect(f.caret == 18)
        f.move(.end)
        f.move(.wordLeft)
        #expect(f.caret == 19)
        f.move(.wordLeft)
        #expect(f.caret == 15)
        let word = f.deleteBackward(word: true)
        #expect(word && f.text == "Amazing How sweet")
        f.selectWord(at: 9)
        #expect(f.selectedText == "How")
    }

    @Test func arrowsWithoutShiftCollapseASelectionToItsEnd() {
        var f = TextField(text: "abcdef", caret: 2)
        f.move(.right, extend: true)
        f.move(.right, extend: true)
        #expect(f.selection == 2..<4)
        f.move(.left)
        #expect(f.caret == 2 && !f.hasSelection)
        f.selectAll()
        f.move(.right)
        #expect(f.caret == 6 && !f.hasSelection)
    }

    @Test func copyCutAndPasteGoThroughTheClipboard() {
        let clip = Clipboard()
        var f = TextField(text: "Ёлка тиха́")
        #expect(press(&f, Key("A"), input: holding("Left Ctrl"), clipboard: clip) == .moved)
        #expect(press(&f, Key("C"), input: holding("Left Ctrl"), clipboard: clip) == .moved)
        #expect(clip.text == "Ёлка тиха́")
        f.setCaret(4)
        f.move(.home, extend: true)
        #expect(press(&f, Key("X"), input: holding("Right Ctrl"), clipboard: clip) == .edited)
        #expect(f.text == " тиха́" && clip.text == "Ёлка")
        f.move(.end)
        #expect(press(&f, Key("V"), input: holding("Left Ctrl"), clipboard: clip) == .paste("Ёлка"))
        // Without Ctrl, letters are not the field's: their text comes as text events.
        #expect(press(&f, Key("V"), input: InputState(), clipboard: clip) == .ignored)
    }

    @Test func keysMoveSelectAndDeleteAndTellTheOwnerWhatIsItsToDo() {
        var f = TextField(text: "one two")
        let none = InputState()
        #expect(press(&f, .backspace, input: none) == .backspaceAtStart)
        #expect(press(&f, Key("End"), input: none) == .moved)
        #expect(f.caret == 7)
        #expect(press(&f, Key("Delete"), input: none) == .deleteAtEnd)
        #expect(press(&f, .left, input: holding("Left Ctrl", "Left Shift")) == .moved)
        #expect(f.selectedText == "two")
        #expect(press(&f, .backspace, input: none) == .edited)
        #expect(f.text == "one ")
        #expect(press(&f, .enter, input: none) == .ignored)
        #expect(press(&f, .up, input: none) == .ignored)
        // Held Backspace at the start repeats nothing (a join happens once, on the press).
        f.setCaret(0)
        #expect(press(&f, .backspace, input: none, repeated: true) == .moved)
    }

    @Test func typingAndPastingStopAtTheLengthLimit() {
        var f = TextField(text: String(repeating: "a", count: TextField.maxCharacters - 2), caret: TextField.maxCharacters - 2)
        f.insert("bcdef")
        #expect(f.count == TextField.maxCharacters && f.text.hasSuffix("bc"))
        let more = f.insert("x")
        #expect(!more)
        // A longer text already there is kept, and can be shortened.
        var long = TextField(text: String(repeating: "z", count: TextField.maxCharacters + 5), caret: 3)
        let shortened = long.deleteBackward()
        #expect(shortened && long.count == TextField.maxCharacters + 4)
    }
}
