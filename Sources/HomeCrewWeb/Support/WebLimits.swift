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
    /// The documents of one upload whose suggestions its result page reads and offers; the others' are on their own pages.
    static let uploadSuggestions = 20
    /// The longest address (path and query) answered: the longest search or filter fits many times.
    static let addressBytes = 16 << 10
    /// Fields one form may send: a form of this site sends a few dozen (a bulk change one page of
    /// ids); past this the form is refused before more of it is read.
    static let formFields = 1_000
    /// Files one upload may carry, and header lines one of its parts may have (a browser sends two).
    static let uploadFiles = 200
    /// The bytes of an upload's fields together (they are held in memory, its files are not): a
    /// payment's or an upload's fields take a few hundred bytes, so 64 connections of one address
    /// hold at most 16 MB of them.
    static let uploadFieldBytes = 256 << 10
    /// The bytes of a signed-in person's form (not an upload's): the widest form of this site, a
    /// household's two notes of 5,000 characters, takes up to 270 KB percent-encoded when typed
    /// decomposed (Hangul as jamo: three scalars of three bytes each a character).
    static let formBytes = 512 << 10
    /// The bytes of a form anyone may send (signing in, joining by invitation: a name and two
    /// passwords). Decoding is linear, but a megabyte of it was half a second of a debug build's
    /// thread for a sign-in that no account could match.
    static let publicFormBytes = 16 << 10
    /// Seconds a form's body may take to arrive (a form is at most `formBytes`: a slow phone sends it in
    /// a few seconds), and the least an upload must average after its first `uploadGraceSeconds`,
    /// in bytes a second: the idle timeout closes a silent connection, these one that trickles.
    static let formBodySeconds = 20
    static let uploadGraceSeconds = 30.0
    static let uploadLeastRate = 2_048.0
    static let partHeaderLines = 16
    /// The least a client must take of an answer's body while more of it waits, in bytes a second
    /// counted over each window (`SlowReaderGuard`): a download read a byte a second is cut off
    /// within two windows of the client falling behind, not held for as long as it likes.
    static let downloadLeastRate = 2_048
    static let downloadWindowSeconds: Int64 = 10
    /// The time one answer may take to be written, from its head: its size at the least rate plus
    /// `downloadGraceSeconds`, and never more than `downloadSeconds` (an answer of unknown size gets
    /// the ceiling). The least rate alone let a client taking 2.1 KB/s hold a 16 MB download, its
    /// connection and open file for over two hours; the ceiling bounds how long any client holds
    /// them whatever its size. 30 min takes a 16 MB scan at 9 KB/s (a poor mobile line) and a
    /// file at the 512 MB upload limit at 290 KB/s. Larger than the ceiling by size is not offered:
    /// a bound that grows with the file is no bound.
    static let downloadGraceSeconds: Int64 = 60
    static let downloadSeconds: Int64 = 30 * 60
    /// A stored document is read for its download in pieces of this size, and NIO's file reader
    /// keeps up to 8 of them ahead of the client: 60 stalled downloads added 50 MB to the server
    /// until they were cut off, 85 MB with Hummingbird's default of 128 KB. A 16 MB download on
    /// loopback took 24.1 ms with either size, and 34.8 ms with 32 KB pieces.
    static let downloadPieceBytes = 64 << 10
    /// Seconds a connection may go without a request part arriving: it covers a keep-alive connection
    /// left idle, a request head that is not complete this long after the connection opened or the
    /// last answer (a client sending its headers a byte at a time), and a body that stops arriving.
    /// Time the server spends answering does not count.
    static let idleSeconds: Int64 = 15
    /// How long stopping the server (SIGTERM, Ctrl-C) waits for the answers in flight before it
    /// cuts off the rest. Pages are answered within a second, but a download or upload may take its
    /// client up to 30 minutes, and `systemctl stop` would wait 90 s for it and then kill the server.
    static let stopGraceSeconds: Int64 = 10
    /// Open connections from one address, and in all: a browser opens about 6 per site, so a
    /// household behind one address has room for several; the total stays far below the 20,000
    /// descriptors the server may open. Connections over either are closed at once, not queued.
    static let connectionsPerAddress = 64
    static let connections = 1024
    /// Password hashes waiting for the hash lane, and how long one may wait before the request is
    /// answered 503 "busy" (in the server its request's budget, 0.5 s, ends the wait first): a
    /// hash takes about 60 ms, so 8 in line wait about half a second. The 8 are strangers' (sign-ins
    /// from new places, joins) together, 2 per address; each account has 4 of its own, 2 for each
    /// browser, place or session it tries from (a browser's id is free to make: however many one
    /// account holds, they share its 4).
    static let hashQueue = 8
    static let hashQueuePerTenant = 2
    static let hashQueuePerAccount = 4
    static let hashPatienceSeconds = 2.0
    /// Password changes and joins by invitation (each an Argon2 hash): 5 tries at once per
    /// account, invitation and address, then one more every 30 s.
    static let hashTries = 5
    static let hashTryRefillSeconds = 30.0
}
