import HomeCrewCore

/// Markup that is safe to send: the literal parts of an `HTML` value come from this source
/// code, and every interpolated `String` is escaped. A value inserted without escaping must
/// be an `HTML` value itself, so an unescaped insertion cannot happen by accident.
public struct HTML: Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public private(set) var markup: String

    public init(stringLiteral literal: String) { markup = literal }
    public init(stringInterpolation: Interpolation) { markup = stringInterpolation.markup }
    /// Escaped text.
    public init(text: String) { markup = HTML.escape(text) }
    private init(markup: String) { self.markup = markup }

    public var description: String { markup }
    public static let empty = HTML(markup: "")

    public struct Interpolation: StringInterpolationProtocol {
        var markup = ""
        public init(literalCapacity: Int, interpolationCount: Int) { markup.reserveCapacity(literalCapacity * 2) }
        public mutating func appendLiteral(_ literal: String) { markup += literal }
        /// Text: escaped, for element content and quoted attribute values alike.
        public mutating func appendInterpolation(_ text: String) { markup += HTML.escape(text) }
        public mutating func appendInterpolation(_ text: String?) { markup += HTML.escape(text ?? "") }
        public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: T) where T: Sendable {
            markup += HTML.escape(value.description)
        }
        /// Text someone wrote (a name, a title): escaped and isolated in `<bdi>`, so that a name in
        /// Arabic or Hebrew beside English keeps both in their own order and cannot turn the text
        /// around it. A direction override inside (refused today, but a vault may hold one from
        /// before) is written out, `[U+202E]`. Only in element content; an attribute takes `\(text)`.
        public mutating func appendInterpolation(bdi text: String?) {
            guard let text, !text.isEmpty else { return }
            markup += HTML.isolated(text)
        }
        /// Text that reads left to right on every page (a span of dates, the domain's English): escaped,
        /// and on a right-to-left page isolated left to right, so that its parts keep their order.
        public mutating func appendInterpolation(ltr text: String?) {
            guard let text, !text.isEmpty else { return }
            markup += WebText.current.rightToLeft ? "<bdi dir=\"ltr\">" + HTML.escape(text) + "</bdi>" : HTML.escape(text)
        }
        /// Several people's names, each isolated, separated by commas.
        public mutating func appendInterpolation(bdi names: [String]) {
            markup += names.map(HTML.isolated).joined(separator: ", ")
        }
        /// Markup built the same way (already safe).
        public mutating func appendInterpolation(_ html: HTML) { markup += html.markup }
        public mutating func appendInterpolation(_ list: [HTML]) { for item in list { markup += item.markup } }
        /// A value for a URL's query or path segment: percent-encoded, then escaped.
        public mutating func appendInterpolation(component: String) {
            markup += HTML.escape(URLComponent.encode(component))
        }
    }

    /// Escapes the five characters that matter in element content and quoted attributes;
    /// control characters other than tab and newline are dropped (a document's text may hold them).
    public static func escape(_ text: String) -> String {
        var text = text
        // Most text needs no change: one read of its bytes, and the same string back.
        if text.withUTF8({ !$0.contains(where: needsAttention) }) { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 16)
        text.withUTF8 { appendEscaped($0, to: &output) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Bytes that are escaped or start a character that may be dropped (ASCII controls, the lead
    /// bytes of C1 controls and of U+FEFF).
    private static func needsAttention(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0x7F, 0xC2, 0xEF: true
        case 0..<0x20: byte != 0x09 && byte != 0x0A
        default: false
        }
    }

    /// UTF-8 in, escaped UTF-8 out; C0 controls but tab and newline, DEL, C1 controls
    /// (U+0080–009F, lead byte C2) and U+FEFF (EF BB BF) are left out.
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): output.append(contentsOf: "&#39;".utf8)
            case 0x09, 0x0A: output.append(byte)
            case 0..<0x20, 0x7F: continue
            case 0xC2 where index < bytes.count && (0x80...0x9F).contains(bytes[index]): index += 1
            case 0xEF where index + 1 < bytes.count && bytes[index] == 0xBB && bytes[index + 1] == 0xBF: index += 2
            default: output.append(byte)
            }
        }
    }

    /// A search snippet: escaped first, then the store's highlight markers become `<mark>` tags.
    /// Unpaired markers are dropped, so the tags always balance. Read as bytes: the markers are
    /// three-byte characters whose first byte never occurs inside another character.
    public static func highlighted(_ snippet: String, start: Unicode.Scalar, end: Unicode.Scalar) -> HTML {
        let (opening, closing) = (Array(String(start).utf8), Array(String(end).utf8))
        var output: [UInt8] = [], open = false
        var snippet = snippet
        snippet.withUTF8 { bytes in
            output.reserveCapacity(bytes.count + 64)
            var run = 0, index = 0
            while index < bytes.count {
                let rest = bytes[index...]
                let marker = rest.starts(with: opening) ? opening : rest.starts(with: closing) ? closing : nil
                guard let marker else { index += 1; continue }
                appendEscaped(UnsafeBufferPointer(rebasing: bytes[run..<index]), to: &output)
                if marker == opening, !open { output.append(contentsOf: "<mark>".utf8); open = true }
                if marker == closing, open { output.append(contentsOf: "</mark>".utf8); open = false }
                index += marker.count
                run = index
            }
            appendEscaped(UnsafeBufferPointer(rebasing: bytes[run...]), to: &output)
        }
        if open { output.append(contentsOf: "</mark>".utf8) }
        return HTML(markup: String(decoding: output, as: UTF8.self))
    }

    public static func + (lhs: HTML, rhs: HTML) -> HTML { HTML(markup: lhs.markup + rhs.markup) }

    public static func join(_ items: [HTML], separator: HTML = .empty) -> HTML {
        HTML(markup: items.map(\.markup).joined(separator: separator.markup))
    }
}

/// Percent-encoding for a query value or one path segment (RFC 3986 unreserved characters stay).
enum URLComponent {
    static func encode(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                output.append(byte)
            default:
                output.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes `application/x-www-form-urlencoded` text (`+` is a space); invalid escapes stay as typed.
    static func decodeFormValue(_ text: Substring) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                output.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                      let high = hexDigit(bytes[index + 1]), let low = hexDigit(bytes[index + 2]) {
                output.append(high << 4 | low)
                index += 2
            } else {
                output.append(byte)
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

extension Unicode.Scalar {
    /// C0, DEL and C1 (Unicode's Cc): a range test, not a property lookup, because every
    /// character of every page and logged path passes here.
    var isControlCharacter: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}

extension HTML {
    /// A word longer than this is not a name's word but something that would widen a whole table:
    /// its `<bdi>` is marked to wrap anywhere (an ordinary name never breaks inside a word).
    static let longestUnbrokenWord = 32

    static func isolated(_ text: String) -> String {
        let long = text.split(whereSeparator: { $0.isWhitespace || $0 == "-" || $0 == "/" })
            .contains { $0.count > longestUnbrokenWord }
        return (long ? "<bdi class=\"long\">" : "<bdi>") + escape(Visible.text(text)) + "</bdi>"
    }
}
