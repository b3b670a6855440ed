import HomeCrewCore
import HomeCrewStore

/// Paging of one list on a page that shows several (the household's staff, a person's leave):
/// each list has its own query parameter (`staff_page=2`), shows "1–50 of N" and previous/next
/// links that keep the page's other lists where they were. A page reads only the rows it shows.
struct ListPager {
    /// The page's path, and the query parameters its lists and filters use (kept by every link).
    let path: String
    let query: Form
    let kept: [String]

    static func asked(_ query: Form, _ parameter: String) -> PageRequest {
        PageRequest(page: query[parameter].flatMap { Int($0) } ?? 1, size: WebLimits.pageSize)
    }

    /// "1–50 of 1,200 leave entries" and the links, for a list of more than one page; nothing for one page.
    /// `label` names the pager for screen readers (`t("Pages of changes")`); `items` counts the whole
    /// list in the page's language (`tPlural("{count} change", "{count} changes", count: paged.total)`).
    func controls<T>(_ paged: Paged<T>, parameter: String, anchor: String, label: String, items: String) -> HTML {
        guard paged.pages > 1 else { return .empty }
        let last = paged.first + paged.rows.count - 1
        func link(_ target: Int, _ label: String, _ rel: String) -> HTML {
            let pairs = kept.compactMap { name -> String? in
                let value = name == parameter ? String(target) : query[name]
                return value.map { "\(name)=\(URLComponent.encode($0))" }
            }
            return "<a rel=\"\(rel)\" href=\"\(path)?\(pairs.joined(separator: "&"))#\(anchor)\">\(label)</a>"
        }
        let shown = t("{first}–{last} of {items}", ["first": String(paged.first), "last": String(last), "items": items])
        let page = t("Page {page} of {pages}", ["page": String(paged.page), "pages": String(paged.pages)])
        return """
            <nav class="pager" aria-label="\(label)"><p>\(shown)
            \(paged.page > 1 ? link(paged.page - 1, t("← Previous"), "prev") : .empty)
            <span>\(page)</span> \(paged.page < paged.pages ? link(paged.page + 1, t("Next →"), "next") : .empty)</p></nav>
            """
    }
}
