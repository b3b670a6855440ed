#!/usr/bin/python3
"""Hostile data, not hostile values: a member fills her own household with what no real household
holds, then asks for every page there is, while another member of another household uses hers.

Mallory owns "Mallory's Flat" and fills it through the database itself (as any number of ordinary
requests would, only faster): 10,000 staff, three people who started on 0001-01-01, one of them
with 100,000 days of leave, 3,000 pay adjustments, 100,000 payments with their months and 500
advances; and churn (#52): the household's ledger opened and the opening reversed 10,000 times, and
a worker paid and the payment reversed 10,000 times. Then every GET route of `WebRoutes.swift` (read from the source, so a new route is
covered the day it is added) is asked for her household's records, as its owner, a manager and a
viewer, with the widest options each page takes, while Vera loads Sea View House's home page.
Checks:

- no answer takes longer than its budget allows (0.5 s of work; 1.5 s on the wall, with the
  connection and a busy machine), none is a 5xx but 503 busy, none is larger than 4 MB;
- the pages of one household's, person's or document's records answer with their first page (a report
  over a period or a settlement may say to narrow it instead); no list shows more than a page (50 rows)
  and no report more than 2,000;
- Vera's home page stays under 100 ms at the 99th percentile meanwhile;
- the home page, the household's page (its second page of what is owed: the first holds the people of
  year 1, whose advances take their budget) and the churned worker's page, loaded by the owner, a manager
  and a viewer before the churn is added and after, are no slower after it (medians within 2× + 20 ms; a page
  that read what was reversed took seconds and answered 422):
  what stands is read, not what was reversed. Their 99th percentiles after it are the benchmark's row
  (target 100 ms, with the release build);
- the server's peak resident memory stays under 300 MB.

Run by .ci/test (`hostile_data.py BINARY`) and, with a release build, by Benchmarks/run --web-only
(its numbers are a row of BENCHMARKS.md). Requests go to 127.0.0.1 only, bounded in count and time."""
import http.client
import os
import random
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check as load  # noqa: E402  (the load check's server with its log, and its check())

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WALL_LIMIT = 1.5
BODY_LIMIT = 4 << 20
PAGE_SIZE = 50
REPORT_ROWS = 2_000
# Pages of one household's or document's own records: paged, so they always answer. A report over a
# period or a settlement may instead say to narrow it, and so may the page and payslips of the person
# whose 500 advances run from year 1: each month's instalment depends on that month's net pay, so
# her balance is 24,000 months of payroll (known, in the closing note of issue 35).
MUST_ANSWER = {"/", "/account", "/households/:id", "/households/new", "/staff/new", "/documents", "/documents/:id",
               "/reports/due", "/search", "/upload"}
# Staff, days of leave, payments, pay adjustments and advances in Mallory's household.
SIZES = STAFF, LEAVE_DAYS, PAYMENTS, ADJUSTMENTS, ADVANCES = 10_000, 100_000, 100_000, 3_000, 500
# Openings of the household's ledger, each reversed; payments to one worker, each reversed.
CHURN = 10_000
# Loads of each churned page per person: the benchmark's 99th percentile takes 100; the load check
# compares medians, which 30 settle.
PAGE_LOADS = 100


def record_id(generator):
    return f"{generator.getrandbits(48):012x}"


def month(n):
    """The n-th month from 0001-01, within years 1 to 290 (SQLite 3.40's date() turns 0300-03-01 into 0300-02-29,
    so a store that checks its dates with it cannot hold that day)."""
    return f"{1 + (n // 12) % 290:04d}-{1 + n % 12:02d}"


def day(ordinal):
    """The ordinal-th day from 0001-01-01 (proleptic Gregorian), as SQLite writes dates."""
    import datetime
    return (datetime.date(1, 1, 1) + datetime.timedelta(days=ordinal)).isoformat()


def fill_household(vault, household, scale=1):
    """Mallory's household, filled in one transaction (`scale` divides every count: the benchmark's smoke
    run); returns the ids the routes are asked for."""
    STAFF, LEAVE_DAYS, PAYMENTS, ADJUSTMENTS, ADVANCES = (max(3, count // scale) for count in SIZES)
    generator = random.Random(35)
    database = sqlite3.connect(os.path.join(vault, "homecrew.sqlite"))
    database.execute("PRAGMA foreign_keys = ON")
    now = "2026-11-22T09:00:00.000Z"
    staff = [record_id(generator) for _ in range(STAFF)]
    ancients = staff[:3]

    def started(n):
        return "0001-01-01" if n < len(ancients) else day(730_000 + n % 9000)

    def named(n):
        return f"Methuselah {n}" if n < len(ancients) else f"Worker {n:05d} " + "Ω" * (n % 7)

    database.executemany(
        "INSERT INTO staff (id, household_id, legal_name, known_as, start_date, annual_leave_days, duties, created_at) "
        "VALUES (?, ?, ?, NULL, ?, '21', NULL, ?)",
        ((sid, household, named(n), started(n), now) for n, sid in enumerate(staff)))
    database.executemany("INSERT INTO salary_entry (staff_id, effective_from, amount, currency) VALUES (?, ?, '30000', 'INR')",
                         ((sid, started(n)) for n, sid in enumerate(staff)))
    oldest = ancients[0]
    # A raise every year since year 1: ten years of payroll cross ten of them.
    database.executemany("INSERT INTO salary_entry (staff_id, effective_from, amount, currency) VALUES (?, ?, ?, 'INR')",
                         ((oldest, f"{year:04d}-01-01", str(30000 + year)) for year in range(2, 2027)))
    # Every other day a day of leave, from year 1 on: LEAVE_DAYS entries over about 550 years. Latest
    # first: the trigger that refuses overlapping leave then looks at no earlier entry.
    database.executemany(
        "INSERT INTO leave (id, staff_id, first_day, last_day, half_day, type, note, created_at) VALUES (?, ?, ?, ?, 0, 'annual', NULL, ?)",
        ((record_id(generator), oldest, day(2 * n + 1), day(2 * n + 1), now) for n in reversed(range(LEAVE_DAYS)) if day(2 * n + 1) != "0300-03-01"))
    database.executemany(
        "INSERT INTO pay_adjustment (id, staff_id, month, amount, currency, reason, created_at) VALUES (?, ?, ?, '100', 'INR', 'bonus', ?)",
        ((record_id(generator), oldest, month(n), now) for n in range(ADJUSTMENTS)))
    payments = []
    for n in range(PAYMENTS):
        payment = record_id(generator)
        paid = month(n)
        payments.append((payment, oldest, f"{paid}-28", now, paid))
    database.executemany(
        "INSERT INTO payment (id, staff_id, paid_on, amount, currency, method, reference, note, purpose, advance_id, reverses, created_at) "
        "VALUES (?, ?, ?, '30000', 'INR', 'cash', NULL, NULL, 'payroll', NULL, NULL, ?)", (p[:4] for p in payments))
    database.executemany("INSERT INTO payment_month (payment_id, month, amount) VALUES (?, ?, '30000')", ((p[0], p[4]) for p in payments))
    database.executemany(
        "INSERT INTO advance (id, staff_id, kind, given_on, amount, currency, repay_per_month, instalments, first_month, note, created_at) "
        "VALUES (?, ?, 'advance', ?, '1000', 'INR', '10', NULL, ?, NULL, ?)",
        ((record_id(generator), oldest, f"{1 + n % 290:04d}-04-01", f"{1 + n % 290:04d}-04", now) for n in range(ADVANCES)))
    # Each handed over by a payment, as the store writes it: an advance stands while its payment does.
    database.execute(
        "INSERT INTO payment (id, staff_id, paid_on, amount, currency, method, purpose, advance_id, created_at) "
        "SELECT printf('%012x', 47244640256 + rowid), staff_id, given_on, amount, currency, 'cash', 'advance', id, created_at "
        "FROM advance WHERE staff_id = ?", (oldest,))
    database.commit()
    payment = database.execute("SELECT id FROM payment WHERE staff_id = ? AND purpose = 'payroll' ORDER BY id LIMIT 1", (oldest,)).fetchone()[0]
    database.close()
    return {"staff": oldest, "payment": payment, "churned": staff[len(ancients)]}


def add_churn(vault, household, worker, pairs):
    """What a manager leaves behind by undoing and doing again (#52), in one transaction: the household's
    ledger opened after 2021-12 and the opening reversed, and `worker` paid for November and the payment
    reversed, `pairs` times each, each pair as the store writes it (the entry, then its reversal). Nothing
    of it stands."""
    generator, now = random.Random(52), "2026-11-22T09:00:00.000Z"
    database = sqlite3.connect(os.path.join(vault, "homecrew.sqlite"), timeout=30)
    database.execute("PRAGMA foreign_keys = ON")
    openings, payments = [], []
    for _ in range(pairs):
        opening, reversal = record_id(generator), record_id(generator)
        openings += [(opening, household, None, now), (reversal, household, opening, now)]
        payment, undoing = record_id(generator), record_id(generator)
        payments += [(payment, worker, "30000", None, now), (undoing, worker, "-30000", payment, now)]
    database.executemany(
        "INSERT INTO ledger_opening (id, household_id, staff_id, settled_through, recorded_on, note, reverses, created_at) "
        "VALUES (?, ?, NULL, '2021-12', '2026-11-22', NULL, ?, ?)", openings)
    database.executemany(
        "INSERT INTO payment (id, staff_id, paid_on, amount, currency, method, reference, note, purpose, advance_id, reverses, created_at) "
        "VALUES (?, ?, '2026-11-20', ?, 'INR', 'cash', NULL, NULL, 'payroll', NULL, ?, ?)", payments)
    database.executemany("INSERT INTO payment_month (payment_id, month, amount) VALUES (?, '2026-11', ?)",
                         ((p[0], p[2]) for p in payments))
    database.commit()
    database.close()


def get_routes():
    """Every GET route of the route table, as written in WebRoutes.swift."""
    source = open(os.path.join(ROOT, "Sources/HomeCrewWeb/WebRoutes.swift")).read()
    return sorted(set(re.findall(r'routes\.get\("([^"]+)"', source)))


def concrete_paths(route, ids):
    """The addresses one route is asked for: its parameters are Mallory's records, its options the widest."""
    names = {":id": None, ":staff": ids["staff"], ":month": "2026-10", ":entry": ids["payment"], ":hash": ids["thumbnail"],
             ":token": "0" * 64}
    path = route
    if route.startswith("/households/:id"):
        names[":id"] = ids["household"]
    elif route.startswith("/staff/:id"):
        names[":id"] = ids["staff"]
    elif route.startswith("/documents/:id"):
        names[":id"] = ids["document"]
    for name, value in names.items():
        if value is not None:
            path = path.replace(name, value)
    if "\\(" in path:  # the assets' loop: one asset stands for all
        return []
    household = ids["household"]
    options = {
        "/reports/payroll": [f"?household={household}&period=2016-11-23..2026-11-22", "?period=0001-01..0010-12"],
        "/reports/payroll.csv": [f"?household={household}&period=2016-11-23..2026-11-22"],
        "/reports/tenure": [f"?household={household}&as_of=2026-11-22&leavers=yes"],
        "/reports/tenure.csv": [f"?household={household}&as_of=2026-11-22&leavers=yes"],
        "/reports/leave": [f"?household={household}&year=2026", f"?household={household}&year=0001"],
        "/reports/leave.csv": [f"?household={household}&year=2026"],
        "/reports/due": ["?within=3650"],
        "/reports/due.ics": ["?within=3650"],
        "/documents": [f"?household={household}&page=1", f"?household={household}&page=999999"],
        "/search": [f"?q=Worker&household={household}", "?q=" + urllib.parse.quote("Methuselah OR Worker*")],
        "/staff/:id/settlement": ["?leaving=2026-11-20&reason=resignation"],
    }
    return [path + query for query in options.get(route, [""])]


def ask_every_route(server, cookie, ids, label):
    """Each route as one person, one after another; the slowest answer, and what went wrong."""
    slowest = (0.0, "")
    for route in get_routes():
        for path in concrete_paths(route, ids):
            started = time.monotonic()
            status, headers, text = server.request("GET", path, cookie)
            elapsed = time.monotonic() - started
            slowest = max(slowest, (elapsed, path))
            size = len(text.encode())
            load.check(elapsed < WALL_LIMIT and (status < 500 or status == 503) and size <= BODY_LIMIT,
                       f"{label}: GET {path[:90]} -> {status}, {size // 1024} KB in {elapsed * 1000:.0f} ms")
            if route in MUST_ANSWER:
                load.check(status == 200, f"{label}: GET {path[:60]} shows its first page ({status}), not 'narrow it'")
            if status == 200 and "text/html" in headers.get("content-type", ""):
                rows = max([table.split("</table>")[0].count("<tr") for table in text.split("<table")[1:]] or [0])
                # A report is one table of up to REPORT_ROWS rows (longer ones say to narrow them); a list is paged.
                limit = REPORT_ROWS if route.startswith("/reports/") else PAGE_SIZE
                load.check(rows <= limit + 1, f"{label}: GET {path[:60]} shows at most {rows} rows in a table (at most {limit})")
    return slowest


def measure_home(server, cookie, stop, latencies, refusals):
    """Vera's home page in a loop until `stop`: each load's time, and each answer that was not her page."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    while not stop.is_set():
        started = time.monotonic()
        status, _, text = server.request("GET", "/", cookie, connection=connection)
        latencies.append(time.monotonic() - started)
        if status != 200 or "Sea View House" not in text:
            refusals.append(status)
        time.sleep(0.01)


def churned_pages(server, people, ids, loads):
    """The home page, the household's page and the churned worker's page, `loads` times each as each person:
    {"role path": (p50, p99)}, and every answer that was not 200."""
    paths = ["/", f"/households/{ids['household']}?owed_page=2", f"/staff/{ids['churned']}"]
    measured, refusals = {}, []
    for role, cookie in people.items():
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        for path in paths:
            latencies = []
            for _ in range(loads):
                started = time.monotonic()
                status, _, _ = server.request("GET", path, cookie, connection=connection)
                latencies.append((time.monotonic() - started) * 1000)
                if status != 200:
                    refusals.append(f"{role} {path}: {status}")
            measured[f"{role} {path.split('/')[1] or 'home'}"] = load.percentiles(latencies)
        connection.close()
    return measured, refusals


def join(binary, vault, server, household, role, name):
    made = subprocess.run([binary, "household", "invite", household, "--role", role, "--vault", vault],
                          capture_output=True, text=True, check=True).stdout
    token = re.search(r"/invitations/([0-9a-f]{64})", made).group(1)
    password = f"{name} walks the long sea wall at dawn"
    body = urllib.parse.urlencode({"name": name, "password": password, "again": password})
    status, headers, _ = server.request("POST", f"/invitations/{token}/join", body=body)
    load.check(status == 303 and "set-cookie" in headers, f"{name} joins {household} as {role} ({status})")
    return headers["set-cookie"].split(";")[0]


def run(binary, scale=1, page_loads=PAGE_LOADS):
    """Builds the vault, runs the checks; returns the numbers a benchmark row shows."""
    folder = tempfile.mkdtemp(prefix="homecrew-hostile-data-")
    server = None
    try:
        vault = os.path.join(folder, "vault")
        subprocess.run([binary, "demo", "--vault", vault, "--today", "2026-11-22"], check=True, capture_output=True)
        subprocess.run([binary, "household", "add", "Mallory's Flat", "--vault", vault], check=True, capture_output=True)
        database = sqlite3.connect(os.path.join(vault, "homecrew.sqlite"))
        household = database.execute("SELECT id FROM household WHERE name = ?", ("Mallory's Flat",)).fetchone()[0]
        database.close()
        started = time.monotonic()
        ids = fill_household(vault, household, scale)
        filled = time.monotonic() - started
        pdf = os.path.join(ROOT, "Samples/fixtures/hello.pdf")
        subprocess.run([binary, "doc", "add", pdf, "--household", "Mallory's Flat", "--staff", ids["staff"], "--vault", vault],
                       check=True, capture_output=True)
        database = sqlite3.connect(os.path.join(vault, "homecrew.sqlite"))
        ids["household"] = household
        ids["document"], ids["thumbnail"] = database.execute(
            "SELECT d.id, o.thumbnail_sha256 FROM document d JOIN object o ON o.sha256 = d.object_sha256 WHERE d.household_id = ?",
            (household,)).fetchone()
        database.close()
        print(f"Mallory's Flat filled in {filled:.1f} s: " + ", ".join(f"{max(3, count // scale):,} {name}" for count, name in
              zip(SIZES, ["staff", "days of leave", "payments", "pay adjustments", "advances"]))
              + f"; then (with the server up) its ledger opened and reversed, and a worker paid and the payment reversed, "
              f"{max(3, CHURN // scale):,} times each", flush=True)

        server = load.Server(binary, vault)
        people = {role: join(binary, vault, server, "Mallory's Flat", role, f"mallory-{role}") for role in ["manager", "viewer"]}
        vera = join(binary, vault, server, "Sea View House", "viewer", "vera")
        # The vault's own user owns every household: Mallory the owner is the vault user here.
        people["owner"] = server.owner

        loads = max(10, page_loads // scale)
        calm, calm_refusals = churned_pages(server, people, ids, loads)
        started = time.monotonic()
        add_churn(vault, household, ids["churned"], max(3, CHURN // scale))
        print(f"the churn added in {time.monotonic() - started:.1f} s", flush=True)

        stop, latencies, refusals = threading.Event(), [], []
        watcher = threading.Thread(target=measure_home, args=(server, vera, stop, latencies, refusals))
        watcher.start()
        slowest = (0.0, "")
        try:
            for role in ["viewer", "manager", "owner"]:
                slowest = max(slowest, ask_every_route(server, people[role], ids, role))
        finally:
            stop.set()
            watcher.join()
        p50, p99 = load.percentiles([seconds * 1000 for seconds in latencies])
        load.check(p99 < 100, f"Vera's home page meanwhile: p50 {p50:.1f} ms, p99 {p99:.1f} ms over {len(latencies)} loads")
        load.check(not refusals, f"Vera's home page was always her page ({len(refusals)} other answers: {sorted(set(refusals))})")
        churn, churn_refusals = churned_pages(server, people, ids, loads)
        for label, (page_p50, page_p99) in sorted(churn.items()):
            before_p50, before_p99 = calm[label]
            load.check(page_p50 <= 2 * before_p50 + 20, f"{label}: p50 {before_p50:.1f} ms, p99 {before_p99:.1f} ms before the churn; "
                       f"p50 {page_p50:.1f} ms, p99 {page_p99:.1f} ms after")
        load.check(not calm_refusals + churn_refusals, f"every one of these pages answered 200 ({(calm_refusals + churn_refusals)[:5]})")
        peak = server.peak_rss_mb()
        load.check(peak < 300, f"the server's peak resident memory was {peak:.0f} MB")
        load.check(True, f"the slowest answer: {slowest[1][:80]} in {slowest[0] * 1000:.0f} ms")
        worst = max(churn.items(), key=lambda item: item[1][1])
        return {"p50": p50, "p99": p99, "peak": peak, "slowest_ms": slowest[0] * 1000, "slowest": slowest[1],
                "churn_p99": worst[1][1], "churn_worst": worst[0], "churn_p50": max(page_p50 for page_p50, _ in churn.values()),
                "failures": load.failures}
    finally:
        if server is not None and server.process.poll() is None:
            server.process.kill()
            server.process.wait()
        shutil.rmtree(folder, ignore_errors=True)


def main():
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/homecrew")
    run(binary)
    print(f"{load.failures} failed" if load.failures else "every hostile-data check held")
    sys.exit(1 if load.failures else 0)


if __name__ == "__main__":
    main()
