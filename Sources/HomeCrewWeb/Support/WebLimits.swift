/// The bounds on what one request may cost, kept together.
enum WebLimits {
    /// The database work one request may do, in seconds. A page that needs more says so
    /// ("narrow it") instead of keeping a thread busy; every page of the demo needs a few ms.
    static let requestSeconds = 0.5
    /// Rows a listing shows at once; more are reached by paging.
    static let pageSize = 50
    /// The longest address (path and query) answered: the longest search or filter fits many times.
    static let addressBytes = 16 << 10
    /// Fields one form may send: a form of this site sends a few dozen (a bulk change one page of
    /// ids); past this the form is refused before more of it is read.
    static let formFields = 1_000
    /// Files one upload may carry, and header lines one of its parts may have (a browser sends two).
    static let uploadFiles = 200
    static let partHeaderLines = 16
}
