extension HTML {
    /// A translated message whose placeholders take markup (a link, an isolated name): the
    /// message's own text is escaped and each `{name}` becomes its value's markup, so that a
    /// translation may move the link or the name anywhere in its sentence. The message comes from
    /// `t(…)` without values: every value goes through here, already escaped.
    static func filled(_ message: String, _ values: [String: HTML]) -> HTML {
        var result: HTML = .empty
        var rest = message[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = String(rest[rest.index(after: open)..<close])
            if let value = values[name] {
                result = result + "\(String(rest[..<open]))" + value
            } else {
                result = result + "\(String(rest[...close]))"
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + "\(String(rest))"
    }
}
