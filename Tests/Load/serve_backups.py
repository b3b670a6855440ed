#!/usr/bin/python3
"""`homecrew serve --backup-to` on a real server over loopback, backing the demo vault up into a
local restic repository while it serves. Checks:

- the first backup runs soon after start, then the restore drill, both recorded as passed and shown
  on a household's page to its owner;
- pages keep being answered while restic runs (the home page under 1 s at worst, any time);
- SIGTERM in the middle of a run stops the server within a second, and leaves no restic running;
- the next start completes what was abandoned.

Usage: serve_backups.py [path/to/homecrew]. Exit 0 when every check holds; restic must be installed."""
import http.client
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
failures = 0


def check(condition, what):
    global failures
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    failures += 0 if condition else 1


class Server:
    """serve with --backup-to on a free port, signed in with the printed token; its standard error read as it comes."""

    def __init__(self, binary, vault, repository, password_file):
        self.process = subprocess.Popen([binary, "serve", "--vault", vault, "--listen", "127.0.0.1:0", "--backup-to", repository,
                                         "--backup-password-file", password_file],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        text = ""
        while "/signin?token=" not in text:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit("homecrew serve did not start: " + self.process.stderr.read())
            text += line
        found = re.search(r"http://127\.0\.0\.1:(\d+)/signin\?token=([0-9a-f]+)", text)
        self.port = int(found.group(1))
        self.lines = []
        self.changed = threading.Condition()
        threading.Thread(target=self.read_errors, daemon=True).start()
        status, headers, _ = self.get(f"/signin?token={found.group(2)}")
        self.cookie = headers["set-cookie"].split(";")[0]

    def read_errors(self):
        for line in self.process.stderr:
            with self.changed:
                self.lines.append(line.rstrip("\n"))
                self.changed.notify_all()

    def wait_for(self, pattern, seconds):
        """The first line of the log matching `pattern`, waiting at most `seconds`; None if none came."""
        deadline = time.monotonic() + seconds
        with self.changed:
            while True:
                found = next((line for line in self.lines if re.search(pattern, line)), None)
                if found or time.monotonic() > deadline:
                    return found
                self.changed.wait(timeout=0.5)

    def get(self, path):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        connection.request("GET", path, headers={"Cookie": getattr(self, "cookie", "")})
        response = connection.getresponse()
        text = response.read().decode("utf-8", "replace")
        connection.close()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, text


def restic_of(repository):
    """Running restic processes working on `repository` (ours: their environment names it)."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/environ", "rb") as file:
                if f"RESTIC_REPOSITORY={repository}".encode() in file.read().split(b"\0"):
                    found.append(int(pid))
        except OSError:
            pass
    return found


def pages_while_backing_up(server, until):
    """The home page's slowest answer (ms) while the backup runs, asked every 50 ms."""
    slowest, count = 0.0, 0
    while not until():
        started = time.monotonic()
        status, _, _ = server.get("/")
        slowest = max(slowest, (time.monotonic() - started) * 1000)
        count += 1 if status == 200 else 0
        time.sleep(0.05)
    return slowest, count


def main():
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "homecrew"))
    if not shutil.which("restic"):
        # A check that did not run is not a check that passed.
        sys.exit("restic is needed (Debian's package restic): bash .ci/install-deps")
    folder = tempfile.mkdtemp(prefix="homecrew-serve-backups-")
    try:
        vault, repository = os.path.join(folder, "vault"), os.path.join(folder, "restic")
        password_file = os.path.join(folder, "password")
        with open(password_file, "w") as file:
            file.write("a repository password for the check\n")
        subprocess.run([binary, "demo", "--vault", vault, "--today", "2026-11-22"], check=True, capture_output=True)

        server = Server(binary, vault, repository, password_file)
        started = time.monotonic()
        check(server.wait_for(r"^backup to .*: started", 60) is not None, "the first backup starts soon after the server")
        done = lambda: any(re.search(r"^(warning: )?backup to ", line) and not line.endswith("started") for line in server.lines)
        slowest, answered = pages_while_backing_up(server, done)
        passed = server.wait_for(r"^backup to .*: passed", 120)
        check(passed is not None, f"the backup passes ({passed or server.lines[-3:]}) after {time.monotonic() - started:.0f} s")
        check(answered > 0 and slowest < 1000, f"pages are answered while it runs: {answered}, the slowest in {slowest:.0f} ms")
        check(server.wait_for(r"^restore drill from .*: passed", 180) is not None, "then the restore drill passes")
        _, _, page = server.get("/")
        household = re.search(r'href="(/households/[0-9a-f]{12})"', page).group(1)
        _, _, text = server.get(household)
        check(re.search(r"Last backup: [^<]*, passed, to " + re.escape(repository), text) is not None
              and re.search(r"Last restore drill: [^<]*, passed", text) is not None,
              "the household's page tells its owner both passed")
        server.process.terminate()
        server.process.wait(timeout=20)

        # Another vault's first backup, stopped in the middle.
        vault, repository = os.path.join(folder, "vault-2"), os.path.join(folder, "restic-2")
        subprocess.run([binary, "demo", "--vault", vault, "--today", "2026-11-22"], check=True, capture_output=True)
        server = Server(binary, vault, repository, password_file)
        server.wait_for(r"^backup to .*: started", 60)
        time.sleep(0.5)
        running = restic_of(repository)
        stopping = time.monotonic()
        server.process.terminate()
        server.process.wait(timeout=20)
        elapsed = time.monotonic() - stopping
        check(elapsed < 1, f"SIGTERM during a backup stops the server in {elapsed:.2f} s (restic was running: {bool(running)})")
        time.sleep(0.5)
        check(restic_of(repository) == [], "no restic is left running")

        server = Server(binary, vault, repository, password_file)
        check(server.wait_for(r"^backup to .*: passed", 180) is not None, f"the next start completes the backup: {server.lines[-2:]}")
        server.process.terminate()
        server.process.wait(timeout=20)
        check(server.process.returncode == 0, f"the server exits 0 on SIGTERM ({server.process.returncode})")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if failures:
        print(f"{failures} check(s) failed")
        sys.exit(1)
    print("all serve --backup-to checks passed")


if __name__ == "__main__":
    main()
