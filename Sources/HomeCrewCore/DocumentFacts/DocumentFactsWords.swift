// DATA, not code: the words HomeCrew looks for in a document's text. HomeCrewCore does no I/O
// and so carries no resource files; this table is its resource. Add a language by adding
// rows; every word is matched after the folding in `LabelledDates.fold` (case, Arabic hamza
// forms and marks, full-width forms, the digits of every script as 0–9).

extension DocumentFacts {
    /// The labels that name a date, by the field they name.
    static let dateLabels: [(words: String, field: FactField)] = [
        // English
        ("date of expiry", .expiry), ("expiry date", .expiry), ("date of expiration", .expiry),
        ("expiration date", .expiry), ("valid until", .expiry), ("valid thru", .expiry), ("valid through", .expiry),
        ("expires on", .expiry), ("expiry", .expiry), ("expires", .expiry),
        ("date of issue", .issued), ("issue date", .issued), ("date issued", .issued), ("issued on", .issued),
        ("date of birth", .birth), ("birth date", .birth),
        // French, as bilingual passports print it beside English
        ("date d'expiration", .expiry), ("date de naissance", .birth),
        // Arabic
        ("تاريخ الانتهاء", .expiry), ("تاريخ انتهاء الصلاحية", .expiry), ("صالحة حتى", .expiry), ("صالح حتى", .expiry),
        ("تاريخ الاصدار", .issued), ("تاريخ الميلاد", .birth),
        // Hindi
        ("समाप्ति की तिथि", .expiry), ("समाप्ति तिथि", .expiry), ("समाप्ति", .expiry), ("वैधता", .expiry),
        ("जारी करने की तिथि", .issued), ("जारी करने की तारीख", .issued), ("जारी होने की तिथि", .issued),
        ("जन्म तिथि", .birth), ("जन्म की तारीख", .birth),
        // Japanese
        ("有効期限", .expiry), ("有効期間満了日", .expiry), ("発行年月日", .issued), ("交付年月日", .issued), ("生年月日", .birth),
    ]

    /// The only words that may stand between a date's label and the date: the date's own ("on
    /// the", a weekday, a format such as DD/MM/YYYY). Any other word (a number of days, "notice",
    /// "entry") means the label is not followed by its date, and the date found after it is not
    /// taken. Words are folded; add a language by adding its words.
    static let dateWords: Set<String> = [
        "on", "the", "dd", "mm", "mmm", "yy", "yyyy",
        "monday", "mon", "tuesday", "tue", "tues", "wednesday", "wed", "thursday", "thu", "thur", "thurs",
        "friday", "fri", "saturday", "sat", "sunday", "sun",
        "في",   // Arabic: on
    ]

    /// Marks that may stand between a date's label and the date (full-width forms are folded to these).
    /// A semicolon is not among them: it ends a clause ("60 days after entry; …").
    static let dateMarks: Set<Unicode.Scalar> = [":", "-", ".", ",", "/", "(", ")", "[", "]", "|", "\u{2013}", "\u{2014}", "\u{060C}"]

    /// Labels followed by the holder's name (on a document without a readable zone).
    static let nameLabels: [String] = [
        "name", "full name", "name of holder", "holder's name", "employee name", "employee's name", "name of employee",
        "الاسم", "اسم الموظف", "नाम", "कर्मचारी का नाम", "氏名", "名前",
    ]

    /// Month names and their abbreviations (English, as passports print them beside their own language).
    static let monthNames: [(word: String, month: Int)] = [
        ("january", 1), ("jan", 1), ("february", 2), ("feb", 2), ("march", 3), ("mar", 3), ("april", 4), ("apr", 4),
        ("may", 5), ("june", 6), ("jun", 6), ("july", 7), ("jul", 7), ("august", 8), ("aug", 8),
        ("september", 9), ("sept", 9), ("sep", 9), ("october", 10), ("oct", 10), ("november", 11), ("nov", 11),
        ("december", 12), ("dec", 12),
    ]

    /// Countries whose documents write numeric dates month first (ISO 3166 alpha-2 and alpha-3);
    /// every other country writes the day first.
    static let monthFirstCountries: Set<String> = ["US", "USA"]

    /// Japanese eras: the name, the Gregorian year of its first year, and its first and last days.
    static let japaneseEras: [(name: String, firstYear: Int, from: (Int, Int, Int), to: (Int, Int, Int)?)] = [
        ("令和", 2019, (2019, 5, 1), nil),
        ("平成", 1989, (1989, 1, 8), (2019, 4, 30)),
        ("昭和", 1926, (1926, 12, 25), (1989, 1, 7)),
    ]

    /// Words that name a kind of document, in the households' languages.
    static let kindWords: [(words: String, kind: Kind)] = [
        ("passport", .passport), ("جواز سفر", .passport), ("جواز السفر", .passport), ("पासपोर्ट", .passport),
        ("旅券", .passport), ("パスポート", .passport),
        ("visa", .visa), ("entry permit", .visa), ("تأشيرة", .visa), ("تاشيرة", .visa), ("वीज़ा", .visa), ("वीजा", .visa),
        ("査証", .visa), ("ビザ", .visa),
        ("identity card", .idCard), ("id card", .idCard), ("emirates id", .idCard), ("aadhaar", .idCard),
        ("بطاقة الهوية", .idCard), ("आधार", .idCard), ("在留カード", .idCard), ("マイナンバーカード", .idCard),
        ("driving licence", .drivingLicence), ("driving license", .drivingLicence), ("driver's license", .drivingLicence),
        ("driver license", .drivingLicence), ("رخصة قيادة", .drivingLicence), ("ड्राइविंग लाइसेंस", .drivingLicence),
        ("運転免許証", .drivingLicence),
        ("employment contract", .employmentContract), ("contract of employment", .employmentContract),
        ("employment agreement", .employmentContract), ("عقد عمل", .employmentContract), ("عقد العمل", .employmentContract),
        ("रोजगार अनुबंध", .employmentContract), ("雇用契約", .employmentContract),
        ("payslip", .payslip), ("pay slip", .payslip), ("salary slip", .payslip), ("كشف راتب", .payslip),
        ("वेतन पर्ची", .payslip), ("給与明細", .payslip),
        ("receipt", .receipt), ("إيصال", .receipt), ("ايصال", .receipt), ("रसीद", .receipt), ("領収書", .receipt),
    ]
}
