#!/usr/bin/python3
"""`homecrew vault backup --restic` against real repositories on loopback, started and stopped here:
an S3 API (moto's server) and a REST repository (`rclone serve restic`), then a local one.

- A repository is made there only with --init (66 without it). The demo vault is backed up, changed through the CLI (a document, a payment, a settlement), backed
  up again; both snapshots restored into new directories each equal the vault as it was (`export`
  identical but for its time, `vault verify` clean); the restore drill passes.
- Failures are one line with their exit code and change nothing: restic missing (69), a wrong password
  (77), a repository that cannot be reached or never answers (69), restic itself killed (74), a full disk (74, when this
  runs as root and may mount a small tmpfs).
- SIGKILL at random moments of 20 backups (a small vault, a local repository): the live vault verifies,
  the next run succeeds, and `restic check` finds the repository sound.
- SIGKILL at random moments of 20 restores from that repository and 10 from an archive: after each, no
  folder (the target, a hidden staging one) is accepted as a vault by any command unless its restore
  completed and it verifies, equals the vault and finds its text; the next restore clears what they left.

Usage: Tests/Backup/check.py .build/debug/homecrew. Exit 0 when every check holds."""
import hashlib
import json
import os
import random
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

failures = 0
HELLO_PDF = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Samples", "fixtures", "hello.pdf")


def check(condition, what):
    global failures
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    failures += 0 if condition else 1


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port, process, what, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"{what} stopped at once (exit {process.returncode})")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    sys.exit(f"{what} did not listen on 127.0.0.1:{port} within {seconds} s")


def png(seed):
    """A 1x1 PNG of a colour from `seed`: a new object each time."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    pixel = b"\x00" + bytes([(seed * 37) % 256, (seed * 91) % 256, (seed * 53) % 256])
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(pixel)) + chunk(b"IEND", b""))


def moto_command(work):
    """moto's S3 server: on PATH or pyenv's, else PyPI's moto[server] installed once into the user's cache."""
    for candidate in [shutil.which("moto_server"), os.path.expanduser("~/.pyenv/shims/moto_server")]:
        if candidate and os.access(candidate, os.X_OK):
            probe = subprocess.run([candidate, "--help"], capture_output=True)
            if probe.returncode == 0:
                return [candidate], {}
    target = os.path.join(os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "homecrew", "moto-server")
    if not os.path.isdir(os.path.join(target, "moto")):
        print(f"moto_server is not on this machine: installing PyPI moto[server] into {target}", flush=True)
        subprocess.run(["/usr/bin/python3", "-m", "pip", "install", "--quiet", "--target", target, "moto[server]"], check=True)
    return ["/usr/bin/python3", "-m", "moto.server"], {"PYTHONPATH": target}


class Run:
    def __init__(self, homecrew, env):
        self.homecrew, self.env = homecrew, env

    def __call__(self, *arguments, env=None, check_ok=False):
        result = subprocess.run([self.homecrew, *arguments], capture_output=True, text=True, env=env or self.env)
        if check_ok and result.returncode != 0:
            sys.exit(f"homecrew {' '.join(arguments)}: exit {result.returncode}: {result.stderr.strip()}")
        return result

    def export(self, vault, out):
        self("export", "--vault", vault, "--out", out, check_ok=True)
        with open(out) as handle:
            records = json.load(handle)
        records.pop("exported_at", None)
        return records

    def verifies(self, vault):
        result = self("vault", "verify", "--vault", vault)
        return result.returncode == 0 and "no problems" in result.stdout


def one_line_error(result, code, words):
    lines = result.stderr.strip().split("\n")
    return result.returncode == code and len(lines) == 1 and lines[0].startswith("error:") and words in lines[0]


def round_trip(run, name, repository, demo, work):
    """Back up the demo vault, change it, back it up again; restore both snapshots and compare."""
    vault = os.path.join(work, f"vault-{name}")
    shutil.copytree(demo, vault, symlinks=True)
    # HomeCrew cannot look into a bucket or a server to see what else is there: it makes a repository there only with --init.
    refused = run("vault", "backup", "--vault", vault, "--restic", repository)
    check(one_line_error(refused, 66, "HomeCrew cannot see what else is there"), f"{name}: without --init no repository is made ({refused.stderr.strip()})")
    first = run("vault", "backup", "--vault", vault, "--restic", repository, "--init")
    check(first.returncode == 0 and "Initialised the restic repository" in first.stdout, f"{name}: the first backup with --init initialises the repository and succeeds ({first.stderr.strip()})")
    before = run.export(vault, os.path.join(work, f"{name}-before.json"))
    with open(os.path.join(work, f"{name}.png"), "wb") as handle:
        handle.write(png(len(name)))
    run("doc", "add", os.path.join(work, f"{name}.png"), "--staff", "Ramesh", "--kind", "other", "--no-ocr", "--vault", vault, "--today", "2026-11-22", check_ok=True)
    run("pay", "record", "Ramesh", "--amount", "1000", "--on", "2026-11-22", "--method", "cash", "--vault", vault, "--today", "2026-11-22", check_ok=True)
    run("settle", "Ramesh", "--leaving", "2026-11-30", "--reason", "termination", "--confirm", "--method", "cash", "--vault", vault, "--today", "2026-11-22", check_ok=True)
    second = run("vault", "backup", "--vault", vault, "--restic", repository)
    check(second.returncode == 0, f"{name}: the second backup succeeds ({second.stderr.strip()})")
    after = run.export(vault, os.path.join(work, f"{name}-after.json"))
    found_after = searches(run, vault)
    listing = run("vault", "backups", "--vault", vault, "--restic", repository, "--format", "json")
    snapshots = json.loads(listing.stdout) if listing.returncode == 0 else []
    check(len(snapshots) == 2, f"{name}: vault backups lists the two snapshots ({listing.stderr.strip()})")
    if len(snapshots) != 2:
        return
    documents = [snapshot["counts"].get("document") for snapshot in snapshots]
    check(documents[1] == documents[0] + 2 and snapshots[1]["counts"]["payment"] > snapshots[0]["counts"]["payment"],
          f"{name}: their record counts show the change (documents {documents})")
    for snapshot, expected, label in [(snapshots[0], before, "first"), (snapshots[1], after, "second")]:
        target = os.path.join(work, f"restored-{name}-{label}")
        restore = run("vault", "restore", "--restic", repository, "--snapshot", snapshot["id"][:8], "--into", target)
        check(restore.returncode == 0, f"{name}: the {label} snapshot restores into a new directory ({restore.stderr.strip()})")
        if restore.returncode == 0:
            check(run.export(target, target + ".json") == expected, f"{name}: the {label} restored vault exports exactly as the vault did then")
            check(run.verifies(target), f"{name}: the {label} restored vault verifies")
            if label == "second":
                # The text of pages travels beside the database copy (backup-text/); the search is made again from it.
                check(searches(run, target) == found_after and all(found_after.values()),
                      f"{name}: the restored vault's search finds what the vault's did, page by page ({ {word: len(hits) for word, hits in found_after.items()} })")
    drill = run("vault", "backup", "--vault", vault, "--restic", repository, "--check")
    check(drill.returncode == 0 and "Restore drill passed" in drill.stdout and "has not changed since" in drill.stdout,
          f"{name}: the restore drill passes ({drill.stdout.strip()} {drill.stderr.strip()})")
    unchanged = run("vault", "backup", "--vault", vault, "--restic", repository)
    print(f"     {name}: a backup of the unchanged vault: {unchanged.stdout.strip()}", flush=True)


def searches(run, vault):
    """What `search` finds for a few words of the demo's documents, with page numbers and snippets."""
    found = {}
    for word in ["passport", "salary", "visa", "settlement"]:
        result = run("search", word, "--all-households", "--format", "json", "--vault", vault)
        found[word] = [(hit.get("document_id"), hit.get("page"), hit.get("snippet")) for hit in json.loads(result.stdout or "[]")] if result.returncode == 0 else None
    return found


def failures_are_plain(run, demo, work, env):
    vault = os.path.join(work, "vault-failures")
    shutil.copytree(demo, vault, symlinks=True)
    repository = os.path.join(work, "repo-failures")
    run("vault", "backup", "--vault", vault, "--restic", repository, check_ok=True)
    records = run.export(vault, os.path.join(work, "failures-before.json"))
    no_restic = dict(env, PATH="/nonexistent")
    result = run("vault", "backup", "--vault", vault, "--restic", repository, env=no_restic)
    check(one_line_error(result, 69, "install Debian's package restic"), f"restic missing: exit 69, one line naming the package ({result.stderr.strip()})")
    with open(os.path.join(work, "wrong-password"), "w") as handle:
        handle.write("not the password\n")
    result = run("vault", "backup", "--vault", vault, "--restic", repository, "--password-file", os.path.join(work, "wrong-password"))
    check(one_line_error(result, 77, "wrong password"), f"a wrong password: exit 77, one line ({result.stderr.strip()})")
    closed = free_port()
    result = run("vault", "backup", "--vault", vault, "--restic", f"rest:http://someone:s3cret@127.0.0.1:{closed}/")
    check(one_line_error(result, 69, "cannot be reached") and "s3cret" not in result.stderr,
          f"an unreachable repository: exit 69, one line, no password shown ({result.stderr.strip()})")
    hung_repository(run, vault, env)
    result = run("vault", "restore", "--restic", repository, "--into", os.path.join(work, "restore-wrong"),
                 env=dict(env, RESTIC_PASSWORD_FILE=os.path.join(work, "wrong-password")))
    check(one_line_error(result, 77, "wrong password") and not os.path.exists(os.path.join(work, "restore-wrong")),
          "a restore with a wrong password: exit 77 and no directory")
    result = run("vault", "restore", "--restic", repository, "--into", vault)
    check(one_line_error(result, 73, "is not empty"), "a restore into a non-empty directory is refused (73)")
    # restic itself killed in the middle: HomeCrew says so, and the next backup completes.
    process = subprocess.Popen([run.homecrew, "vault", "backup", "--vault", vault, "--restic", repository],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    killed = False
    deadline = time.monotonic() + 20
    while not killed and process.poll() is None and time.monotonic() < deadline:
        for child in children(process.pid):
            if open(f"/proc/{child}/comm").read().strip() == "restic":
                os.kill(child, signal.SIGKILL)
                killed = True
        time.sleep(0.01)
    out, err = process.communicate()
    check(killed and process.returncode == 74 and "restic was stopped by signal 9" in err and len(err.strip().split("\n")) == 1,
          f"restic killed: exit 74, one line ({err.strip()})")
    full_disk(run, vault, work)
    check(run.export(vault, os.path.join(work, "failures-after.json")) == records and run.verifies(vault),
          "after every failure the vault's records are as they were and it verifies")
    result = run("vault", "backup", "--vault", vault, "--restic", repository)
    check(result.returncode == 0, f"and the next backup completes ({result.stderr.strip()})")
    runs = subprocess.run(["sqlite3", os.path.join(vault, "homecrew.sqlite"), "SELECT succeeded, repository, coalesce(message, '') FROM backup_run"],
                          capture_output=True, text=True).stdout
    check("s3cret" not in runs and "0|" in runs and runs.strip().endswith("|"), "each run is recorded, failed ones with their reason, no password kept")


def hung_repository(run, vault, env):
    """A server that accepts connections and never answers: restic would wait for ever. With the
    stall limit at 3 s, the backup stops with the unreachable error (69) and leaves no restic behind."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    held = []
    def accept():
        while True:
            try:
                held.append(listener.accept()[0])
            except OSError:
                return
    threading.Thread(target=accept, daemon=True).start()
    started = time.monotonic()
    result = run("vault", "backup", "--vault", vault, "--restic", f"rest:http://127.0.0.1:{listener.getsockname()[1]}/",
                 env=dict(env, HOMECREW_RESTIC_STALL_SECONDS="3"))
    took = time.monotonic() - started
    listener.close()
    for connection in held:
        connection.close()
    check(one_line_error(result, 69, "no answer from it for 3 seconds") and took < 30,
          f"a repository that never answers: exit 69 after {took:.1f} s, one line ({result.stderr.strip()})")


def children(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as handle:
            return [int(child) for child in handle.read().split()]
    except OSError:
        return []


def full_disk(run, vault, work):
    mount = os.path.join(work, "small-disk")
    os.mkdir(mount)
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=200k", "tmpfs", mount], capture_output=True).returncode != 0:
        print("skip a full disk: mounting a small tmpfs needs root", flush=True)
        return
    try:
        result = run("vault", "backup", "--vault", vault, "--restic", os.path.join(mount, "repo"))
        check(one_line_error(result, 74, "no space left"), f"a full disk: exit 74, one line ({result.stderr.strip()})")
        result = run("vault", "restore", "--restic", os.path.join(work, "repo-failures"), "--into", os.path.join(mount, "restored"))
        check(one_line_error(result, 74, "no space left") and not os.path.exists(os.path.join(mount, "restored")),
              f"a restore onto a full disk: exit 74, one line, no directory ({result.stderr.strip()})")
    finally:
        subprocess.run(["umount", mount])


def killed_at_random(run, work, env):
    """SIGKILL at random moments of 20 backups and 10 restores of a small vault into a local repository."""
    random.seed(37)
    vault, repository = os.path.join(work, "vault-small"), os.path.join(work, "repo-small")
    run("household", "add", "Kill Test", "--vault", vault, check_ok=True)
    # A document with text: a restore stopped before it put the text back must not pass for a vault.
    run("doc", "add", HELLO_PDF, "--kind", "other", "--no-ocr", "--vault", vault, check_ok=True)
    for n in range(3):
        path = os.path.join(work, f"small-{n}.png")
        with open(path, "wb") as handle:
            handle.write(png(100 + n))
        run("doc", "add", path, "--kind", "other", "--no-ocr", "--vault", vault, check_ok=True)
    started = time.monotonic()
    run("vault", "backup", "--vault", vault, "--restic", repository, check_ok=True)
    backup_time = time.monotonic() - started
    records = run.export(vault, os.path.join(work, "small.json"))
    next_ok, vault_ok = 0, 0
    started = time.monotonic()
    run("vault", "backup", "--vault", vault, "--restic", repository, "--keep", "last=3", check_ok=True)
    keep_time = time.monotonic() - started
    for attempt in range(20):
        # Every other one forgets and prunes too: killed then, it leaves restic's exclusive lock behind.
        keep = ["--keep", "last=3"] if attempt % 2 else []
        kill_after(random.uniform(0, keep_time if keep else backup_time), [run.homecrew, "vault", "backup", "--vault", vault, "--restic", repository, *keep], env)
        vault_ok += run.verifies(vault)
        keep = ["--keep", "last=3"] if attempt % 5 == 4 else []
        result = run("vault", "backup", "--vault", vault, "--restic", repository, *keep)
        next_ok += result.returncode == 0
        if result.returncode != 0:
            print(f"     the backup after killed backup {attempt + 1}: {result.stderr.strip()}", flush=True)
    check(vault_ok == 20, f"after each of 20 backups killed at random the live vault verifies ({vault_ok}/20)")
    check(next_ok == 20, f"and the next backup succeeds (--keep forgets and prunes in every other killed one and every fifth next one) ({next_ok}/20)")
    restores_killed_at_random(run, vault, repository, records, work, env)
    check(run.verifies(vault) and run.export(vault, os.path.join(work, "small-after.json")) == records, "the live vault is as it was")
    check(not os.path.exists(os.path.join(vault, "backup-snapshot")), "no staging directory is left in the vault after a backup that finished")
    # restic killed while it holds the repository's exclusive lock (a prune): the lock stays behind.
    prune = subprocess.Popen(["restic", "-r", repository, "prune"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    locks = os.path.join(repository, "locks")

    def held_locks():
        # A restic killed while writing its lock leaves a "-tmp-" file that restic itself ignores:
        # only a lock that was written whole holds the repository.
        return [name for name in os.listdir(locks) if "-tmp-" not in name]
    deadline = time.monotonic() + 20
    while not held_locks() and prune.poll() is None and time.monotonic() < deadline:
        time.sleep(0.005)
    prune.kill()
    prune.wait()
    stale = held_locks()
    result = run("vault", "backup", "--vault", vault, "--restic", repository, "--keep", "last=3")
    check(bool(stale), f"restic killed in a prune left its exclusive lock behind ({stale})")
    check(result.returncode == 0 and not held_locks(),
          f"that stale lock is removed and the next backup completes ({held_locks()}; {result.stderr.strip()})")
    # The killed runs' locks are stale (their process is gone): `restic unlock` removes those only.
    subprocess.run(["restic", "-r", repository, "unlock"], capture_output=True, env=env)
    result = subprocess.run(["restic", "-r", repository, "check"], capture_output=True, text=True, env=env)
    check(result.returncode == 0, f"restic check finds the repository sound ({result.stderr.strip()[-200:]})")


def restores_killed_at_random(run, vault, repository, records, work, env):
    """SIGKILL at random moments of 20 restores from restic and 10 from an archive. After each, every
    folder it may have left (its target, a hidden staging folder) is tried as a vault by `vault verify`
    and `search`: one accepted must be a complete restore (it verifies, equals the vault, finds its text)."""
    archive = os.path.join(work, "small.tar")
    run("vault", "backup", "--vault", vault, "--out", archive, check_ok=True)
    found = run("search", "watering", "--all-households", "--format", "json", "--vault", vault).stdout
    sources = {"restic": ["--restic", repository], "archive": [archive]}
    timing = {}
    for kind, source in sources.items():
        started = time.monotonic()
        run("vault", "restore", *source, "--into", os.path.join(work, f"small-{kind}-restored"), check_ok=True)
        timing[kind] = time.monotonic() - started

    def complete(folder):
        return (run.verifies(folder) and run.export(folder, folder + ".json") == records
                and run("search", "watering", "--all-households", "--format", "json", "--vault", folder).stdout == found)
    wrongly_accepted, with_database, started = [], 0, time.monotonic()
    for attempt in range(30):
        kind = "restic" if attempt < 20 else "archive"
        target = os.path.join(work, f"small-killed-{attempt}")
        kill_after(random.uniform(0, timing[kind]), [run.homecrew, "vault", "restore", *sources[kind], "--into", target], env)
        # restic outlives a homecrew killed under it and may write on into the folder it was given: as a
        # person's next restore would come after it, wait for it (a folder it writes after the next
        # restore cleared it holds no lock, and is cleared 10 minutes later; no command opens it meanwhile).
        wait_for_orphaned_restic_restores()
        staging = [os.path.join(work, name) for name in os.listdir(work) if name.startswith(".homecrew-restore-")]
        with_database += any(os.path.exists(os.path.join(folder, "homecrew.sqlite")) for folder in staging)
        for folder in [target] + staging:
            accepted = [command for command in (["vault", "verify"], ["search", "watering", "--all-households"])
                        if os.path.exists(folder) and run(*command, "--vault", folder).returncode == 0]
            if accepted and not (folder == target and complete(folder)):
                wrongly_accepted.append(f"{kind} restore {attempt + 1}: {os.path.basename(folder)} accepted by {' '.join(accepted[0])}")
    print(f"     30 killed restores took {time.monotonic() - started:.0f} s; {with_database} left a staging folder holding a database", flush=True)
    check(not wrongly_accepted, f"no folder a killed restore left is taken for a vault unless it is complete and verifies ({wrongly_accepted[:3]})")
    next_ok = 0
    for kind, source in sources.items():
        retry = os.path.join(work, f"small-retried-{kind}")
        result = run("vault", "restore", *source, "--into", retry)
        next_ok += result.returncode == 0 and complete(retry)
    check(next_ok == 2, f"the next restore (restic, archive) succeeds and equals the vault ({next_ok}/2)")
    left = [name for name in os.listdir(work) if name.startswith(".homecrew-restore-")]
    check(not left, f"and it removed the hidden staging folders the killed ones left ({left})")


def wait_for_orphaned_restic_restores(seconds=60):
    """Waits until no `restic … restore` runs on this machine (at most `seconds`)."""
    def running():
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as handle:
                    arguments = handle.read().split(b"\0")
            except OSError:
                continue
            if os.path.basename(arguments[0]) == b"restic" and b"restore" in arguments:
                return True
        return False
    deadline = time.monotonic() + seconds
    while running() and time.monotonic() < deadline:
        time.sleep(0.1)


def kill_after(seconds, command, env):
    """Starts `command`, SIGKILLs it after `seconds`; True when it had finished by then with status 0."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        return process.wait(timeout=seconds) == 0
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        return False


def cheap_keys(work, env):
    """The tests' restic (cheap-keys/restic, first on PATH in .ci/test): a local repository it
    initialises is restic's own, opened by the same password and no other, with keys cheap to derive;
    every other command is restic unchanged."""
    wrapper = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cheap-keys", "restic")
    repository = os.path.join(work, "cheap-keys-repo")
    env = dict(env, RESTIC_REPOSITORY=repository)
    made = subprocess.run([wrapper, "init"], env=env, capture_output=True, text=True)
    folder = os.path.join(repository, "keys")
    names = os.listdir(folder) if os.path.isdir(folder) else []
    keys = [(name, open(os.path.join(folder, name), "rb").read()) for name in names]
    costs = [(json.loads(data)["N"], json.loads(data)["r"], json.loads(data)["p"]) for _, data in keys]
    check(made.returncode == 0 and costs == [(16, 1, 1)] and hashlib.sha256(keys[0][1]).hexdigest() == keys[0][0],
          f"the tests' restic: init makes a repository whose one key is cheap to derive, named by its SHA-256 as restic "
          f"names files ({made.stderr.strip()} {names} {costs})")
    # `init` given as another option's value is not an init: restic itself answers it, and nothing is rewritten.
    again = subprocess.run([wrapper, "--key-hint", "init", "snapshots"], env=env, capture_output=True, text=True)
    check(again.returncode == 0 and os.listdir(folder) == names,
          f"the tests' restic: a command that is not init is restic's own ({again.stderr.strip()})")
    source = os.path.join(work, "cheap-keys-source")
    os.makedirs(source)
    with open(os.path.join(source, "note.txt"), "w") as out:
        out.write("kept\n")
    saved = subprocess.run([wrapper, "backup", "-q", source], env=env, capture_output=True, text=True)
    restored = os.path.join(work, "cheap-keys-restored")
    back = subprocess.run(["restic", "restore", "latest", "--target", restored], env=env, capture_output=True, text=True)
    check(saved.returncode == 0 and back.returncode == 0
          and open(os.path.join(restored, source.lstrip("/"), "note.txt")).read() == "kept\n",
          f"the tests' restic: the real restic backs up into it and restores from it ({saved.stderr.strip()} {back.stderr.strip()})")
    with open(os.path.join(work, "cheap-keys-wrong"), "w") as out:
        out.write("wrong\n")
    refused = subprocess.run(["restic", "snapshots"], env=dict(env, RESTIC_PASSWORD_FILE=os.path.join(work, "cheap-keys-wrong")),
                             capture_output=True, text=True)
    check(refused.returncode != 0 and "wrong password" in refused.stderr,
          f"the tests' restic: another password opens nothing ({refused.stderr.strip()})")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    homecrew = os.path.abspath(sys.argv[1])
    if shutil.which("restic") is None or shutil.which("rclone") is None:
        sys.exit("restic and rclone are needed: bash .ci/install-deps")
    work = tempfile.mkdtemp(prefix="homecrew-backup-check-")
    servers = []
    try:
        with open(os.path.join(work, "password"), "w") as handle:
            handle.write("correct horse battery staple\n")
        env = {key: value for key, value in os.environ.items() if not key.startswith(("RESTIC_", "AWS_"))}
        # Restores not given --vault compare a snapshot with the vault there: none, whatever this machine holds.
        env.update(HOMECREW_VAULT=os.path.join(work, "no-vault"))
        env.update(RESTIC_PASSWORD_FILE=os.path.join(work, "password"), RESTIC_CACHE_DIR=os.path.join(work, "cache"),
                   AWS_ACCESS_KEY_ID="homecrew-test", AWS_SECRET_ACCESS_KEY="homecrew-test-secret", AWS_DEFAULT_REGION="us-east-1")
        run = Run(homecrew, env)
        cheap_keys(work, env)
        started = time.monotonic()
        demo = os.path.join(work, "demo")
        run("demo", "--vault", demo, "--today", "2026-11-22", check_ok=True)
        print(f"     the demo vault took {time.monotonic() - started:.1f} s", flush=True)

        s3_port, rest_port = free_port(), free_port()
        command, extra = moto_command(work)
        servers.append(subprocess.Popen(command + ["-H", "127.0.0.1", "-p", str(s3_port)], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, env=dict(env, **extra)))
        wait_for_port(s3_port, servers[-1], "moto_server")
        os.mkdir(os.path.join(work, "rest"))
        open(os.path.join(work, "rclone.conf"), "w").close()
        servers.append(subprocess.Popen(["rclone", "--config", os.path.join(work, "rclone.conf"), "serve", "restic", "--addr", f"127.0.0.1:{rest_port}",
                                         os.path.join(work, "rest")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env))
        wait_for_port(rest_port, servers[-1], "rclone serve restic")

        round_trip(run, "s3", f"s3:http://127.0.0.1:{s3_port}/homecrew-backups", demo, work)
        round_trip(run, "rest", f"rest:http://127.0.0.1:{rest_port}/", demo, work)
        failures_are_plain(run, demo, work, env)
        killed_at_random(run, work, env)
        print(f"     all of it took {time.monotonic() - started:.0f} s", flush=True)
    finally:
        for server in servers:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
        subprocess.run(["chmod", "-R", "u+w", work])
        shutil.rmtree(work, ignore_errors=True)
    print("all backup checks passed" if failures == 0 else f"{failures} backup check(s) failed", flush=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
