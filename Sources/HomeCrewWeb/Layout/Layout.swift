import HTTPTypes
import Hummingbird

/// The page shell: one style sheet of our own, no external fonts, scripts or CDNs.
enum Layout {
    static func page(title: String, session: WebSession?, status: HTTPResponse.Status = .ok, body: HTML) -> Response {
        let nav: HTML = session.map { session in """
            <nav aria-label="\(t("Main", context: "navigation"))"><ul>
            <li><a href="/">\(t("Home"))</a></li><li><a href="/documents">\(t("Documents"))</a></li><li><a href="/upload">\(t("Upload"))</a></li><li><a href="/search">\(t("Search"))</a></li>
            <li><a href="/reports/payroll">\(t("Payroll"))</a></li><li><a href="/reports/due">\(t("Due", context: "navigation"))</a></li><li><a href="/reports/tenure">\(t("Tenure"))</a></li><li><a href="/reports/leave">\(t("Leave", context: "navigation"))</a></li>
            <li><a href="/account">\(bdi: session.account?.name ?? t("Account"))</a></li>
            <li><form method="post" action="/signout">\(csrfField(session))<button type="submit" class="link">\(t("Sign out"))</button></form></li>
            </ul></nav>
            """ } ?? .empty
        let document: HTML = """
            <!doctype html>
            <html lang="\(WebText.current.language)" dir="\(WebText.current.rightToLeft ? "rtl" : "ltr")"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title) · HomeCrew</title>
            <link rel="stylesheet" href="/assets/site.css">
            <link rel="icon" href="/assets/icon.svg" type="image/svg+xml">
            <link rel="apple-touch-icon" href="/assets/icon-192.png">
            <link rel="manifest" href="/assets/manifest.webmanifest">
            <meta name="theme-color" content="#1f5f8b">
            <script src="/assets/site.js" defer></script>
            </head><body>
            <header><a class="brand" href="/">HomeCrew</a>\(nav)</header>
            <main id="main">
            \(body)
            </main></body></html>
            """
        return Response(status: status, headers: [.contentType: "text/html; charset=utf-8"],
                        body: .init(byteBuffer: ByteBuffer(string: document.markup)))
    }

    static func csrfField(_ session: WebSession?) -> HTML {
        "<input type=\"hidden\" name=\"csrf\" value=\"\(session?.csrfToken ?? "")\">"
    }

    /// The id of a form's field: `f-NAME`, or `f-FORM-NAME` where a page has several forms with
    /// fields of the same name (a label must point at its own form's field).
    static func fieldID(_ name: String, form: String?) -> String {
        "f-" + (form.map { $0 + "-" } ?? "") + name
    }

    /// A labelled text input; `value` is escaped like everything else.
    static func field(_ label: String, name: String, value: String? = nil, type: String = "text", required: Bool = false,
                      hint: String? = nil, attributes: HTML = .empty, form: String? = nil) -> HTML {
        let id = fieldID(name, form: form)
        let hintHTML: HTML = hint.map { "<small id=\"\(id)-hint\">\($0)</small>" } ?? .empty
        let described: HTML = hint == nil ? .empty : " aria-describedby=\"\(id)-hint\""
        // Typed text takes the direction of its first strong letter: an Arabic name reads right to left.
        let direction: HTML = type == "text" || type == "search" ? " dir=\"auto\"" : .empty
        return """
            <p class="field"><label for="\(id)">\(label)</label>
            <input id="\(id)" name="\(name)" type="\(type)" value="\(value ?? "")"\(direction)\(required ? " required" as HTML : .empty)\(described) \(attributes)>\(hintHTML)</p>
            """
    }

    static func textArea(_ label: String, name: String, value: String? = nil, form: String? = nil) -> HTML {
        let id = fieldID(name, form: form)
        return "<p class=\"field\"><label for=\"\(id)\">\(label)</label><textarea id=\"\(id)\" name=\"\(name)\" rows=\"3\" dir=\"auto\">\(value ?? "")</textarea></p>"
    }

    static func select(_ label: String, name: String, options: [(value: String, label: String)], selected: String? = nil,
                       attributes: HTML = .empty, form: String? = nil) -> HTML {
        let id = fieldID(name, form: form)
        let items = options.map { option -> HTML in
            "<option value=\"\(option.value)\"\(option.value == selected ? " selected" as HTML : .empty)>\(option.label)</option>"
        }
        return "<p class=\"field\"><label for=\"\(id)\">\(label)</label><select id=\"\(id)\" name=\"\(name)\"\(attributes)>\(items)</select></p>"
    }

    /// A form's messages: what went wrong, said once at the top.
    static func problem(_ message: String?) -> HTML {
        message.map { "<p class=\"error\" role=\"alert\">\($0)</p>" } ?? .empty
    }
}
