import ArgumentParser
import HomeCrewStore
import HomeCrewVault

struct ConfigureVault: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Show or change vault settings (ocr.languages).")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "A setting: ocr.languages.") var key: String?
    @Argument(help: "Its new value, such as eng+hin.") var value: String?
    @Flag(help: "Go back to the default value.") var unset = false

    func validate() throws {
        if let key, VaultSetting(rawValue: key) == nil {
            throw ValidationError("unknown setting '\(key)'; known: \(VaultSetting.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if unset && (key == nil || value != nil) { throw ValidationError("--unset takes a setting and no value") }
    }

    func run() throws {
        guard let key, let setting = VaultSetting(rawValue: key) else {
            let database = try vault.openForReading()
            for setting in VaultSetting.allCases { print("\(setting.rawValue) = \(try database.setting(setting))") }
            return
        }
        guard value != nil || unset else { return print(try vault.openForReading().setting(setting)) }
        var checked = value
        if let value, setting == .ocrLanguages { checked = try OCRLanguages.validate(value) }
        let database = try vault.openForWriting()
        try database.setSetting(setting, to: checked)
        print("\(setting.rawValue) = \(try database.setting(setting))")
    }
}
