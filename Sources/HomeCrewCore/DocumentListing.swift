import Foundation

/// The options a list of documents takes — `doc list` and the Documents page — checked here once,
/// so both front ends accept and refuse the same values with the same words.
public struct DocumentListing: Hashable, Sendable {
    public var kind: DocumentKind?
    public var expiry: ExpiryWindow?
    public var added: DaySpan
    public var issued: DaySpan
    public var order: DocumentOrder

    public init(kind: DocumentKind? = nil, expiry: ExpiryWindow? = nil, added: DaySpan = DaySpan(), issued: DaySpan = DaySpan(),
                order: DocumentOrder? = nil) {
        self.kind = kind
        self.expiry = expiry
        self.added = added
        self.issued = issued
        // Asking what expires soon wants the soonest first; otherwise the newest first.
        self.order = order ?? (expiry == nil ? .added : .expires)
    }

    /// A kind as typed: `passport`, `Passport`.
    public static func kind(_ text: String) throws(ListingError) -> DocumentKind {
        guard let kind = DocumentKind(rawValue: text.lowercased()) else { throw .unknownKind(text) }
        return kind
    }
}

/// Which expiry dates a listing keeps.
public enum ExpiryWindow: Hashable, Sendable, CustomStringConvertible {
    /// Expired before the day the list is made.
    case expired
    /// Expiring within this many days, those already expired included.
    case within(days: Int)

    /// `expired`, or a number of days ahead from 0 to ten years.
    public static func parse(_ text: String) throws(ListingError) -> ExpiryWindow {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "expired" { return .expired }
        guard let days = Int(trimmed), DueList.windowDays.contains(days) else { throw .expiryWindow(text) }
        return .within(days: days)
    }

    /// The last expiry date kept on `asOf`.
    public func latest(asOf: CalendarDate) -> CalendarDate {
        switch self {
        case .expired: asOf.adding(daysClamped: -1)
        case .within(let days): asOf.adding(daysClamped: days)
        }
    }

    public var description: String {
        switch self {
        case .expired: "expired"
        case .within(let days): String(days)
        }
    }
}

/// Days from one date to another, both included; either end may be open.
public struct DaySpan: Hashable, Sendable {
    public let from: CalendarDate?
    public let to: CalendarDate?

    public init() {
        from = nil
        to = nil
    }

    /// `field` names the dates in the error ("added", "issued").
    public init(from: CalendarDate?, to: CalendarDate?, field: String) throws(ListingError) {
        if let from, let to, to < from { throw .reversed(field: field, from: from, to: to) }
        self.from = from
        self.to = to
    }

    public var isOpen: Bool { from == nil && to == nil }

    public func contains(_ day: CalendarDate) -> Bool {
        (from.map { $0 <= day } ?? true) && (to.map { day <= $0 } ?? true)
    }
}

/// The orders a document list can take.
public enum DocumentOrder: String, CaseIterable, Hashable, Sendable {
    /// Newest added first.
    case added
    /// Latest issued first; undated last.
    case issued
    /// Soonest expiry first; undated last.
    case expires
    /// By title, A to Z.
    case title

    public var label: String {
        switch self {
        case .added: "Newest added"
        case .issued: "Latest issued"
        case .expires: "Soonest expiry"
        case .title: "Title"
        }
    }

    public static func parse(_ text: String) throws(ListingError) -> DocumentOrder {
        guard let order = DocumentOrder(rawValue: text.lowercased()) else { throw .unknownOrder(text) }
        return order
    }
}

public enum ListingError: HomeCrewError, Equatable {
    case unknownKind(String)
    case unknownOrder(String)
    case expiryWindow(String)
    case reversed(field: String, from: CalendarDate, to: CalendarDate)

    public var category: ErrorCategory { .usage }

    public var description: String {
        switch self {
        case .unknownKind(let text):
            "unknown kind '\(text)'; use one of: \(DocumentKind.allCases.map(\.rawValue).joined(separator: ", "))"
        case .unknownOrder(let text):
            "cannot sort by '\(text)'; use one of: \(DocumentOrder.allCases.map(\.rawValue).joined(separator: ", "))"
        case .expiryWindow(let text):
            "'\(text)' is not an expiry window; give 'expired' or a whole number of days from \(DueList.windowDays.lowerBound) to \(DueList.windowDays.upperBound)"
        case let .reversed(field, from, to):
            "the \(field) dates run backwards: \(from) is after \(to)"
        }
    }
}
