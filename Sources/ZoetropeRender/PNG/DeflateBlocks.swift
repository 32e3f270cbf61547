/// Where a raw deflate stream's last block begins and where the stream ends, in bits: what
/// joining a compressed strip to the next needs (`DeflateStrips.makeJoinable`).
///
/// The blocks are walked by reading their codes and skipping what the codes say, without
/// writing a byte of output: inflating a strip only to find its end cost as much as half of
/// compressing it, since a rendered frame's rows compress twenty times or more and inflate
/// writes every byte back. Walking costs in proportion to the compressed bytes instead.
/// Codes of up to `tableBits` bits are looked up in a table, longer ones read a bit at a time
/// (RFC 1951 §3.2).
struct DeflateBlocks {
    /// The bit offset of the last block's header and of the end of the stream (before the
    /// padding to a byte) of `stream`, a complete raw deflate stream; throws on a malformed one.
    static func bounds(of stream: UnsafeBufferPointer<UInt8>) throws(CairoError) -> (lastHeader: Int, end: Int) {
        var bits = BitReader(stream)
        while true {
            let header = bits.position
            let final = try bits.read(1)
            switch try bits.read(2) {
            case 0:
                bits.alignToByte()
                let length = try bits.read(16), complement = try bits.read(16)
                guard length ^ complement == 0xFFFF else { throw malformed("a stored block's length") }
                try bits.skip(length * 8)
            case 1:
                try skipSymbols(&bits, lengths: fixedLengths, distances: fixedDistances)
            case 2:
                let (lengths, distances) = try dynamicCodes(&bits)
                try skipSymbols(&bits, lengths: lengths, distances: distances)
            default:
                throw malformed("a block type")
            }
            if final == 1 { return (header, bits.position) }
        }
    }

    /// Reads every symbol up to the end of the block, skipping the extra bits of lengths and
    /// distances.
    private static func skipSymbols(_ bits: inout BitReader, lengths: HuffmanCode, distances: HuffmanCode) throws(CairoError) {
        while true {
            let symbol = try lengths.decode(&bits)
            if symbol < 256 { continue }
            if symbol == 256 { return }
            guard symbol <= 285 else { throw malformed("a length code") }
            try bits.skip(lengthExtraBits[symbol - 257])
            let distance = try distances.decode(&bits)
            guard distance < 30 else { throw malformed("a distance code") }
            try bits.skip(distance < 4 ? 0 : distance / 2 - 1)
        }
    }

    /// A dynamic block's two codes, from its header.
    private static func dynamicCodes(_ bits: inout BitReader) throws(CairoError) -> (HuffmanCode, HuffmanCode) {
        let literals = try bits.read(5) + 257, distances = try bits.read(5) + 1, codeLengths = try bits.read(4) + 4
        var lengthsOfLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<codeLengths { lengthsOfLengths[codeLengthOrder[index]] = UInt8(try bits.read(3)) }
        let lengthCode = try HuffmanCode(lengths: lengthsOfLengths[...])
        var lengths: [UInt8] = []
        lengths.reserveCapacity(literals + distances)
        while lengths.count < literals + distances {
            let symbol = try lengthCode.decode(&bits)
            let (value, count): (UInt8, Int)
            switch symbol {
            case 0..<16: (value, count) = (UInt8(truncatingIfNeeded: symbol), 1)
            case 16:
                guard let previous = lengths.last else { throw malformed("a repeat with nothing before it") }
                (value, count) = (previous, 3 + (try bits.read(2)))
            case 17: (value, count) = (0, 3 + (try bits.read(3)))
            default: (value, count) = (0, 11 + (try bits.read(7)))
            }
            guard lengths.count + count <= literals + distances else { throw malformed("code lengths") }
            lengths += repeatElement(value, count: count)
        }
        return (try HuffmanCode(lengths: lengths[0..<literals]), try HuffmanCode(lengths: lengths[literals...]))
    }

    fileprivate static func malformed(_ what: String) -> CairoError {
        CairoError(message: "a compressed strip is malformed (\(what))", operation: "joining PNG strips")
    }

    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    private static let lengthExtraBits = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    // swiftlint:disable:next force_try
    private static let fixedLengths = try! HuffmanCode(lengths: (0..<288).map { UInt8($0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8) }[...])
    // swiftlint:disable:next force_try
    private static let fixedDistances = try! HuffmanCode(lengths: [UInt8](repeating: 5, count: 30)[...])
}

/// Bits of a byte buffer, least significant first, as deflate packs them.
private struct BitReader {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The next `count` (at most 25) bits without taking them; past the end they read as 0.
    @inline(__always) func peek(_ count: Int) -> Int {
        let byte = position >> 3
        var word: UInt32 = 0
        if byte &+ 4 <= bytes.count {
            word = UnsafeRawPointer(bytes.baseAddress! + byte).loadUnaligned(as: UInt32.self).littleEndian
        } else {
            for index in 0..<4 where byte + index < bytes.count { word |= UInt32(bytes[byte + index]) << (8 * index) }
        }
        return Int(truncatingIfNeeded: (word >> UInt32(position & 7)) & ((1 << UInt32(count)) - 1))
    }

    @inline(__always) mutating func read(_ count: Int) throws(CairoError) -> Int {
        let value = peek(count)
        try skip(count)
        return value
    }

    @inline(__always) mutating func skip(_ count: Int) throws(CairoError) {
        position += count
        guard position <= bytes.count * 8 else { throw DeflateBlocks.malformed("it ends early") }
    }

    mutating func alignToByte() { position = (position + 7) & ~7 }
}

/// A canonical Huffman code (RFC 1951 §3.2.2) for decoding: short codes from a table indexed by
/// the next `tableBits` bits, longer ones by counting codes of each length.
private struct HuffmanCode {
    static let tableBits = 10
    /// Per `tableBits`-bit index: symbol << 4 | length, or 0 when the code is longer.
    private var table = [UInt16](repeating: 0, count: 1 << tableBits)
    /// Codes of each length, and the symbols in canonical order.
    private var counts = [Int](repeating: 0, count: 16)
    private var symbols: [Int] = []

    init(lengths: ArraySlice<UInt8>) throws(CairoError) {
        for length in lengths { counts[Int(length)] += 1 }
        counts[0] = 0
        // The first code of each length, and the symbols ordered by length then value.
        var next = [Int](repeating: 0, count: 16), code = 0
        for length in 1..<16 {
            code = (code + counts[length - 1]) << 1
            next[length] = code
            guard code + counts[length] <= 1 << length else { throw DeflateBlocks.malformed("an oversubscribed code") }
        }
        var offsets = [Int](repeating: 0, count: 16)
        for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
        symbols = [Int](repeating: 0, count: counts.reduce(0, +))
        for (symbol, length) in zip(0..., lengths) where length > 0 {
            let length = Int(length)
            symbols[offsets[length]] = symbol
            offsets[length] += 1
            guard length <= Self.tableBits else { continue }
            // The code's bits come first-bit-first, so the table is indexed by them reversed.
            var reversed = 0, value = next[length]
            next[length] += 1
            for _ in 0..<length {
                reversed = reversed << 1 | value & 1
                value >>= 1
            }
            for index in stride(from: reversed, to: 1 << Self.tableBits, by: 1 << length) {
                table[index] = UInt16(truncatingIfNeeded: symbol << 4 | length)
            }
        }
    }

    @inline(__always) func decode(_ bits: inout BitReader) throws(CairoError) -> Int {
        let entry = Int(table[bits.peek(Self.tableBits)])
        if entry != 0 {
            try bits.skip(entry & 15)
            return entry >> 4
        }
        // A longer code: one bit at a time, comparing with the first code of each length.
        var code = 0, first = 0, index = 0
        for length in 1..<16 {
            code |= try bits.read(1)
            let count = counts[length]
            if code - first < count { return symbols[index + code - first] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw DeflateBlocks.malformed("a code no symbol has")
    }
}
