/// Messages with named placeholders ("{employee} received {amount}"), as the papers' catalogs and
/// a settlement's working write them.
public enum MessageTemplate {
    /// Replaces each `{name}` once, left to right: a value that itself holds "{name}" (a person's
    /// name as typed) is written as it is, never filled again.
    public static func fill(_ template: String, _ values: [String: String]) -> String {
        var result = "", rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}"),
                  let value = values[String(rest[rest.index(after: open)..<close])] else {
                result.append("{")
                rest = rest[rest.index(after: open)...]
                continue
            }
            result += value
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
