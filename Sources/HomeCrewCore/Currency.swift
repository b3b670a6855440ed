/// An active ISO 4217 currency with its number of minor-unit digits.
///
/// Only currencies that can pay a wage are listed: the codes ISO 4217 marks "N.A." for
/// minor units (gold, SDRs, test codes) are left out, and so are codes withdrawn by the
/// amendments up to 2025 (HRK, BGN, ANG, SLL, ZWL, CUC…).
public struct Currency: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let code: String
    /// Digits after the decimal point: JPY 0, INR 2, KWD 3, CLF 4.
    public let minorUnits: Int

    public init(code text: String) throws(MoneyError) {
        let code = text.uppercased()
        guard let units = Self.minorUnitsByCode[code] else { throw .unknownCurrency(text) }
        self.code = code
        self.minorUnits = units
    }

    public var description: String { code }

    public static func < (lhs: Currency, rhs: Currency) -> Bool { lhs.code < rhs.code }

    public static var allCodes: [String] { minorUnitsByCode.keys.sorted() }

    private static let minorUnitsByCode: [String: Int] = {
        var table: [String: Int] = [:]
        for code in twoDigitCodes.split(separator: " ") { table[String(code)] = 2 }
        for code in ["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF",
                     "UGX", "UYI", "VND", "VUV", "XAF", "XOF", "XPF"] { table[code] = 0 }
        for code in ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"] { table[code] = 3 }
        for code in ["CLF", "UYW"] { table[code] = 4 }
        return table
    }()

    private static let twoDigitCodes = """
        AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BMD BND BOB BOV BRL BSD BTN BWP BYN BZD \
        CAD CDF CHE CHF CHW CNY COP COU CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP \
        GEL GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK \
        LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO \
        NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS \
        SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST \
        XCD XCG YER ZAR ZMW ZWG
        """
}
