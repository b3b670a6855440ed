import HomeCrewCore
import XCTest

/// Every form of repository location restic and rclone accept, with the credentials each can
/// carry: none of them is ever stored, printed or shown.
final class RepositoryLocationTests: XCTestCase {
    func testEveryCredentialALocationCanCarryIsRemoved() {
        let cases: [(given: String, shown: String)] = [
            // URLs: restic's rest:, s3: (and any other) with a user and password.
            ("rest:https://alice:hunter22@backup.example.net:8000/vault/", "rest:https://***@backup.example.net:8000/vault/"),
            ("rest:http://alice:pa#ss/wd@127.0.0.1:9/repo/", "rest:http://***@127.0.0.1:9/repo/"),
            ("s3:https://AKIAEXAMPLE:wJalrXUtnFEMIsecret@s3.example.com/bucket/homecrew", "s3:https://***@s3.example.com/bucket/homecrew"),
            ("sftp://alice:hunter22@nas.local:2222//srv/restic", "sftp://***@nas.local:2222//srv/restic"),
            ("s3:https://s3.example.com/bucket?X-Amz-Signature=abcdef123", "s3:https://s3.example.com/bucket?***"),
            // sftp's own form: a user is no secret, a password is.
            ("sftp:alice@nas.local:/srv/restic", "sftp:alice@nas.local:/srv/restic"),
            ("sftp:alice:hunter22@nas.local:/srv/restic", "sftp:***@nas.local:/srv/restic"),
            ("alice:hunter22@nas.local:/srv/restic", "***@nas.local:/srv/restic"),
            // rclone: a configured remote (its secrets in rclone.conf) stays; a connection string's secrets go.
            ("rclone:nas:backups/homecrew", "rclone:nas:backups/homecrew"),
            ("rclone::s3,provider=AWS,access_key_id=AKIAEXAMPLE,secret_access_key=wJalrXUtnFEMIsecret:bucket/homecrew",
             "rclone::s3,provider=AWS,access_key_id=***,secret_access_key=***:bucket/homecrew"),
            ("rclone::sftp,host=nas.local,user=alice,pass=Obscured123:/srv/restic", "rclone::sftp,host=nas.local,user=alice,pass=***:/srv/restic"),
            // rclone reads an unquoted value up to the first ":": the rest is a path, here a malformed one.
            ("rclone::webdav,url=https://dav.example.com,user=alice,password=\"has,comma:colon\":homecrew", "rclone::webdav,url=https:***"),
            ("rclone:drive,token='{\"access_token\":\"ya29secret\"}':homecrew", "rclone:drive,token=***:homecrew"),
            ("rclone::b2,account=0012abcdef,key=K001secretkey:bucket", "rclone::b2,account=***,key=***:bucket"),
            ("rclone::onedrive,client_id=app,client_secret=cs-secret-1,token=tok-secret-2:homecrew",
             "rclone::onedrive,client_id=***,client_secret=***,token=***:homecrew"),
            ("rclone::azureblob,account=acct,account_key=AZsecretkey==:container", "rclone::azureblob,account=***,account_key=***:container"),
            ("rclone::azureblob,sas_url=\"https://acct.blob.core.windows.net/c?sv=secret\":container", "rclone::azureblob,sas_url=***:container"),
            ("rclone::webdav,url=\"https://dav.example.com\",bearer_token=bt-secret-3:homecrew", "rclone::webdav,url=\"https://dav.example.com\",bearer_token=***:homecrew"),
            ("rclone::s3,session_token=st-secret-4:bucket", "rclone::s3,session_token=***:bucket"),
            // Backends whose credentials come from the environment: nothing to remove.
            ("s3:s3.amazonaws.com/bucket/homecrew", "s3:s3.amazonaws.com/bucket/homecrew"),
            ("b2:bucket:homecrew", "b2:bucket:homecrew"),
            ("azure:container:/homecrew", "azure:container:/homecrew"),
            ("gs:bucket:/homecrew", "gs:bucket:/homecrew"),
            ("swift:container:/homecrew", "swift:container:/homecrew"),
            ("/media/usb/homecrew", "/media/usb/homecrew"),
            ("local:/media/usb/homecrew", "local:/media/usb/homecrew"),
            // Text direction and control characters are not shown as themselves.
            ("/media/usb/\u{202E}cod.exe\r", "/media/usb/?cod.exe?"),
            ("s3:https://s3.example.com/b\u{1B}[31m", "s3:https://s3.example.com/b?***"),
        ]
        let secrets = ["hunter22", "pa#ss", "wJalrXUtnFEMIsecret", "AKIAEXAMPLE", "abcdef123", "Obscured123", "has,comma", "ya29secret",
                       "0012abcdef", "K001secretkey", "cs-secret-1", "tok-secret-2", "AZsecretkey", "sv=secret", "bt-secret-3", "st-secret-4"]
        for (given, shown) in cases {
            XCTAssertEqual(RepositoryLocation.redacted(given), shown, given)
            XCTAssertEqual(RepositoryLocation.redacted(shown), shown, "redacting twice changes nothing: \(given)")
            for secret in secrets { XCTAssertFalse(RepositoryLocation.redacted(given).contains(secret), "\(given): \(secret)") }
            for secret in secrets where given.contains(secret) {
                XCTAssertTrue(RepositoryLocation.secrets(of: given).contains { secret.contains($0) || $0.contains(secret) }, "\(given): \(secret)")
            }
        }
    }

    /// Every parameter of an rclone connection string is a secret but `shownRcloneParameters`,
    /// read with rclone's own quoting; and `user:password@` however the location goes on.
    func testAnRcloneConnectionStringShowsOnlyItsHarmlessParameters() {
        let cases: [(given: String, shown: String)] = [
            ("rclone::storj,access_grant=SECRETJ:bucket", "rclone::storj,access_grant=***:bucket"),
            ("rclone::webdav,url=\"http://127.0.0.1:9/\",headers=\"Authorization,Bearer SECRETI\":repo",
             "rclone::webdav,url=\"http://127.0.0.1:9/\",headers=***:repo"),
            ("rclone::azurefiles,connection_string=\"DefaultEndpointsProtocol=https;AccountName=a;SharedAccessSignature=sv=1&sig=SECRETT\":c",
             "rclone::azurefiles,connection_string=***:c"),
            ("rclone::sftp,host=127.0.0.1,port=9,user=u,ssh=\"sshpass -p SECRETU ssh\":repo", "rclone::sftp,host=127.0.0.1,port=9,user=u,ssh=***:repo"),
            // A nested remote is one quoted value, its own doubled quotes and all.
            ("rclone::crypt,password=SECRETG,remote=\":s3,provider=Other,endpoint='http://127.0.0.1:9',secret_access_key=\"\"SECRETH\"\":b\":",
             "rclone::crypt,password=***,remote=***:"),
            ("rclone::s3,provider=Other,endpoint=\"http://127.0.0.1:9\",secret_access_key='SEC''RETL':bucket",
             "rclone::s3,provider=Other,endpoint=\"http://127.0.0.1:9\",secret_access_key=***:bucket"),
            ("rclone::s3,provider=Other,endpoint=\"https://KEYV:SECRETV@host/?sig=SECRETX\",region=eu:b",
             "rclone::s3,provider=Other,endpoint=\"https://***@host/?***\",region=eu:b"),
            ("rclone::s3,env_auth,SECRETFLAG:bucket", "rclone::s3,env_auth,***:bucket"),
            ("rclone:nas,pass=SECRETN:backups", "rclone:nas,pass=***:backups"),
            // rclone refuses these: all after the remote's name goes.
            ("rclone::s3,secret_access_key=\"SECRETQ:bucket", "rclone::s3,***"),
            ("rclone::s3,secret_access_key='SECRETQ'x:bucket", "rclone::s3,***"),
            ("rclone::s3,secret_access_key=SECRETQ", "rclone::s3,***"),
            ("rclone::/srv,pass=SECRETZ:x", "rclone:***"),
            // An unquoted value ends at the first ":"; a path without "=" or quotes stays.
            ("rclone::s3,provider=Other,endpoint=http://127.0.0.1:9:bucket", "rclone::s3,provider=Other,endpoint=http://127.0.0.1:9:bucket"),
            ("rclone:/media/usb,x=y:z", "rclone:/media/usb,x=y:z"),
            ("sftp:u:SECRETK@127.0.0.1:/srv/a://b", "sftp:***@127.0.0.1:/srv/a://b"),
            ("rest:http://u:SEC\"RETW@127.0.0.1:9/", "rest:http://***@127.0.0.1:9/"),
            ("rest:http://u:SEC RETY@127.0.0.1:9/", "rest:http://***@127.0.0.1:9/"),
        ]
        for (given, shown) in cases {
            XCTAssertEqual(RepositoryLocation.redacted(given), shown, given)
            XCTAssertEqual(RepositoryLocation.redacted(shown), shown, "redacting twice changes nothing: \(given)")
            let secrets = given.matches(of: /SEC(?:[A-Z"' ]*[A-Z])?/).map { String($0.output) }
            for secret in secrets {
                XCTAssertTrue(RepositoryLocation.secrets(of: given).contains { secret.contains($0) || $0.contains(secret) }, "\(given): \(secret)")
                // A message that names an rclone location is redacted without knowing which.
                if given.hasPrefix("rclone:") { XCTAssertFalse(RepositoryLocation.redactedText("at \(given): EOF").contains(secret), given) }
            }
            if given.hasPrefix("rclone:"), !shown.hasSuffix("***") {
                XCTAssertEqual(RepositoryLocation.redactedText("at \(given): EOF"), "at \(shown): EOF", given)
            }
        }
        XCTAssertTrue(RepositoryLocation.secrets(of: cases[4].given).contains("SECRETH"), "a nested remote's own secrets are scrubbed too")
        XCTAssertEqual(cases.filter { RepositoryLocation.hasRcloneParameters($0.given) }.count, 14)
        XCTAssertFalse(RepositoryLocation.hasRcloneParameters("rclone:nas:backups"))
        XCTAssertFalse(RepositoryLocation.hasRcloneParameters("rclone::s3:bucket"))
    }

    /// What a run records and shows is redacted, however it was built: also a row an earlier
    /// HomeCrew stored with rclone's secrets in it, read back.
    func testABackupRunNeverHoldsACredential() {
        let run = BackupRun(kind: .backup, repository: "rclone::s3,secret_access_key=wJalrXUtnFEMIsecret:bucket", startedAt: .now, finishedAt: .now,
                            succeeded: false, message: "the restic repository rclone::s3,secret_access_key=wJalrXUtnFEMIsecret:bucket cannot be reached: "
                                + "Head \"https://alice:hunter22@host/config\": EOF")
        XCTAssertEqual(run.repository, "rclone::s3,secret_access_key=***:bucket")
        XCTAssertEqual(run.message, "the restic repository rclone::s3,secret_access_key=***:bucket cannot be reached: Head \"https://***@host/config\": EOF")
    }
}
