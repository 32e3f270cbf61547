import Testing
import ZoetropeCore

@Suite struct DataURLTests {
    @Test func bytesComeBackFromTheirBase64InEveryPaddingCase() throws {
        for bytes: [UInt8] in [[], [0], [0xFF, 0x10], [1, 2, 3], Array(0...255)] {
            let url = DataURL(mediaType: "image/png", bytes: bytes)
            #expect(DataURL(url.text) == url, "\(bytes.count) bytes")
        }
        #expect(DataURL(mediaType: "text/plain", bytes: Array("Man".utf8)).text == "data:text/plain;base64,TWFu")
    }

    @Test func theMediaTypeIsReadAndWhitespaceAndURLSafeLettersAreAccepted() throws {
        let url = try #require(DataURL("data:Image/PNG;base64,TW Fu\n-_8="))
        #expect(url.mediaType == "image/png")
        #expect(url.bytes == Array("Man".utf8) + [0xFB, 0xFF])
    }

    @Test(arguments: ["data:image/png,plain", "data:image/png;base64,TWF*", "data:image/png;base64,TWFuT", "data:image/png;base64,TQ==TQ==", "image.png", "data:"])
    func whatIsNotABase64DataURLIsRefused(text: String) {
        #expect(DataURL(text) == nil)
    }
}
