import HomeCrewCore

/// RFC 5545 output for `report due --format ics` and the web's calendar feed: one all-day
/// event per item.
public enum ICalendar {
    /// What an event says: its title and its description. The command line's are English; the
    /// web's calendar speaks the language of the account it is for.
    public struct Wording: Sendable {
        public let summary: @Sendable (DueItem) -> String
        public let description: @Sendable (DueItem) -> String

        public init(summary: @escaping @Sendable (DueItem) -> String, description: @escaping @Sendable (DueItem) -> String) {
            self.summary = summary
            self.description = description
        }

        public static let english = Wording(summary: { item in
            let who = item.staffNames.isEmpty ? "" : " — " + item.staffNames.joined(separator: ", ")
            let what: String
            switch item.kind {
            case .documentExpiry: what = (item.isExpired ? "Expired: " : "Expires: ") + item.summary
            case .anniversary: what = "Work anniversary: " + item.summary
            case .leaving: what = "Leaving: " + item.summary
            case .backup: what = "Backup: " + item.summary
            case .settlement: what = (item.isExpired ? "Overdue: " : "Due: ") + item.summary
            }
            return what + who
        }, description: { item in item.kind == .backup ? "The whole vault" : "Household: \(item.householdName)" })
    }

    /// `maxBytes` (the web's): refused once the calendar would pass it; the request's budget is asked as it goes.
    public static func render(_ items: [DueItem], stamp: CalendarDate, name: String? = nil, maxBytes: Int? = nil,
                              wording: Wording = .english) throws(WorkBudgetError) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//HomeCrew//report due//EN", "CALSCALE:GREGORIAN"]
        if let name { lines.append("X-WR-CALNAME:" + escape(name)) }
        var meter = WorkMeter()
        // About 300 bytes an event: a calendar past the limit is refused before it is written.
        if let maxBytes, items.count * 300 > maxBytes { throw .tooLarge(limit: maxBytes) }
        for item in items {
            try meter.tick()
            let day = compact(item.date)
            lines += ["BEGIN:VEVENT",
                      "UID:\(item.kind.rawValue)-\(item.recordID.rawValue)-\(day)@homecrew",
                      "DTSTAMP:\(compact(stamp))T000000Z",
                      "DTSTART;VALUE=DATE:\(day)",
                      "DTEND;VALUE=DATE:\(compact(item.date.adding(daysClamped: 1)))",
                      "SUMMARY:\(escape(wording.summary(item)))",
                      "DESCRIPTION:\(escape(wording.description(item)))",
                      "END:VEVENT"]
        }
        lines.append("END:VCALENDAR")
        return lines.flatMap(fold).joined(separator: "\r\n") + "\r\n"
    }

    static func compact(_ date: CalendarDate) -> String { date.description.replacingOccurrences(of: "-", with: "") }

    /// TEXT values escape backslash, semicolon, comma and newlines; control characters go. A
    /// line or paragraph separator (U+2028, U+2029) is a newline to the person who typed it, and
    /// is escaped as one: a calendar shows it as a line break, not as an unknown character.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n", "\u{2028}", "\u{2029}": result += "\\n"
            default: if scalar.properties.generalCategory != .control { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    /// Lines longer than 75 octets continue on the next line after a space, never inside a
    /// UTF-8 sequence.
    static func fold(_ line: String) -> [String] {
        var pieces: [String] = [], current = "", size = 0
        for character in line {
            let octets = character.utf8.count
            if size + octets > (pieces.isEmpty ? 75 : 74) {
                pieces.append(current)
                current = ""
                size = 0
            }
            current.append(character)
            size += octets
        }
        pieces.append(current)
        return pieces.enumerated().map { $0.offset == 0 ? $0.element : " " + $0.element }
    }
}
