@testable import Engine
@testable import Geometry
import Testing

@Suite struct JSONTests {
    @Test func writingIsDeterministicAndKeepsKeyOrder() {
        let v: JSONValue = .object([("b", 1), ("a", [1.5, "x\"y\n", true, .null]), ("n", .number(.nan))])
        #expect(v.serialized() == #"{"b":1,"a":[1.5,"x\"y\n",true,null],"n":null}"#)
    }

    @Test func parsingKeepsOrderAndHandlesEscapes() throws {
        let v = try JSONParser.parse(#" {"z": [1, -2.5e2, "\u00e9\ud83d\ude00"], "a": {"t": false}} "#)
        #expect(v.serialized() == #"{"z":[1,-250,"é😀"],"a":{"t":false}}"#)
    }

    @Test(arguments: [
        ("{\"a\" 1}", 6), ("[1,]", 4), ("tru", 1), ("\"abc", 5), ("01x", 2), ("{}x", 3), ("-", 2),
    ])
    func errorsGiveTheColumn(text: String, column: Int) {
        #expect { try JSONParser.parse(text) } throws: { ($0 as? JSONParseError)?.column == column }
    }
}
