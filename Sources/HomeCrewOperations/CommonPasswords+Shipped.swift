import Foundation
import HomeCrewCore

extension CommonPasswords {
    /// `Resources/common-passwords.txt`: the 10,000 most common passwords, most common first —
    /// the first 10,000 lines of django/contrib/auth/common-passwords.txt.gz in Django 4.2
    /// (PyPI: Django-4.2-py3-none-any.whl, BSD-3-Clause), a list of 20,000 by Royce Williams from
    /// breach corpora, https://gist.github.com/roycewilliams/226886fd01572964e1431ac8afc999ce.
    /// Made with: `unzip -p Django-4.2-py3-none-any.whl django/contrib/auth/common-passwords.txt.gz | zcat | head -10000`.
    /// Read once, on the first password checked.
    static let shipped: Result<CommonPasswords, AccountProblem> = {
        guard let url = Bundle.module.url(forResource: "common-passwords", withExtension: "txt") else {
            return .failure(.commonPasswordsMissing(expectedAt: Bundle.module.bundlePath))
        }
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            return .failure(.commonPasswordsMissing(expectedAt: url.path))
        }
        return .success(CommonPasswords(lines: text))
    }()
}

extension PasswordPolicy {
    /// The policy with the list shipped beside the program.
    static func check(_ password: String, accountName: String) throws(AccountProblem) {
        try check(password, accountName: accountName, common: CommonPasswords.shipped.get())
    }
}
