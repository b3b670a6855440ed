import HomeCrewCore
import HomeCrewPaperText

/// The languages a paper is printed in: the worker's first, then the household's beside it when
/// they differ, each with its sentence saying that the household's text governs. A person with
/// no language reads the household's; a household with none writes English. Where both are
/// English the paper is the English one HomeCrew has always printed.
struct PaperVersions<Paper> {
    /// Each language's paper, the worker's first, with its direction.
    let papers: [(paper: Paper, rightToLeft: Bool)]
    /// "In case of any difference, the English text governs.", in each language; empty on a paper in one.
    let governing: [String]

    init(_ english: Paper, worker: StaffLanguage?, household: StaffLanguage?, say: (PaperWords, Paper) -> Paper) {
        let written = household?.tag ?? "en"
        let tags = [worker?.tag ?? written, written].reduce(into: [String]()) { tags, tag in if !tags.contains(tag) { tags.append(tag) } }
        // A tag whose catalog is gone (a list that changed since it was stored) reads the English.
        let words = tags == ["en"] ? [] : tags.compactMap { try? PaperWords.of($0) }
        guard words.count == tags.count, !words.isEmpty else {
            (papers, governing) = ([(english, false)], [])
            return
        }
        papers = words.map { (say($0, english), $0.rightToLeft) }
        governing = words.count > 1 ? words.map { $0.governingText(written) } : []
    }

    var first: Paper { papers[0].paper }

    /// The same text from each language's paper.
    func texts(_ text: (Paper) -> String) -> [String] { papers.map { text($0.paper) } }
}
