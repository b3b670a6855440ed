import Foundation

/// Text as the search index sees it. SQLite's unicode61 tokenizer finds words between
/// spaces and punctuation, but Chinese and Japanese have no spaces: a whole sentence would be
/// one "word". So every Han, kana or Hangul character becomes a word of its own, and a
/// query word in those scripts becomes a phrase of characters — an exact substring match,
/// which is how a two- or three-character word is found.
public enum SearchText {
    public static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF,   // hiragana, katakana
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F,   // Han
             0xAC00...0xD7AF, 0x1100...0x11FF, 0x3130...0x318F,   // Hangul
             0x31F0...0x31FF, 0xFF66...0xFF9F:   // kana extensions, half-width katakana
            return true
        default:
            return false
        }
    }

    /// Arabic vowel and other marks (harakat): people search without them.
    static func isArabicMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0610...0x061A, 0x064B...0x065F, 0x0670, 0x06D6...0x06ED: return true
        default: return false
        }
    }

    /// Hebrew points and cantillation marks: people search without them too.
    static func isHebrewMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0591...0x05BD, 0x05BF, 0x05C1...0x05C2, 0x05C4...0x05C5, 0x05C7: return true
        default: return false
        }
    }

    /// Presentation forms: the contextual shapes of Arabic and Persian letters (U+FB50–FDFF,
    /// U+FE70–FEFF) and Hebrew letters with points (U+FB1D–FB4F), which many PDFs carry instead
    /// of the letters a keyboard types. NFKC turns each back into its letters, in the index and
    /// in queries alike.
    static func isPresentationForm(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xFB1D...0xFDFF, 0xFE70...0xFEFF: return true
        default: return false
        }
    }

    static func letters(of scalar: Unicode.Scalar) -> String.UnicodeScalarView {
        String(scalar).precomposedStringWithCompatibilityMapping.unicodeScalars
    }

    static func isArabicLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0620...0x064A, 0x066E...0x06D3, 0x06FA...0x06FF, 0x0750...0x077F: return true
        default: return false
        }
    }

    /// Marks the reversed copy of an Arabic word in indexed text; a control character, so
    /// the tokenizer treats it as a separator, and `restore` drops the copy for display.
    static let reversedCopyMark: Unicode.Scalar = "\u{1F}"

    /// Text for the index: presentation forms as letters, spaces around every CJK character,
    /// Arabic and Hebrew marks removed, and at the end the reversed copy of each Arabic word —
    /// some PDFs store Arabic in visual order (habibi.pdf reads يبيبح for حبيبي), and a word must
    /// be found either way. The copies go after the text, not beside their words, so that a
    /// phrase typed in logical order still finds its words next to each other.
    public static func prepare(_ text: String) -> String {
        spaced(text, addingReversedArabic: true)
    }

    /// A query word as the index sees it: the same, without reversed copies.
    public static func prepareQuery(_ text: String) -> String {
        spaced(text, addingReversedArabic: false)
    }

    private static func spaced(_ text: String, addingReversedArabic: Bool) -> String {
        // Arabic and CJK begin at U+0600, whose UTF-8 lead bytes are 0xD8 and above: text
        // without such bytes (most of it) is already as the index wants it. This runs inside
        // every indexing write, so the byte scan matters.
        guard text.utf8.contains(where: { $0 >= 0xD8 }) else { return text }
        var result = String.UnicodeScalarView()
        var previousWasCJK = false
        var arabicWord: [Unicode.Scalar] = []
        var copies: [[Unicode.Scalar]] = [], copied: Set<String> = []
        func endArabicWord() {
            if addingReversedArabic && arabicWord.count > 1, copied.insert(String(String.UnicodeScalarView(arabicWord))).inserted {
                copies.append(arabicWord.reversed())
            }
            arabicWord = []
        }
        func append(_ scalar: Unicode.Scalar) {
            if isArabicMark(scalar) || isHebrewMark(scalar) { return }
            if isArabicLetter(scalar) { arabicWord.append(scalar) } else { endArabicWord() }
            let cjk = isCJK(scalar)
            if cjk || previousWasCJK, !scalar.properties.isWhitespace, let last = result.last, !last.properties.isWhitespace {
                result.append(" ")
            }
            result.append(scalar)
            previousWasCJK = cjk
        }
        for original in text.unicodeScalars {
            if isPresentationForm(original) { letters(of: original).forEach(append) } else { append(original) }
        }
        endArabicWord()
        for copy in copies {
            result.append(" ")
            result.append(reversedCopyMark)
            result.append(contentsOf: copy)
        }
        return String(result)
    }

    /// Undoes `prepare` for display: removes the spaces between two CJK characters,
    /// looking past highlight markers (the private-use characters U+E000 and U+E001).
    public static func restore(_ text: String) -> String {
        // Most snippets hold neither a reversed copy nor CJK: nothing to undo but a last space.
        if !text.unicodeScalars.contains(where: { $0 == reversedCopyMark || isCJK($0) }) {
            return text.last == " " ? String(text.dropLast()) : text
        }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        func neighbour(_ start: Int, _ step: Int) -> Unicode.Scalar? {
            var index = start
            while index >= 0 && index < scalars.count {
                if scalars[index] != "\u{E000}" && scalars[index] != "\u{E001}" { return scalars[index] }
                index += step
            }
            return nil
        }
        var copy: [Unicode.Scalar]?   // the reversed copy being skipped
        var copyWasHighlighted = false
        func endCopy() {
            if let skipped = copy, copyWasHighlighted { highlight(Array(skipped.reversed()), in: &result) }
            copy = nil
        }
        for (index, scalar) in scalars.enumerated() {
            if scalar == reversedCopyMark {
                endCopy()
                copy = []
                copyWasHighlighted = false
                if result.last == " " { result.removeLast() }
                continue
            }
            if copy != nil {
                if scalar == "\u{E000}" { copyWasHighlighted = true }
                if scalar == "\u{E000}" || scalar == "\u{E001}" { continue }
                if isArabicLetter(scalar) { copy?.append(scalar); continue }
                endCopy()
            }
            if scalar == " ", let before = neighbour(index - 1, -1), let after = neighbour(index + 1, 1),
               isCJK(before) && isCJK(after) {
                // The space was put there by prepare(): CJK characters on both sides.
                continue
            }
            result.append(scalar)
        }
        endCopy()
        if result.last == " " { result.removeLast() }
        return String(result)
    }

    /// A matched reversed copy marks its word, where the word is shown and not yet marked.
    private static func highlight(_ word: [Unicode.Scalar], in result: inout String.UnicodeScalarView) {
        var scalars = Array(result)
        guard !word.isEmpty, scalars.count >= word.count else { return }
        for start in 0...(scalars.count - word.count) where Array(scalars[start..<start + word.count]) == word {
            let before = start > 0 ? scalars[start - 1] : nil, after = start + word.count < scalars.count ? scalars[start + word.count] : nil
            // A whole word, not already marked.
            guard before.map({ !isArabicLetter($0) && $0 != "\u{E000}" }) ?? true, after.map({ !isArabicLetter($0) }) ?? true else { continue }
            scalars.insert("\u{E001}", at: start + word.count)
            scalars.insert("\u{E000}", at: start)
            result = String.UnicodeScalarView(scalars)
            return
        }
    }
}
