/// Names as long as real ones get, in Devanagari: a household of hundreds of such staff is what
/// made reading a document's facts on every view of its page cost half a second (#50).
public enum HostileNames {
    static let parts = ["राजेन्द्रप्रसाद", "लक्ष्मीनारायण", "चन्द्रशेखरन", "विश्वनाथन", "सुब्रह्मण्यम", "रामकृष्णन", "बालसुब्रमण्यम",
                        "श्रीनिवासन", "वेंकटरमण", "गोपालकृष्णन"]

    /// A name of five long Devanagari parts, different for every `number` below 1,000 (no one's
    /// parts are all among another's).
    public static func devanagari(_ number: Int) -> String {
        [parts[number % 10], parts[number / 10 % 10] + "जी", parts[number / 100 % 10] + "देव", "श्रीवास्तव", "त्रिपाठी"]
            .joined(separator: " ")
    }
}
