/// Standard output in blocks of 64 KiB: a report of millions of rows is printed as it is made.
struct BufferedOutput {
    private var buffer = ""

    mutating func write(_ text: String) {
        buffer += text
        if buffer.utf8.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        print(buffer, terminator: "")
        buffer = ""
    }
}
