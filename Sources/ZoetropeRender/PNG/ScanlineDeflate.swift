internal import CDeflate

/// Deflate (RFC 1951) made for the unfiltered scanlines of rendered frames: faster than
/// libdeflate's level 1 (1.3 to 6 times on the seed scenes, bench-A and Lottie frames) and no
/// larger (0.7 to 1.04 times its bytes). A rendered frame is mostly runs of one colour and rows
/// that repeat the row above, which a general compressor finds by hashing every byte. Here each
/// position looks first at the pixel before (a run) and at the same byte of the row above; only
/// where neither continues for 8 bytes does it look up where its four bytes were seen last (one
/// probe of a small hash table), and only the positions inside what such a lookup matched are
/// remembered: gradients, blurs and glyphs repeat at other distances, runs and still rows do
/// not need it. A match is extended eight bytes at a time; what nothing predicts is a literal.
/// The literals and matches of each megabyte of a strip then go into a block with Huffman codes
/// made for them (a dynamic block).
///
/// Deterministic: the same scanlines give the same bytes. Its blocks end either final, or
/// followed by an empty stored block that brings them to a byte boundary, so that strips
/// compressed on their own join into one stream (`DeflateStrips`).
enum ScanlineDeflate {
    /// What one thread keeps between strips: the matches and literals of the strip being
    /// compressed, and room for the compressed bytes.
    final class Buffers {
        fileprivate var tokens: [UInt32] = []
        fileprivate var output: [UInt8] = []
        /// Where each hash of four bytes was seen last, as `epoch` + its position + 1: a value
        /// at or below `epoch` is from an earlier strip, as if the table were empty.
        fileprivate var recent = [UInt32](repeating: 0, count: ScanlineDeflate.hashSize)
        fileprivate var epoch: UInt32 = 0
        /// The bits of a block not yet a whole byte, carried to the next block of a strip.
        fileprivate var pending = BitWriter.Pending()

        init() {}

        /// Starts matching `count` more bytes: returns the epoch their positions count from, so
        /// that nothing matched before is found.
        fileprivate func begin(_ count: Int) -> UInt32 {
            if UInt64(epoch) + UInt64(count) + 1 >= UInt64(UInt32.max) {
                recent = [UInt32](repeating: 0, count: ScanlineDeflate.hashSize)
                epoch = 0
            }
            defer { epoch += UInt32(count) + 1 }
            return epoch
        }
    }

    /// Input bytes per block: each block has Huffman codes of its own, and a thread keeps the
    /// matches and output of one block at a time (4 and 2 MB), however large the frame.
    static let blockBytes = 1 << 20

    /// Compresses `input`, scanlines of `lineBytes` bytes whose pixels are `pixelBytes` bytes,
    /// into dynamic blocks of `blockBytes` each: the last is the final block of a stream when
    /// `isLast`, else followed by an empty stored block (joinable, as
    /// `DeflateStrips.makeJoinable` makes libdeflate's).
    static func compress(_ input: UnsafeBufferPointer<UInt8>, lineBytes: Int, pixelBytes: Int, isLast: Bool,
                         buffers: Buffers) -> [UInt8] {
        let epoch = buffers.begin(input.count)
        let tokenRoom = min(input.count, blockBytes)
        if buffers.tokens.count < tokenRoom { buffers.tokens = [UInt32](repeating: 0, count: tokenRoom) }
        // Room for a block's literals at 15 bits each (its last match may run 257 bytes past
        // it), its header and the stored block, with slack for the writer's eight-byte stores.
        let bound = (tokenRoom + 258) * 2 + 1024
        if buffers.output.count < bound { buffers.output = [UInt8](repeating: 0, count: bound) }
        var compressed: [UInt8] = []
        buffers.output.withUnsafeMutableBytes { output in
            var writer = BitWriter(output.baseAddress!)
            var position = 0
            repeat {
                var literals = [UInt32](repeating: 0, count: 286), distances = [UInt32](repeating: 0, count: 30)
                let end = min(position + blockBytes, input.count)
                let tokenCount: Int
                (tokenCount, position) = buffers.tokens.withUnsafeMutableBufferPointer { tokens in
                    literals.withUnsafeMutableBufferPointer { literals in
                        distances.withUnsafeMutableBufferPointer { distances in
                            buffers.recent.withUnsafeMutableBufferPointer { recent in
                                findMatches(input, from: position, to: end, lineBytes: lineBytes, pixelBytes: pixelBytes,
                                            tokens: tokens.baseAddress!, literals: literals.baseAddress!,
                                            distances: distances.baseAddress!, recent: recent.baseAddress!, epoch: epoch)
                            }
                        }
                    }
                }
                let ends = position >= input.count
                let block = Block(literals: &literals, distances: distances, isFinal: isLast && ends, header: &writer)
                buffers.tokens.withUnsafeBufferPointer { tokens in block.write(UnsafeBufferPointer(rebasing: tokens[0..<tokenCount]), to: &writer) }
                block.end(&writer)
                if ends { writer.endStream(isLast: isLast) }
                _ = writer.drain(into: &compressed)
            } while position < input.count
        }
        return compressed
    }

    // MARK: - Slices

    /// Rows per slice: a frame's rows are matched a slice at a time when `Slice`s are kept.
    static let rowsPerSlice = 16

    /// Rows above a slice that it is matched against as well: its context.
    static let contextRows = 2

    /// The literals and matches of one slice of a frame's scanlines, made from its own rows and
    /// the `contextRows` rows above it alone (nothing else is looked up), so that they can be
    /// kept while those rows do not change; with their symbol counts and the slice's Adler-32.
    struct Slice {
        fileprivate(set) var tokens: [UInt32] = []
        fileprivate var counts: [UInt32] = []
        private(set) var adler: UInt = 1
        /// Bytes of its scanlines; 0 before it is made.
        private(set) var bytes = 0

        /// Matches the scanlines of `input` from `start` (the context rows before it), in rows
        /// of `lineBytes` bytes of pixels of `pixelBytes`.
        mutating func make(_ input: UnsafeBufferPointer<UInt8>, from start: Int, lineBytes: Int, pixelBytes: Int, buffers: Buffers) {
            let epoch = buffers.begin(input.count)
            if buffers.tokens.count < input.count - start { buffers.tokens = [UInt32](repeating: 0, count: input.count - start) }
            counts = [UInt32](repeating: 0, count: symbolCount)
            let found = buffers.tokens.withUnsafeMutableBufferPointer { tokens in
                counts.withUnsafeMutableBufferPointer { counts in
                    buffers.recent.withUnsafeMutableBufferPointer { recent in
                        // The context's every position, so that the slice finds what it shares
                        // with the rows above it at any distance.
                        let bytes = UnsafeRawPointer(input.baseAddress!)
                        for position in 0..<max(start - 3, 0) {
                            // Inside a run a position's four bytes are the pixel before's: the
                            // run's first position is already there to be found.
                            if position >= pixelBytes,
                               bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self)
                                == bytes.loadUnaligned(fromByteOffset: position &- pixelBytes, as: UInt32.self) { continue }
                            recent[slot(input.baseAddress! + position)] = epoch &+ UInt32(truncatingIfNeeded: position) &+ 1
                        }
                        return findMatches(input, from: start, to: input.count, lineBytes: lineBytes, pixelBytes: pixelBytes,
                                           tokens: tokens.baseAddress!, literals: counts.baseAddress!,
                                           distances: counts.baseAddress! + literalSymbols, recent: recent.baseAddress!, epoch: epoch).tokens
                    }
                }
            }
            tokens.removeAll(keepingCapacity: true)
            tokens += buffers.tokens[0..<found]
            adler = UInt(libdeflate_adler32(1, input.baseAddress! + start, input.count - start))
            bytes = input.count - start
        }
    }

    /// The deflate blocks of `slices`, made and in order: a block for each run of whole slices
    /// of at most `blockBytes` scanlines (or one slice), the last final when `isLast`, else
    /// followed by an empty stored block (joinable).
    static func compress(_ slices: ArraySlice<Slice>, isLast: Bool, buffers: Buffers) -> [UInt8] {
        var compressed: [UInt8] = []
        var next = slices.startIndex
        while next < slices.endIndex {
            var end = next + 1, bytes = slices[next].bytes
            while end < slices.endIndex && bytes + slices[end].bytes <= blockBytes {
                bytes += slices[end].bytes
                end += 1
            }
            // The block's symbol counts summed; its tokens are written slice by slice.
            var counts = [UInt32](repeating: 0, count: symbolCount)
            for slice in slices[next..<end] {
                for symbol in 0..<symbolCount { counts[symbol] &+= slice.counts[symbol] }
            }
            var literals = Array(counts[0..<literalSymbols])
            let bound = (bytes + 258) * 2 + 1024
            if buffers.output.count < bound { buffers.output = [UInt8](repeating: 0, count: bound) }
            let ends = end == slices.endIndex
            buffers.output.withUnsafeMutableBytes { output in
                var writer = BitWriter(output.baseAddress!, pending: buffers.pending)
                let block = Block(literals: &literals, distances: Array(counts[literalSymbols...]), isFinal: isLast && ends, header: &writer)
                for slice in slices[next..<end] {
                    slice.tokens.withUnsafeBufferPointer { block.write($0, to: &writer) }
                }
                block.end(&writer)
                if ends { writer.endStream(isLast: isLast) }
                buffers.pending = writer.drain(into: &compressed)
            }
            next = end
        }
        return compressed
    }

    /// Symbols of the literal and length code, and of both codes together (a slice's counts).
    private static let literalSymbols = 286
    private static let symbolCount = 316

    // MARK: - Matches

    /// A token: a literal byte, or (bit 31 set) a match of length `(token >> 16) & 0x1FF` at
    /// distance `(token & 0xFFFF) + 1`.
    private static let matchFlag: UInt32 = 1 << 31

    /// Entries of the table of recent positions by hash: 2^14 (64 KB a thread).
    private static let hashBits = 14
    fileprivate static let hashSize = 1 << hashBits

    /// A run or repeated row shorter than this is worth a look in the hash table.
    private static let lookupBelow = 8

    /// The slot of the four bytes at `bytes` in the table of recent positions.
    @inline(__always)
    private static func slot(_ bytes: UnsafePointer<UInt8>) -> Int {
        let key = UnsafeRawPointer(bytes).loadUnaligned(as: UInt32.self)
        return Int((key &* 0x9E37_79B1) >> UInt32(32 - hashBits))
    }

    /// The longest match found by hash whose every position is remembered (`findMatches`):
    /// remembering all of longer ones cost gallery 6 % of its encoding for 0.02 % in bytes
    /// (touch-preview 0.3 %, bench-A 0.03 %).
    private static let rememberedWhole = 128

    /// The shortest match worth a length and a distance code instead of literals.
    private static let minimumMatch = 4

    /// Fills `tokens` with the literals and matches of `input` from `start` until `end` (the
    /// last match may run past it) and counts their symbols; returns how many tokens there are
    /// and where the next block starts. Matches may reach back before `start`.
    private static func findMatches(_ input: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, lineBytes: Int, pixelBytes: Int,
                                    tokens: UnsafeMutablePointer<UInt32>, literals: UnsafeMutablePointer<UInt32>,
                                    distances: UnsafeMutablePointer<UInt32>, recent: UnsafeMutablePointer<UInt32>,
                                    epoch: UInt32) -> (tokens: Int, next: Int) {
        guard let bytes = input.baseAddress else { return (0, end) }
        let count = input.count
        // The row above is a match only within deflate's window of 32 768 bytes.
        let above = lineBytes <= 32768 ? lineBytes : 0
        // Read once: a global's every use checks that it was made.
        let lengthSymbols = lengthSymbols
        var position = start, tokenCount = 0
        while position < end {
            let longest = min(258, count &- position)
            // The pixel before first: its distance costs no extra bits, the row above's a dozen.
            var length = 0, distance = 0
            if position >= pixelBytes {
                length = matchLength(bytes + position, bytes + (position &- pixelBytes), limit: longest)
                distance = pixelBytes
            }
            if length < longest, above > 0, position >= above {
                let repeated = matchLength(bytes + position, bytes + (position &- above), limit: longest)
                if repeated > length {
                    length = repeated
                    distance = above
                }
            }
            // Neither: where these four bytes were seen last, anywhere in the window.
            if length < lookupBelow, position &+ 4 <= count {
                let slot = slot(bytes + position)
                let seen = recent[slot]
                recent[slot] = epoch &+ UInt32(truncatingIfNeeded: position) &+ 1
                if seen > epoch {
                    let earlier = Int(seen &- epoch &- 1)
                    if position &- earlier <= 32768 {
                        let found = matchLength(bytes + position, bytes + earlier, limit: longest)
                        // Worth its longer distance code only when longer by two bytes or more.
                        if found >= minimumMatch && found > length &+ 1 {
                            length = found
                            distance = position &- earlier
                        }
                    }
                }
            }
            if length >= minimumMatch {
                if distance != pixelBytes && distance != above {
                    // A match found by hash lies in varied pixels (a gradient, a blur, glyphs):
                    // where its bytes start is worth finding again. Runs and repeated rows are not.
                    // Of a match longer than `rememberedWhole`, only its last 16 positions: the
                    // rest repeats what is already remembered (as zlib's fast levels skip the
                    // inside of long matches).
                    let end = min(position &+ length, count &- 4)
                    var next = length <= rememberedWhole ? position &+ 1 : max(end &- 16, position &+ 1)
                    while next < end {
                        recent[slot(bytes + next)] = epoch &+ UInt32(truncatingIfNeeded: next) &+ 1
                        next &+= 1
                    }
                }
                tokens[tokenCount] = matchFlag | UInt32(truncatingIfNeeded: length) << 16 | UInt32(truncatingIfNeeded: distance &- 1)
                literals[Int(lengthSymbols[length].symbol)] &+= 1
                distances[distanceCode(distance).code] &+= 1
                position &+= length
            } else {
                let byte = bytes[position]
                tokens[tokenCount] = UInt32(byte)
                literals[Int(byte)] &+= 1
                position &+= 1
            }
            tokenCount &+= 1
        }
        return (tokenCount, position)
    }

    /// How many bytes from `a` equal those from `b`, at most `limit`; eight at a time.
    @inline(__always)
    private static func matchLength(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, limit: Int) -> Int {
        var length = 0
        while length &+ 8 <= limit {
            let x = UnsafeRawPointer(a + length).loadUnaligned(as: UInt64.self)
            let y = UnsafeRawPointer(b + length).loadUnaligned(as: UInt64.self)
            if x != y { return length &+ (x ^ y).littleEndian.trailingZeroBitCount / 8 }
            length &+= 8
        }
        while length < limit && a[length] == b[length] { length &+= 1 }
        return length
    }

    // MARK: - Codes (RFC 1951 §3.2.5)

    /// Length 3…258's symbol (257…285) with its extra bits: how many, and their value.
    private static let lengthSymbols: [(symbol: UInt16, extraBits: UInt8, extra: UInt16)] = (0...258).map { length in
        guard length >= 3 else { return (0, 0, 0) }
        let value = length - 3
        if length == 258 { return (285, 0, 0) }
        if value < 8 { return (UInt16(257 + value), 0, 0) }
        let log = Int.bitWidth - 1 - value.leadingZeroBitCount
        let extraBits = log - 2
        return (UInt16(257 + 4 * (log - 1) + ((value >> extraBits) & 3)), UInt8(extraBits), UInt16(value & ((1 << extraBits) - 1)))
    }

    /// Distance 1…32 768's code (0…29) with its extra bits: how many, and their value.
    @inline(__always)
    private static func distanceCode(_ distance: Int) -> (code: Int, extraBits: Int, extra: Int) {
        let value = distance &- 1
        if value < 4 { return (value, 0, 0) }
        let log = Int.bitWidth &- 1 &- value.leadingZeroBitCount
        let extraBits = log &- 1
        return (2 &* log &+ ((value >> extraBits) & 1), extraBits, value & ((1 << extraBits) &- 1))
    }

    /// The order in which the code length code's lengths are written.
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// One dynamic block: its codes, made from the symbol counts `literals` (lengths included)
    /// and `distances`, and its header written when it is made; then its tokens, in as many
    /// parts as they are kept in (`write`), and its end (`end`).
    private struct Block {
        let literalCodes: HuffmanEncoding, distanceCodes: HuffmanEncoding
        /// Each length's code and extra bits as one value to write, and how many bits it is.
        var lengthBits = [UInt32](repeating: 0, count: 259), lengthCounts = [UInt8](repeating: 0, count: 259)

        init(literals: inout [UInt32], distances: [UInt32], isFinal: Bool, header writer: inout BitWriter) {
            literals[256] += 1
            let lengthSymbols = ScanlineDeflate.lengthSymbols
            let literalCodes = HuffmanEncoding(counts: literals, limit: 15)
            let distanceCodes = HuffmanEncoding(counts: distances, limit: 15)
            self.literalCodes = literalCodes
            self.distanceCodes = distanceCodes
            let literalCount = max(257, (literals.indices.last { literalCodes.lengths[$0] > 0 } ?? 0) + 1)
            let distanceCount = max(1, (distances.indices.last { distanceCodes.lengths[$0] > 0 } ?? 0) + 1)

            // The code lengths of both codes as one sequence, runs shortened (symbols 16, 17, 18).
            let lengths = Array(literalCodes.lengths[0..<literalCount]) + Array(distanceCodes.lengths[0..<distanceCount])
            var runs: [(symbol: Int, extra: Int)] = []
            var index = 0
            while index < lengths.count {
                let length = lengths[index]
                var run = 1
                while index + run < lengths.count && lengths[index + run] == length { run += 1 }
                index += run
                if length == 0 {
                    while run >= 11 { let take = min(run, 138); runs.append((18, take - 11)); run -= take }
                    if run >= 3 { runs.append((17, run - 3)); run = 0 }
                } else {
                    runs.append((Int(length), 0))
                    run -= 1
                    while run >= 3 { let take = min(run, 6); runs.append((16, take - 3)); run -= take }
                }
                while run > 0 { runs.append((Int(length), 0)); run -= 1 }
            }
            var runCounts = [UInt32](repeating: 0, count: 19)
            for run in runs { runCounts[run.symbol] += 1 }
            let runCodes = HuffmanEncoding(counts: runCounts, limit: 7)
            let orderCount = max(4, (codeLengthOrder.indices.last { runCodes.lengths[codeLengthOrder[$0]] > 0 } ?? 0) + 1)

            writer.write(isFinal ? 1 : 0, count: 1)
            writer.write(2, count: 2)
            writer.write(UInt64(literalCount - 257), count: 5)
            writer.write(UInt64(distanceCount - 1), count: 5)
            writer.write(UInt64(orderCount - 4), count: 4)
            for symbol in codeLengthOrder[0..<orderCount] { writer.write(UInt64(runCodes.lengths[symbol]), count: 3) }
            for run in runs {
                runCodes.write(run.symbol, to: &writer)
                switch run.symbol {
                case 16: writer.write(UInt64(run.extra), count: 2)
                case 17: writer.write(UInt64(run.extra), count: 3)
                case 18: writer.write(UInt64(run.extra), count: 7)
                default: break
                }
            }

            for length in 3...258 {
                let code = lengthSymbols[length], symbol = Int(code.symbol)
                lengthBits[length] = UInt32(literalCodes.codes[symbol]) | UInt32(code.extra) << UInt32(literalCodes.lengths[symbol])
                lengthCounts[length] = literalCodes.lengths[symbol] + code.extraBits
            }
        }

        /// Writes `tokens`, the block's next.
        func write(_ tokens: UnsafeBufferPointer<UInt32>, to writer: inout BitWriter) {
            // The writer in a local while the tokens are written, so that it stays in registers.
            var local = writer
            literalCodes.codes.withUnsafeBufferPointer { literalTable in
                literalCodes.lengths.withUnsafeBufferPointer { literalLengths in
                    distanceCodes.codes.withUnsafeBufferPointer { distanceTable in
                        distanceCodes.lengths.withUnsafeBufferPointer { distanceLengths in
                            lengthBits.withUnsafeBufferPointer { lengthBits in
                                lengthCounts.withUnsafeBufferPointer { lengthCounts in
                                    for token in tokens {
                                        if token & matchFlag == 0 {
                                            let symbol = Int(token)
                                            local.write(UInt64(literalTable[symbol]), count: Int(literalLengths[symbol]))
                                            continue
                                        }
                                        let length = Int((token &>> 16) & 0x1FF)
                                        local.write(UInt64(lengthBits[length]), count: Int(lengthCounts[length]))
                                        let distance = distanceCode(Int(token & 0xFFFF) &+ 1)
                                        local.write(UInt64(distanceTable[distance.code]) | UInt64(distance.extra) &<< UInt64(distanceLengths[distance.code]),
                                                    count: Int(distanceLengths[distance.code]) &+ distance.extraBits)
                                    }
                                }
                            }
                        }
                    }
                }
            }
            writer = local
        }

        /// Writes the block's end.
        func end(_ writer: inout BitWriter) { literalCodes.write(256, to: &writer) }
    }
}

/// A canonical Huffman code (RFC 1951 §3.2.2) to write symbols with the given counts, no code longer
/// than `limit` bits. Every code has at least two symbols (a symbol never used gets one), so
/// that decoders which refuse an incomplete code read it.
struct HuffmanEncoding {
    /// By symbol: its code's length in bits (0: not used), and its code with the bits reversed,
    /// as deflate packs codes from their first bit.
    private(set) var lengths: [UInt8]
    private(set) var codes: [UInt16]

    init(counts given: [UInt32], limit: Int) {
        var counts = given.map(UInt64.init)
        var used = counts.indices.filter { counts[$0] > 0 }
        for symbol in counts.indices where used.count < 2 && counts[symbol] == 0 {
            counts[symbol] = 1
            used.append(symbol)
        }
        var lengths = Self.lengths(counts, used: used)
        // Too deep: flatten the counts (halve them, keeping every used symbol) until it fits.
        while (lengths.max() ?? 0) > limit {
            counts = counts.map { $0 == 0 ? 0 : $0 / 2 | 1 }
            lengths = Self.lengths(counts, used: used)
        }
        self.lengths = lengths.map(UInt8.init)
        // Canonical codes: by length, then by symbol.
        var perLength = [Int](repeating: 0, count: limit + 1)
        for length in lengths where length > 0 { perLength[length] += 1 }
        var next = [Int](repeating: 0, count: limit + 2)
        var code = 0
        for length in 1...limit {
            code = (code + perLength[length - 1]) << 1
            next[length] = code
        }
        codes = lengths.map { length in
            guard length > 0 else { return 0 }
            defer { next[length] += 1 }
            var reversed = 0, value = next[length]
            for _ in 0..<length {
                reversed = reversed << 1 | value & 1
                value >>= 1
            }
            return UInt16(reversed)
        }
    }

    /// The depth of each used symbol in a Huffman tree of `counts` (ties broken by symbol, so
    /// the code is the same for the same counts).
    private static func lengths(_ counts: [UInt64], used: [Int]) -> [Int] {
        // By count, then symbol: each as one key (a count below 2⁴⁸, a symbol below 2⁹), so
        // that sorting compares integers rather than pairs through a closure.
        let keys = used.map { counts[$0] << 9 | UInt64(truncatingIfNeeded: $0) }.sorted()
        let leaves = keys.map { Int(truncatingIfNeeded: $0 & 511) }
        // Nodes 0..<leaves.count are the leaves in that order; internal nodes follow, made in
        // order of weight, so two queues (leaves, internal nodes) give the lightest two.
        var weight = keys.map { $0 >> 9 }
        weight.reserveCapacity(2 * leaves.count - 1)
        var parent = [Int](repeating: -1, count: 2 * leaves.count - 1)
        var nextLeaf = 0, nextInternal = leaves.count
        func lightest() -> Int {
            if nextLeaf < leaves.count && (nextInternal >= weight.count || weight[nextLeaf] <= weight[nextInternal]) {
                defer { nextLeaf += 1 }
                return nextLeaf
            }
            defer { nextInternal += 1 }
            return nextInternal
        }
        for _ in 1..<leaves.count {
            let a = lightest(), b = lightest()
            parent[a] = weight.count
            parent[b] = weight.count
            weight.append(weight[a] + weight[b])
        }
        var depth = [Int](repeating: 0, count: weight.count)
        for node in stride(from: weight.count - 2, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        var lengths = [Int](repeating: 0, count: counts.count)
        for (leaf, symbol) in leaves.enumerated() { lengths[symbol] = depth[leaf] }
        return lengths
    }

    @inline(__always)
    func write(_ symbol: Int, to writer: inout BitWriter) {
        writer.write(UInt64(codes[symbol]), count: Int(lengths[symbol]))
    }
}

/// Writes bits from the least significant first, as deflate packs them, into memory the caller
/// sized (with eight bytes to spare past the last byte written).
struct BitWriter {
    /// Bits written but not yet stored (fewer than 32), for a writer that goes on.
    struct Pending {
        fileprivate var bits: UInt64 = 0
        fileprivate var count = 0
    }

    private let base: UnsafeMutableRawPointer
    private var position = 0
    private var buffer: UInt64
    private var pending: Int

    /// A writer to `base` that goes on from `carried`, the bits a writer before it held.
    init(_ base: UnsafeMutableRawPointer, pending carried: Pending = Pending()) {
        self.base = base
        buffer = carried.bits
        pending = carried.count
    }

    /// Moves the whole bytes written so far to the end of `bytes`, and returns the bits of a
    /// byte not yet complete: they stay, and what follows is written from the start again.
    mutating func drain(into bytes: inout [UInt8]) -> Pending {
        bytes.append(contentsOf: UnsafeRawBufferPointer(start: base, count: position))
        position = 0
        return Pending(bits: buffer, count: pending)
    }

    /// Appends the low `count` bits of `bits` (at most 32 at once).
    @inline(__always)
    mutating func write(_ bits: UInt64, count: Int) {
        buffer |= bits &<< UInt64(pending)
        pending &+= count
        if pending >= 32 {
            base.storeBytes(of: buffer.littleEndian, toByteOffset: position, as: UInt64.self)
            position &+= 4
            buffer &>>= 32
            pending &-= 32
        }
    }

    /// Ends a strip's blocks at a byte boundary: after its final block when it `isLast`, else
    /// with an empty stored block (BFINAL 0, BTYPE 00, to the byte boundary, LEN 0, NLEN
    /// 0xFFFF) that the next strip's blocks can follow.
    mutating func endStream(isLast: Bool) {
        if !isLast {
            write(0, count: 3)
            alignToByte()
            write(0xFFFF_0000, count: 32)
        }
        alignToByte()
    }

    /// Pads with zero bits to the next byte and writes out what is pending.
    mutating func alignToByte() {
        base.storeBytes(of: buffer.littleEndian, toByteOffset: position, as: UInt64.self)
        position &+= (pending + 7) / 8
        buffer = 0
        pending = 0
    }
}
