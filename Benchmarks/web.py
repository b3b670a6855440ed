#!/usr/bin/python3
"""`homecrew serve` under load, for Benchmarks/run: pages and thumbnails under `wrk -c 16` on
loopback, the server's peak resident memory, and uploading phone photos through the web form
against `doc add` of the same files. Imported by bench.py; also runs alone:

  web.py VAULT PHOTOS_FOLDER     measure against an existing vault (release build) and print the rows
"""
import http.client
import itertools
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse


class Server:
    """`homecrew serve` on a free loopback port, signed in once; the session cookie is kept."""

    def __init__(self, homecrew, vault, stderr=subprocess.DEVNULL):
        self.process = subprocess.Popen([homecrew, "serve", "--vault", vault, "--listen", "127.0.0.1:0", "--today", "2026-11-22"],
                                        stdout=subprocess.PIPE, stderr=stderr, text=True)
        text = ""
        while "/signin?token=" not in text:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("homecrew serve did not start")
            text += line
        found = re.search(r"http://127\.0\.0\.1:(\d+)/signin\?token=([0-9a-f]+)", text)
        self.port, token = int(found.group(1)), found.group(2)
        self.base = f"http://127.0.0.1:{self.port}"
        connection = http.client.HTTPConnection("127.0.0.1", self.port)
        connection.request("GET", f"/signin?token={token}")
        cookie = connection.getresponse().getheader("Set-Cookie")
        self.cookie = cookie.split(";")[0]
        self.csrf = None

    def get(self, path):
        connection = http.client.HTTPConnection("127.0.0.1", self.port)
        connection.request("GET", path, headers={"Cookie": self.cookie})
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", "replace")

    def peak_rss_mb(self):
        status = open(f"/proc/{self.process.pid}/status").read()
        return int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1)) / 1024

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def wrk(server, path, seconds):
    """Requests per second and the 50th and 99th percentile latency in ms, `wrk -t2 -c16`."""
    output = subprocess.run(["wrk", "-t2", "-c16", f"-d{seconds}s", "--latency", "-H", f"Cookie: {server.cookie}",
                             server.base + path], check=True, capture_output=True, text=True).stdout
    def milliseconds(label):
        value, unit = re.search(rf"{label}\s+([\d.]+)(us|ms|s)\b", output).groups()
        return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)), "p50": milliseconds("50%"),
            "p99": milliseconds("99%"), "errors": int(non_2xx.group(1)) if non_2xx else 0}


def sample_paths(vault):
    """A staff member, a thumbnail and a common word of the benchmark vault."""
    database = sqlite3.connect(f"file:{vault}/homecrew.sqlite?mode=ro", uri=True)
    staff = database.execute("SELECT id FROM staff ORDER BY id LIMIT 1").fetchone()
    thumbnail = database.execute("SELECT thumbnail_sha256 FROM object WHERE thumbnail_sha256 IS NOT NULL LIMIT 1").fetchone()
    return (staff[0] if staff else None), thumbnail[0]


def pages(builds, seconds=10, labels=None, rounds=1):
    """Rows for the home, staff and search pages and a thumbnail (or those of `labels`), and the
    server's peak memory, for each (homecrew, vault) of `builds`: [(rows, peak MB)] in that order.
    The builds' servers run side by side and take turns, page by page, in `rounds` turns of
    `seconds / rounds` each (A, B, A, B …); a row's figures are the means of its turns."""
    servers, targets = [], []
    try:
        for homecrew, vault in builds:
            staff, thumbnail = sample_paths(vault)
            if staff is None:  # the search vault has documents but no staff: add one so the page has someone
                subprocess.run([homecrew, "staff", "add", "--name", "Maria Santos", "--start", "2022-01-10", "--salary", "30000",
                                "--currency", "INR", "--vault", vault], check=True, capture_output=True)
                staff, thumbnail = sample_paths(vault)
            servers.append(Server(homecrew, vault))
            paths = {"home page": "/", "staff page": f"/staff/{staff}", "search page (a common word)": "/search?q=termination",
                     "search page (a rare word)": "/search?q=HC00042x0", "thumbnail": f"/thumbnails/{thumbnail}"}
            targets.append({label: path for label, path in paths.items() if labels is None or label in labels})
        for server, paths in zip(servers, targets):
            for path in paths.values():
                status, _ = server.get(path)
                assert status == 200, f"{path} answered {status}"
        turns = [{label: [] for label in targets[0]} for _ in servers]
        for label in targets[0]:
            for _ in range(rounds):
                for server, paths, measured in zip(servers, targets, turns):
                    measured[label].append(wrk(server, paths[label], max(1, round(seconds / rounds))))
        mean = lambda rows: {key: sum(row[key] for row in rows) / len(rows) for key in rows[0]}
        return [({label: mean(rows) for label, rows in measured.items()}, server.peak_rss_mb())
                for server, measured in zip(servers, turns)]
    finally:
        for server in servers:
            server.stop()


PASSWORD = "benchmark passphrase of the member"
# Accounts are new each time (their roles start from nothing), also when one run measures two builds on one vault.
ACCOUNTS = itertools.count(1)


def sign_in(homecrew, vault, tries=40, seconds=10):
    """Signing in with an account's name and password, one at a time (the Argon2id check
    included): p50 and p99 in ms. Then the same account joins the first household as a viewer,
    becomes a manager, then its owner, and the home and staff pages are measured under
    `wrk -c 16` in each role: {role: {page: row}}."""
    account = f"bench-member-{os.getpid()}-{next(ACCOUNTS)}"
    subprocess.run([homecrew, "user", "add", account, "--vault", vault], input=PASSWORD + "\n", check=True, capture_output=True, text=True)
    database = sqlite3.connect(f"file:{vault}/homecrew.sqlite?mode=ro", uri=True)
    household, staff = database.execute("SELECT h.name, s.id FROM staff s JOIN household h ON h.id = s.household_id ORDER BY s.id LIMIT 1").fetchone()
    database.close()
    server = Server(homecrew, vault)
    try:
        form = urllib.parse.urlencode({"name": account, "password": PASSWORD, "next": "/"})
        times, cookie = [], None
        for _ in range(tries):
            connection = http.client.HTTPConnection("127.0.0.1", server.port)
            started = time.monotonic()
            connection.request("POST", "/signin", body=form, headers={
                "Content-Type": "application/x-www-form-urlencoded", "Origin": server.base})
            response = connection.getresponse()
            response.read()
            times.append((time.monotonic() - started) * 1000)
            assert response.status == 303, f"sign-in answered {response.status}"
            cookie = response.getheader("Set-Cookie").split(";")[0]
        times.sort()
        server.cookie = cookie
        roles = {}
        for role in ["viewer", "manager", "owner"]:
            if role == "viewer":
                accept(server, link_token([homecrew, "household", "invite", household, "--role", "viewer", "--vault", vault]))
            elif role == "manager":
                subprocess.run([homecrew, "household", "set-role", household, account, "--role", "manager", "--vault", vault],
                               check=True, capture_output=True)
            else:
                accept(server, link_token([homecrew, "household", "transfer", household, account, "--vault", vault]))
            pages = {"home page": "/", "staff page": f"/staff/{staff}"}
            for path in pages.values():
                status, _ = server.get(path)
                assert status == 200, f"{path} as {role} answered {status}"
            roles[role] = {label: wrk(server, path, seconds) for label, path in pages.items()}
        return {"p50": times[len(times) // 2], "p99": times[min(len(times) - 1, int(len(times) * 0.99))]}, roles
    finally:
        server.stop()


WORST_SEARCH = " OR ".join(f"{prefix}*" for prefix in ["ter", "con", "pay", "sal", "hou", "sta", "doc", "lea", "mon", "wor",
                                                        "per", "rep", "agr", "not", "emp", "dat"])
WORST_PAYROLL = "2016-11-23..2026-11-22"


def home_under_attack(homecrew, vault, seconds=10, attackers=4):
    """The home page for one member (an account, viewer of the first household) under `wrk -t1 -c4`
    while another person (the vault's own user) sends the worst requests there are, on `attackers`
    connections in a loop: the widest search (16 common prefixes OR-ed) and ten years of payroll.
    Returns the home page's row and what the attacker's requests got: {status: count}, max ms."""
    account = f"bench-attacked-{os.getpid()}-{next(ACCOUNTS)}"
    subprocess.run([homecrew, "user", "add", account, "--vault", vault], input=PASSWORD + "\n", check=True, capture_output=True, text=True)
    database = sqlite3.connect(f"file:{vault}/homecrew.sqlite?mode=ro", uri=True)
    household = database.execute("SELECT name FROM household ORDER BY created_at, id LIMIT 1").fetchone()[0]
    database.close()
    server = Server(homecrew, vault)
    try:
        attacker = server.cookie
        connection = http.client.HTTPConnection("127.0.0.1", server.port)
        connection.request("POST", "/signin", body=urllib.parse.urlencode({"name": account, "password": PASSWORD, "next": "/"}),
                           headers={"Content-Type": "application/x-www-form-urlencoded", "Origin": server.base})
        response = connection.getresponse()
        response.read()
        server.cookie = response.getheader("Set-Cookie").split(";")[0]
        accept(server, link_token([homecrew, "household", "invite", household, "--role", "viewer", "--vault", vault]))
        stop = time.monotonic() + seconds + 2
        answers, slowest = {}, [0.0]

        def attack():
            link = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
            while time.monotonic() < stop:
                for path in ["/search?q=" + urllib.parse.quote(WORST_SEARCH), "/reports/payroll?period=" + WORST_PAYROLL]:
                    started = time.monotonic()
                    link.request("GET", path, headers={"Cookie": attacker})
                    reply = link.getresponse()
                    reply.read()
                    answers[reply.status] = answers.get(reply.status, 0) + 1
                    slowest[0] = max(slowest[0], (time.monotonic() - started) * 1000)

        threads = [threading.Thread(target=attack) for _ in range(attackers)]
        for thread in threads:
            thread.start()
        time.sleep(1)
        output = subprocess.run(["wrk", "-t1", "-c4", f"-d{seconds}s", "--latency", "-H", f"Cookie: {server.cookie}", server.base + "/"],
                                check=True, capture_output=True, text=True).stdout
        for thread in threads:
            thread.join()

        def milliseconds(label):
            value, unit = re.search(rf"{label}\s+([\d.]+)(us|ms|s)\b", output).groups()
            return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
        non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
        row = {"p50": milliseconds("50%"), "p99": milliseconds("99%"), "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
               "errors": int(non_2xx.group(1)) if non_2xx else 0}
        return row, answers, slowest[0], server.peak_rss_mb()
    finally:
        server.stop()


def link_token(command):
    printed = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return re.search(r"/invitations/([0-9a-f]{64})", printed).group(1)


def accept(server, token):
    """Accepts an invitation in the signed-in account's session, as its page's button does."""
    status, page = server.get(f"/invitations/{token}")
    assert status == 200, f"the invitation page answered {status}"
    csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', page).group(1)
    connection = http.client.HTTPConnection("127.0.0.1", server.port)
    connection.request("POST", f"/invitations/{token}/accept", body=urllib.parse.urlencode({"csrf": csrf}), headers={
        "Content-Type": "application/x-www-form-urlencoded", "Origin": server.base, "Cookie": server.cookie})
    response = connection.getresponse()
    response.read()
    assert response.status == 303, f"accepting answered {response.status}"


def multipart_body(files, fields, boundary):
    """The parts of a multipart form, as a list of byte strings and file paths (streamed)."""
    parts = []
    for name, value in fields.items():
        parts.append(f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n".encode())
    for path in files:
        parts.append(f"--{boundary}\r\nContent-Disposition: form-data; name=\"files\"; filename=\"{os.path.basename(path)}\"\r\n"
                     "Content-Type: image/heic\r\n\r\n".encode())
        parts.append(path)
        parts.append(b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return parts


def upload(homecrew, vault, folder):
    """Seconds to upload every photo in `folder` in one form post, as a browser does."""
    server = Server(homecrew, vault)
    try:
        status, page = server.get("/upload")
        csrf = re.search(r'action="/upload\?csrf=([0-9a-f]+)"', page).group(1)
        household = re.search(r'<option value="([0-9a-f]{12})"', page).group(1)
        files = sorted(os.path.join(folder, name) for name in os.listdir(folder))
        boundary = "----homecrew-benchmark"
        parts = multipart_body(files, {"household": household, "kind": "other"}, boundary)
        length = sum(os.path.getsize(part) if isinstance(part, str) else len(part) for part in parts)
        started = time.monotonic()
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=3600)
        connection.putrequest("POST", f"/upload?csrf={csrf}")
        for header, value in {"Cookie": server.cookie, "Origin": server.base, "Content-Length": str(length),
                              "Content-Type": f"multipart/form-data; boundary={boundary}"}.items():
            connection.putheader(header, value)
        connection.endheaders()
        for part in parts:
            if isinstance(part, str):
                with open(part, "rb") as source:
                    while chunk := source.read(1 << 20):
                        connection.send(chunk)
            else:
                connection.send(part)
        response = connection.getresponse()
        body = response.read().decode()
        elapsed = time.monotonic() - started
        added = body.count('data-verdict="added"')
        assert response.status == 200 and added == len(files), f"upload: {response.status}, {added} of {len(files)} added"
        return elapsed, server.peak_rss_mb()
    finally:
        server.stop()


if __name__ == "__main__":
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    homecrew = os.path.join(root, ".build/release/homecrew")
    [(measured, rss)] = pages([(homecrew, sys.argv[1])])
    for label, row in measured.items():
        print(f"{label}: {row}")
    print(f"peak RSS {rss:.1f} MB")
    print("sign-in", sign_in(homecrew, sys.argv[1]))
    if len(sys.argv) > 2:
        scratch = tempfile.mkdtemp()
        subprocess.run([homecrew, "household", "add", "Bench", "--vault", scratch + "/web"], check=True, capture_output=True)
        print("upload", upload(homecrew, scratch + "/web", sys.argv[2]))
