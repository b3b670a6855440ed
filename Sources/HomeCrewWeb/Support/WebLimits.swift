/// The bounds on what one request may cost, kept together.
enum WebLimits {
    /// The database work one request may do, in seconds. A page that needs more says so
    /// ("narrow it") instead of keeping a thread busy; every page of the demo needs a few ms.
    static let requestSeconds = 0.5
    /// Rows a listing shows at once; more are reached by paging.
    static let pageSize = 50
    /// The longest page or CSV file one response may send: a report that would be longer says
    /// "narrow it" before it is built (ten years of a household of 1,000 staff was 19 MB).
    static let responseBytes = 4 << 20
    /// The rows a report page shows at most; its CSV may hold more, up to `responseBytes`.
    static let reportRows = 2000
    /// The people a form lists to choose from at most; with more, it asks for the person's id.
    static let staffChoices = 200
    /// The longest address (path and query) answered: the longest search or filter fits many times.
    static let addressBytes = 16 << 10
}
