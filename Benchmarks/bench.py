#!/usr/bin/python3
"""The HomeCrew benchmark suite: each figure next to the tool a user would otherwise use,
measured in the same run on the same machine, written to BENCHMARKS.md. Run it with Benchmarks/run."""
import datetime
import hashlib
import json
import math
import os
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import web  # noqa: E402  (Benchmarks/web.py: homecrew serve under load)
from report import kept_section, machine, rewrite  # noqa: E402  (Benchmarks/report.py)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOMECREW = os.path.join(ROOT, f".build/{os.environ.get('HOMECREW_BENCH_BUILD', 'release')}/homecrew")
CORPUS = os.environ.get("HOMECREW_CORPUS", os.path.join(ROOT, "../shared/corpus"))
GENERATE = [sys.executable, os.path.join(ROOT, "Benchmarks/generate.py")]
SMOKE = "--smoke" in sys.argv
SAMPLES = os.path.join(ROOT, "Samples")
HAVE_CORPUS = os.path.isfile(os.path.join(CORPUS, "MANIFEST.tsv"))
if not HAVE_CORPUS and not SMOKE and "--papers-only" not in sys.argv and "--scale-only" not in sys.argv:  # rows 11, 12 make their own
    sys.exit(f"Benchmarks/run: the full suite measures the third-party corpus, and {CORPUS} holds none; "
             "set HOMECREW_CORPUS (the smoke run uses Samples/ instead)")
WITH_50K = "--without-50k" not in sys.argv
WEB_ONLY = "--web-only" in sys.argv
BACKUPS_ONLY = "--backups-only" in sys.argv
FACTS_ONLY = "--facts-only" in sys.argv
INGEST_ONLY = "--ingest-only" in sys.argv
SEARCH_ONLY = "--search-only" in sys.argv
PAPERS_ONLY = "--papers-only" in sys.argv
SCALE_ONLY = "--scale-only" in sys.argv
# `--against REV`: the programs of the build compared with (Benchmarks/run builds REV beside this checkout).
BEFORE = os.path.join(os.environ["HOMECREW_AGAINST"], "homecrew") if os.environ.get("HOMECREW_AGAINST") else None
BEFORE_COMMIT = os.environ.get("HOMECREW_AGAINST_COMMIT", "")
# Where generated inputs and the search vaults are kept between runs (generating them takes minutes); unset: nowhere.
KEEP = os.environ.get("HOMECREW_BENCH_KEEP")
WORK = tempfile.mkdtemp(prefix="homecrew-bench-")
SIZES = {"pdfs": 10 if SMOKE else 1000, "heics": 4 if SMOKE else 200, "search": 50 if SMOKE else 10000,
         "staff": 100 if SMOKE else 10000, "households": 10 if SMOKE else 1000, "big": (16 if SMOKE else 2048) << 20}
RUNS = 1 if SMOKE else 3
# Each wrk measurement's length: a smoke run only shows the pages answer (its numbers mean nothing).
WEB_SECONDS = 1 if SMOKE else 10
results = []
# What each row of the build compared with gave, by row name, while a row is measured for it (see `twice`).
measuring_before = False
before_rows = {}
# This build's vault → the compared build's, where their formats differ (a vault is upgraded, never downgraded).
before_vaults = {}


def sh(command, **kwargs):
    return subprocess.run(command, check=True, capture_output=True, text=True, **kwargs).stdout


def homecrew(vault, *arguments, env=None):
    return sh([HOMECREW, *arguments, "--vault", vault], env={**os.environ, **(env or {})})


def fresh_vault(name):
    vault = os.path.join(WORK, name)
    shutil.rmtree(vault, ignore_errors=True)
    homecrew(vault, "household", "add", "Bench")
    return vault


class Timings(dict):
    """Mean wall seconds by label; `before` holds the compared build's, by the same labels (or is None)."""

    def __init__(self, after, before=None):
        super().__init__(after)
        self.before = before

    def then(self, label, show):
        """The compared build's figure for a label, shown as this build's is (None without --against)."""
        return show(self.before[label]) if self.before and label in self.before else None


def hyperfine(commands, prepare=None, runs=RUNS, shell=True):
    """Mean wall seconds per command (dict label -> command line), measured by hyperfine. With
    --against, every command that runs homecrew also runs with the compared build, just before it,
    and the runs go in rounds (one run of each command a round): A, B, A, B …"""
    out = os.path.join(WORK, "hyperfine.json")

    def measure(labelled, prepares, count):
        arguments = ["hyperfine", "--runs", str(count), "--export-json", out, "--style", "none"]
        if not shell:
            arguments += ["-N", "--warmup", "3"]
        for label, command in labelled.items():
            arguments += ["-n", label, command]
        for each in prepares:
            arguments += ["--prepare", each]
        sh(arguments)
        return {entry["command"]: entry["mean"] for entry in json.load(open(out))["results"]}

    if not BEFORE:
        return Timings(measure(commands, [prepare] if prepare else [], runs))
    labelled, prepares = {}, []
    for label, command in commands.items():
        if HOMECREW in command:
            labelled[f"before {label}"] = for_before(command)
            prepares.append(for_before(prepare or "true"))
        labelled[label] = command
        prepares.append(prepare or "true")
    rounds = [measure(labelled, prepares if prepare else [], 1) for _ in range(runs)]
    means = {label: statistics.mean(one[label] for one in rounds) for label in labelled}
    return Timings({label: means[label] for label in commands},
                   {label: means[f"before {label}"] for label in commands if f"before {label}" in means})


def for_before(command):
    """A command line of this build's made the compared build's: its programs, and its own vaults
    where the two builds' vault formats differ (`search_vault`)."""
    for ours, theirs in [(HOMECREW, BEFORE), *before_vaults.items()]:
        command = command.replace(ours, theirs)
    return command


def twice(measure, *arguments):
    """Measures a group of rows that cannot be interleaved run by run (a server's sign-ins, a backup,
    peak memory) with the compared build and then with this one; each row gets both figures."""
    global measuring_before, HOMECREW
    if BEFORE:
        ours, measuring_before, HOMECREW = HOMECREW, True, BEFORE
        try:
            measure(*[before_vaults.get(argument, argument) if isinstance(argument, str) else argument for argument in arguments])
        finally:
            measuring_before, HOMECREW = False, ours
    return measure(*arguments)


def peak_rss_mb(command):
    """Largest resident set of the command or any worker it waited for (GNU time %M)."""
    result = subprocess.run(["/usr/bin/time", "-f", "%M", *command], capture_output=True, text=True, check=True)
    return int(result.stderr.strip().splitlines()[-1]) / 1024


def record(name, ours, theirs, target, passed, note="", before=None):
    """A row. `before`: the compared build's figure, shown as `ours` is (rows measured by `twice`
    find it themselves)."""
    if measuring_before:
        before_rows[name] = ours
        print(f"before  {name}: {ours}", flush=True)
        return
    before = before or before_rows.pop(name, None)
    change = before_and_after(before, ours) if before else "—"
    results.append({"name": name, "ours": ours, "theirs": theirs, "target": target, "passed": passed, "note": note,
                    "change": change})
    print(f"{'PASS' if passed else 'MISS'}  {name}: {ours} vs {theirs} ({target}) {note}"
          + (f" [{change}]" if before else ""), flush=True)


def headline(figure):
    """The first figure of a row's result: the words before it, its value as written and its unit ("p50 ", "31.5", "ms")."""
    found = re.search(r"^(.*?)(\d[\d,]*(?:\.\d+)?)\s*(ms|s|MB)\b", figure)
    return found.groups() if found else None


def before_and_after(before, after):
    """"p50 31.5 → 18.2 ms (−42%)"; more than 5% slower (every first figure is a time or a size:
    less is better) is flagged."""
    old, new = headline(before), headline(after)
    value = lambda figure: float(figure[1].replace(",", ""))
    if not old or not new or old[2] != new[2] or value(old) == 0:
        return f"{before} → {after}"
    change = value(new) / value(old) - 1
    text = f"{new[0]}{old[1]} → {new[1]} {new[2]} ({change * 100:+.0f}%)".replace("-", "−")
    return f"**{text}: more than 5% slower**" if change > 0.05 else text


def ingest_pdfs():
    folder = os.path.join(WORK, "pdfs")
    subprocess.run(GENERATE + ["pdfs", str(SIZES["pdfs"]), folder], check=True)
    vault, out = os.path.join(WORK, "v-pdf"), os.path.join(WORK, "tool-out")
    times = hyperfine({
        "homecrew": f"{HOMECREW} doc add --recursive {folder} --vault {vault} > /dev/null",
        "tools": f"ls {folder}/*.pdf | xargs -P 2 -I{{}} sh -c 'sha256sum {{}} > /dev/null; "
                 f"pdftotext {{}} {out}/$(basename {{}}).txt; pdftoppm -scale-to 256 -f 1 -l 1 -png {{}} {out}/$(basename {{}})'",
    }, prepare=f"rm -rf {vault} {out}; mkdir -p {out}; {HOMECREW} household add Bench --vault {vault} > /dev/null 2>&1")
    ratio = times["tools"] / times["homecrew"]
    record(f"1. ingest {SIZES['pdfs']} generated text PDFs", f"{times['homecrew']:.2f} s",
           f"{times['tools']:.2f} s (sha256sum + pdftotext + pdftoppm -scale-to 256, xargs -P 2)", "≥ 1.5× faster", ratio >= 1.5, f"{ratio:.2f}×",
           before=times.then("homecrew", lambda value: f"{value:.2f} s"))
    return vault, times["homecrew"]


def real_pdfs():
    """The corpus PDFs that open without a password, copied until there are about 160, each copy
    made unique by a comment after its end (the smoke run without a corpus uses Samples/)."""
    source = os.path.join(CORPUS, "pdf") if HAVE_CORPUS else os.path.join(SAMPLES, "documents")
    names = sorted(name for name in os.listdir(source) if name.endswith(".pdf")
                   and subprocess.run(["pdfinfo", os.path.join(source, name)], capture_output=True).returncode == 0)
    copies = 1 if SMOKE else max(1, round(160 / len(names)))
    folder = os.path.join(WORK, "real-pdfs")
    os.makedirs(folder, exist_ok=True)
    for copy in range(copies):
        for name in names:
            data = open(os.path.join(source, name), "rb").read()
            with open(os.path.join(folder, f"{copy:02d}-{name}"), "wb") as out:
                out.write(data + f"\n%homecrew benchmark copy {copy}\n".encode())
    return folder, len(names) * copies


def ingest_real_pdfs():
    folder, count = real_pdfs()
    size = sum(os.path.getsize(os.path.join(folder, name)) for name in os.listdir(folder)) / 1e6
    vault, out = os.path.join(WORK, "v-real"), os.path.join(WORK, "real-out")
    each = f"ls {folder}/*.pdf | xargs -P 2 -I{{}} sh -c"
    prepare = f"rm -rf {vault} {out}; mkdir -p {out}; {HOMECREW} household add Bench --vault {vault} > /dev/null 2>&1"
    ingest = f"{HOMECREW} doc add --recursive {folder} --no-ocr --vault {vault} > /dev/null"
    times = hyperfine({
        "homecrew": ingest,
        # What the workers alone cost: the same files, two homecrew-extract workers, nothing stored.
        "workers": f"{sys.executable} {ROOT}/Benchmarks/extract.py {HOMECREW}-extract 2 {folder}/*.pdf > /dev/null",
        "tools": f"{each} 'sha256sum {{}} > /dev/null; pdftotext {{}} {out}/$(basename {{}}).txt 2>/dev/null; "
                 f"pdftoppm -scale-to 256 -f 1 -l 1 -png {{}} {out}/$(basename {{}}) 2>/dev/null'",
        # The pipeline's parts, to show where its time goes.
        "sha256sum": f"{each} 'sha256sum {{}} > /dev/null'",
        "pdftotext": f"{each} 'pdftotext {{}} {out}/$(basename {{}}).txt 2>/dev/null'",
        "pdftoppm": f"{each} 'pdftoppm -scale-to 256 -f 1 -l 1 -png {{}} {out}/$(basename {{}}) 2>/dev/null'",
    }, prepare=prepare)
    ratio = times["tools"] / times["homecrew"]
    profile = cpu_profile(ingest, prepare)
    record(f"1. ingest {count} real PDFs (the corpus's that open, {size:.0f} MB, each copy made unique)", f"{times['homecrew']:.2f} s",
           f"{times['tools']:.2f} s (the same pipeline; of it sha256sum {times['sha256sum']:.2f} s, pdftotext {times['pdftotext']:.2f} s, "
           f"pdftoppm {times['pdftoppm']:.2f} s, each alone with xargs -P 2)", "≥ 1.6× faster (#53)", ratio >= 1.6,
           f"{ratio:.2f}×; the two workers alone, nothing stored: {times['workers']:.2f} s; CPU by part (perf): {profile}",
           before=times.then("homecrew", lambda value: f"{value:.2f} s"))


def facts_at_doc_add():
    """#38's speed bar: `doc add` prints what each new document's text says, reading its facts from
    the text just stored; with `--format json` it reads none. The real PDFs, filed both ways in turn."""
    folder, count = real_pdfs()
    vault = os.path.join(WORK, "v-facts")
    prepare = f"rm -rf {vault}; {HOMECREW} household add Bench --vault {vault} > /dev/null 2>&1"
    add = f"{HOMECREW} doc add --recursive {folder} --no-ocr --vault {vault}"
    times = hyperfine({"facts": f"{add} > /dev/null", "none": f"{add} --format json > /dev/null"}, prepare=prepare, runs=max(RUNS, 5))
    extra = times["facts"] / times["none"] - 1
    record(f"10. doc add reading each new document's facts (#38), {count} real PDFs", f"{times['facts']:.2f} s",
           f"{times['none']:.2f} s (the same with --format json, which reads no facts)", "< 5% more", extra < 0.05,
           f"{extra * 100:+.1f}% (means of {max(RUNS, 5)} runs each, in turn); a zone's band is read again only on pages "
           "with a line like a zone's, none of these", before=times.then("facts", lambda value: f"{value:.2f} s"))


# Where an ingest's CPU goes: by process (the worker's name is cut to 15 characters by the
# kernel), then by the library or code a sample fell in (perf's shared object and symbol).
PROFILE_PARTS = [
    ("worker: poppler's text layout", lambda worker, dso, symbol: worker and "poppler" in dso and symbol.startswith("Text")),
    ("worker: drawing page 1 (Splash, FreeType)", lambda worker, dso, symbol: worker and ("freetype" in dso or "Splash" in symbol)),
    ("worker: PDF parsing, fonts and streams (poppler, lcms2, libm)",
     lambda worker, dso, symbol: worker and any(name in dso for name in ("poppler", "lcms", "libm.", "stdc++", "openjp2", "libjpeg"))),
    ("worker: memory and strings (libc)", lambda worker, dso, symbol: worker and "libc." in dso),
    ("worker: thumbnail PNG (cairo, libpng, zlib)", lambda worker, dso, symbol: worker and any(name in dso for name in ("cairo", "png", "libz", "pixman"))),
    ("worker: kernel (reading, memory)", lambda worker, dso, symbol: worker and "kernel" in dso),
    ("worker: HomeCrew's Swift code", lambda worker, dso, symbol: worker and "homecrew" in dso),
    ("homecrew: SQLite and the search index", lambda worker, dso, symbol: not worker and "sqlite" in dso),
    ("homecrew: SHA-256", lambda worker, dso, symbol: not worker and "crypto" in dso),
    ("homecrew: kernel (copying, fsync)", lambda worker, dso, symbol: not worker and "kernel" in dso),
    ("homecrew: Swift code, runtime and libc", lambda worker, dso, symbol: not worker and ("homecrew" in dso or "libc." in dso)),
]


def cpu_profile(command, prepare):
    """The share of CPU samples (perf record, every process of the command) in each part above."""
    if shutil.which("perf") is None:
        return "not measured (perf is missing)"
    subprocess.run(prepare, shell=True, check=True)
    data = os.path.join(WORK, "perf.data")
    recorded = subprocess.run(["perf", "record", "-F", "499", "-o", data, "--", "sh", "-c", command], capture_output=True, text=True)
    if recorded.returncode != 0:
        return f"not measured (perf record: {recorded.stderr.strip().splitlines()[-1:]})"
    report = sh(["perf", "report", "-i", data, "--stdio", "--no-children", "--sort", "comm,dso,sym", "--field-separator", "\t"])
    shares = {name: 0.0 for name, _ in PROFILE_PARTS + [("other", None)]}
    for line in report.splitlines():
        fields = line.split("\t")
        if line.startswith("#") or len(fields) < 4 or not fields[0].strip().endswith("%"):
            continue
        share, worker = float(fields[0].strip().rstrip("%")), fields[1].strip().startswith("homecrew-extrac")
        dso, symbol = fields[2].strip(), fields[3].strip()[4:]
        part = next((name for name, matches in PROFILE_PARTS if matches(worker, dso, symbol)), "other")
        shares[part] += share
    return ", ".join(f"{name} {share:.0f}%" for name, share in shares.items() if share >= 0.5)


def ingest_heics():
    folder = os.path.join(WORK, "heic")
    subprocess.run(GENERATE + ["heics", str(SIZES["heics"]), folder], check=True)
    vault, out = os.path.join(WORK, "v-heic"), os.path.join(WORK, "heic-out")
    times = hyperfine({
        "homecrew": f"{HOMECREW} doc add --recursive {folder} --no-ocr --vault {vault} > /dev/null",
        "heif-convert": f"ls {folder}/*.heic | xargs -P 2 -I{{}} sh -c 'heif-convert {{}} {out}/$(basename {{}}).png > /dev/null'",
    }, prepare=f"rm -rf {vault} {out}; mkdir -p {out}; {HOMECREW} household add Bench --vault {vault} > /dev/null 2>&1",
       runs=1)  # heif-convert needs about 400 s a run; one run of each is enough for a 1:100 ratio
    share = times["homecrew"] / times["heif-convert"]
    record(f"2. ingest {SIZES['heics']} iPhone HEIC photos (12 MP) with thumbnails", f"{times['homecrew']:.2f} s",
           f"{times['heif-convert']:.2f} s (heif-convert to PNG, xargs -P 2)", "≤ 1/5 of the time", share <= 0.2, f"{share:.3f} of it",
           before=times.then("homecrew", lambda value: f"{value:.2f} s"))


def ocr():
    images = os.path.join(WORK, "ocr-images")
    os.makedirs(images, exist_ok=True)
    files = [f"{CORPUS}/{name}" for name in ["pdf/c02-22.pdf", "pdf/multi-page-images.pdf", "png/typewriter.png",
                                              "png/simple.png", "jpeg/simple.jpg", "heic/simple.heic"]] if HAVE_CORPUS else [
        f"{SAMPLES}/{name}" for name in ["documents/scan-ramesh-driving-licence.pdf", "fixtures/receipt-photo.jpg",
                                         "documents/maria-passport-photo.heic"]]
    if SMOKE:  # one file of each kind shows OCR runs both ways; all of them took a quarter of the smoke run
        files = list({os.path.splitext(path)[1]: path for path in reversed(files)}.values())
    for path in files:  # what tesseract reads: the same pages as images (rendering not counted)
        base = os.path.join(images, os.path.basename(path))
        if path.endswith(".pdf"):
            sh(["pdftoppm", "-r", "300", "-png", path, base])
        elif path.endswith(".heic"):
            sh(["heif-convert", path, base + ".png"])
        else:
            shutil.copy(path, base + os.path.splitext(path)[1])
    vault = os.path.join(WORK, "v-ocr")
    listed = " ".join(files)
    times = hyperfine({
        "homecrew": f"{HOMECREW} doc add {listed} --vault {vault} > /dev/null",
        "tesseract": f"ls {images}/* | xargs -P 2 -I{{}} tesseract {{}} {{}}.out -l eng > /dev/null 2>&1",
    }, prepare=f"rm -rf {vault} {images}/*.out.txt; {HOMECREW} household add Bench --vault {vault} > /dev/null 2>&1")
    # Re-adding: remove the documents (their files stay until gc), add them again.
    vault2 = fresh_vault("v-ocr-again")
    homecrew(vault2, "doc", "add", *files)
    for line in homecrew(vault2, "doc", "list", "--format", "csv").splitlines()[1:]:
        homecrew(vault2, "doc", "remove", line.split(",")[0])
    started = time.monotonic()
    again = json.loads(homecrew(vault2, "doc", "add", *files, "--format", "json", env={"HOMECREW_EXTRACT_TIMEOUT": "0.001"}))
    readd = time.monotonic() - started
    no_ocr = all(item["document"]["extraction"]["status"] == "complete" for item in again)
    ratio = times["tesseract"] / times["homecrew"]
    record("3. OCR of the corpus' image-only pages (" + (f"{len(files)} of its files, one of each kind; smoke" if SMOKE else "6 files, 10 pages") + ")", f"{times['homecrew']:.2f} s",
           f"{times['tesseract']:.2f} s (tesseract CLI, xargs -P 2, on pre-rendered 300 dpi pages)", "no slower",
           ratio >= 1.0 and no_ocr, f"{ratio:.2f}×; re-adding the same files: {readd:.2f} s, "
           + ("no OCR (a 1 ms worker limit was never hit)" if no_ocr else "OCR RAN AGAIN"), before=times.then("homecrew", lambda value: f"{value:.2f} s"))


def vault_format(program):
    """What decides a vault's format: the migrations in the source the program was built from."""
    source = os.path.dirname(os.path.dirname(os.path.dirname(program)))
    return hashlib.sha256(open(os.path.join(source, "Sources/HomeCrewStore/Migrations.swift"), "rb").read()).hexdigest()[:12]


def search_vault(count):
    """A vault of `count` generated documents (plus the corpus PDFs); returns it and the build time.
    With HOMECREW_BENCH_KEEP the generated files and the vault are kept there and the next run
    copies them (by vault format). With --against and another vault format, the compared build
    makes the vault and this build measures an upgraded copy of it (`before_vaults`)."""
    maker = BEFORE if BEFORE and vault_format(BEFORE) != vault_format(HOMECREW) else HOMECREW
    kept = os.path.join(KEEP or WORK, f"search-{count}")
    if not os.path.exists(kept + ".complete"):  # beside the folder: `doc add` files everything in it
        subprocess.run(GENERATE + ["pdfs", str(count), kept], check=True)
        open(kept + ".complete", "w").close()
    vault = os.path.join(KEEP or WORK, f"v-search-{count}-{vault_format(maker)}")
    seconds = os.path.join(vault + ".complete")
    if not os.path.exists(seconds):
        shutil.rmtree(vault, ignore_errors=True)
        sh([maker, "household", "add", "Bench", "--vault", vault])
        started = time.monotonic()
        sh([maker, "doc", "add", "--recursive", kept, "--no-ocr", "--vault", vault])
        sh([maker, "doc", "add", "--recursive", f"{CORPUS}/pdf" if HAVE_CORPUS else f"{SAMPLES}/documents", "--no-ocr", "--vault", vault])
        with open(seconds, "w") as out:
            out.write(f"{time.monotonic() - started}\n")
    if KEEP:  # a run adds staff and accounts: the kept vault stays as made
        copy = os.path.join(WORK, os.path.basename(vault))
        sh(["cp", "-a", vault, copy])
        vault = copy
    if maker != HOMECREW:
        upgraded = vault + "-upgraded"
        sh(["cp", "-a", vault, upgraded])
        homecrew(upgraded, "household", "list")
        before_vaults[upgraded] = vault
        vault = upgraded
    return vault, float(open(seconds).read())


def measure_search(vault, label):
    text = os.path.join(WORK, f"text-{label}")
    shutil.rmtree(text, ignore_errors=True)
    os.makedirs(text)
    per_document = os.path.join(WORK, f"documents-{label}")
    shutil.rmtree(per_document, ignore_errors=True)
    os.makedirs(per_document)
    database = sqlite3.connect(f"file:{vault}/homecrew.sqlite?mode=ro", uri=True)
    pages = 0
    # What a user with extracted text has: one file per document (pdftotext's way); and one per page.
    for sha, number, body in database.execute("SELECT object_sha256, page_number, text FROM object_page ORDER BY object_sha256, page_number"):
        with open(os.path.join(text, f"{sha}-{number}.txt"), "w") as out:
            out.write(body)
        with open(os.path.join(per_document, f"{sha}.txt"), "a") as out:
            out.write(body + "\f")
        pages += 1
    rare, common = "HC00042x0", "termination"
    times = hyperfine({
        # Start-up alone: what every command pays before it reads anything.
        "start": f"{HOMECREW} --version",
        "rare": f"{HOMECREW} search {rare} --all-households --vault {vault}",
        "common": f"{HOMECREW} search {common} --all-households --vault {vault}",
        "rg-rare": f"rg -l -i {rare} {per_document}",
        "rg-common": f"rg -l -i {common} {per_document}",
        "rg-pages-rare": f"rg -l -i {rare} {text}",
        "rg-pages-common": f"rg -l -i {common} {text}",
    }, runs=10, shell=False)
    return times, pages


def search_and_scaling(first_ingest):
    points = []
    for count in ([SIZES["search"]] if SMOKE else [1000, SIZES["search"]] + ([50000] if WITH_50K else [])):
        vault, build = search_vault(count)
        times, pages = measure_search(vault, str(count))
        points.append({"documents": count, "pages": pages, "ingest": build, "rare": times["rare"], "common": times["common"],
                       "rg": times["rg-rare"]})
        if count == SIZES["search"]:
            web_pages(vault, count)
            twice(backups, vault, count)
            search_rows(times, count, pages)
    return points


def search_rows(times, count, pages):
    """Rows 4 from `measure_search`'s times."""
    milliseconds = lambda value: f"{value * 1000:.1f} ms"
    for word in ["rare", "common"]:
        ratio = times[f"rg-{word}"] / times[word]
        pages_ratio = times[f"rg-pages-{word}"] / times[word]
        record(f"4. search one {word} word, {count} documents ({pages} pages)", milliseconds(times[word]),
               f"{times['rg-' + word] * 1000:.1f} ms (rg -l -i over one text file per document); "
               f"{times['rg-pages-' + word] * 1000:.1f} ms over one file per page", "< 20 ms and ≥ 10× faster than rg",
               times[word] < 0.020 and ratio >= 10, f"{ratio:.1f}× (per page: {pages_ratio:.1f}×); of it process start-up "
               f"(`homecrew --version`) {milliseconds(times['start'])}", before=times.then(word, milliseconds))


def restic_environment():
    """The environment restic and `vault backup --restic` run in: a password file and a cache in WORK."""
    password = os.path.join(WORK, "restic-password")
    with open(password, "w") as out:
        out.write("benchmark\n")
    return {**os.environ, "RESTIC_PASSWORD_FILE": password, "RESTIC_CACHE_DIR": os.path.join(WORK, "restic-cache")}


def backups(vault, count):
    """9. vault backup --restic of the benchmark vault into a local repository: the first backup against
    `restic backup` of the same directory by hand, each into a repository just made, and then each again
    with the vault unchanged. Three rounds, alternating, medians: a backup changes what the next finds,
    and one round's noise on 2 cores is larger than the difference measured."""
    env = restic_environment()
    ours, by_hand = os.path.join(WORK, "restic-ours"), os.path.join(WORK, "restic-by-hand")
    size = int(sh(["du", "-sb", vault]).split()[0]) / 1e6
    sh(["tar", "-cf", "/dev/null", vault])  # both read from the page cache

    def timed(command, **kwargs):
        started = time.monotonic()
        output = command(**kwargs)
        return time.monotonic() - started, output

    rounds = []
    for _ in range(RUNS):
        for repository in [ours, by_hand]:
            shutil.rmtree(repository, ignore_errors=True)
            sh(["restic", "-r", repository, "init", "--quiet"], env=env)
        # A first backup writes the text files too (backup-text/); the by-hand one runs before they exist.
        shutil.rmtree(os.path.join(vault, "backup-text"), ignore_errors=True)
        by_hand_backup = lambda: sh(["restic", "-r", by_hand, "backup", "--quiet", vault], env=env)
        theirs, _ = timed(by_hand_backup)
        # restic's own floor for an unchanged directory: opening the repository, its index, a stat of every file.
        theirs_again, _ = timed(by_hand_backup)
        first, _ = timed(lambda: homecrew(vault, "vault", "backup", "--restic", ours, env=env))
        second, second_output = timed(lambda: homecrew(vault, "vault", "backup", "--restic", ours, env=env))
        rounds.append((theirs, theirs_again, first, second, second_output))
    theirs, theirs_again, first, second = (statistics.median(r[i] for r in rounds) for i in range(4))
    spread = lambda i: f"{min(r[i] for r in rounds):.2f}–{max(r[i] for r in rounds):.2f} s"
    record(f"9. backup: vault backup --restic, first, {count} documents ({size:.0f} MB)", f"{first:.2f} s (median of {RUNS}: {spread(2)})",
           f"{theirs:.2f} s (restic backup of the vault directory by hand; {spread(0)})", "no slower", first <= theirs,
           f"{first / theirs:.2f}×")
    added = re.search(r"bytes, (\d+) new\)", rounds[-1][4])
    record(f"9. backup: vault backup --restic again, the vault unchanged", f"{second:.2f} s ({spread(3)})",
           f"{theirs_again:.2f} s (restic backup by hand of the unchanged directory: {theirs_again / theirs * 100:.0f}% of its first)",
           "< 10% of the first and < 5 s",
           second < 0.1 * first and second < 5, f"{second / first * 100:.0f}% of the first; {int(added.group(1)) / 1e6 if added else 0:.1f} MB new")


SEARCH_PAGES = ("search page (a common word)", "search page (a rare word)")


def scale_documents(count):
    """`count` generated documents (1-19 pages each), made by two processes; kept with HOMECREW_BENCH_KEEP."""
    folder = os.path.join(KEEP or WORK, f"scale-{count}")
    if not os.path.exists(folder + ".complete"):
        shutil.rmtree(folder, ignore_errors=True)
        half = count // 2
        makers = [subprocess.Popen(GENERATE + ["pdfs-range", str(first), str(end), folder]) for first, end in [(0, half), (half, count)]]
        if any(maker.wait() != 0 for maker in makers):
            raise RuntimeError("generating the scale row's documents failed")
        open(folder + ".complete", "w").close()
    return folder


def percentiles(times):
    """p50 and p99 of a list of seconds, in ms."""
    ordered = sorted(times)
    at = lambda share: ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000
    return at(0.5), at(0.99)


def scale(count):
    """12. Where one machine ends: one vault of `count` generated documents (100,000 and about a
    million pages), filed in one `doc add`, then searched from the command line and the web, its
    pages served, verified and backed up, each figure beside the 10,000-document one of rows 4, 8 and 9."""
    folder = scale_documents(count)
    vault = os.path.join(WORK, f"v-scale-{count}")
    homecrew(vault, "household", "add", "Bench")
    sh(["sync"])
    started = time.monotonic()
    homecrew(vault, "doc", "add", "--recursive", folder, "--no-ocr", "--format", "json")
    ingest = time.monotonic() - started
    database = sqlite3.connect(f"file:{vault}/homecrew.sqlite?mode=ro", uri=True)
    pages = database.execute("SELECT count(*) FROM object_page").fetchone()[0]
    documents = database.execute("SELECT count(*) FROM document").fetchone()[0]
    database.close()
    size = int(sh(["du", "-sb", vault]).split()[0]) / 1e9
    database_size = os.path.getsize(os.path.join(vault, "homecrew.sqlite")) / 1e9
    record(f"12. one machine's end: file {documents:,} documents ({pages:,} pages) into one vault, one doc add (--format json)",
           f"{ingest:.0f} s ({documents / ingest:.0f} documents/s)", "—", "measured, no bar", True,
           f"the vault {size:.1f} GB, of it the database {database_size:.1f} GB (text, search index, rows)")
    rare, common = "HC00042x0", "termination"
    out = os.path.join(WORK, "hyperfine-scale.json")
    sh(["hyperfine", "-N", "--warmup", "3", "--runs", "5" if SMOKE else "40", "--export-json", out, "--style", "none",
        "-n", "rare", f"{HOMECREW} search {rare} --all-households --vault {vault}",
        "-n", "common", f"{HOMECREW} search {common} --all-households --vault {vault}"])
    for entry in json.load(open(out))["results"]:
        p50, p99 = percentiles(entry["times"])
        record(f"12. one machine's end: homecrew search, a {entry['command']} word, {documents:,} documents",
               f"p50 {p50:.1f} ms, p99 {p99:.1f} ms", "—", "< 20 ms p50 (as at 10,000)", p50 < 20,
               f"{len(entry['times'])} runs, the whole process")
    (served, rss), = web.pages([(HOMECREW, vault)], seconds=WEB_SECONDS)
    for label, row in served.items():
        record(f"12. one machine's end: web, {label}, {documents:,} documents (wrk -t2 -c16, loopback)",
               f"p50 {row['p50']:.1f} ms, p99 {row['p99']:.1f} ms, {row['rps']:,.0f} requests/s", "—",
               "≥ 5,000 responses/s" if label == "thumbnail" else "< 30 ms median, < 100 ms p99",
               (row["rps"] >= 5000 if label == "thumbnail" else row["p50"] < 30 and row["p99"] < 100) and not row["errors"],
               f"server peak {rss:.0f} MB" if label == "home page" else "")
    sh(["sync"])
    started = time.monotonic()
    verified = homecrew(vault, "vault", "verify")
    verify = time.monotonic() - started
    record(f"12. one machine's end: vault verify, {documents:,} documents ({size:.1f} GB)", f"{verify:.1f} s", "—", "measured, no bar", True,
           f"every object re-hashed, the database checked; it said: {verified.strip().splitlines()[-1][:120] if verified.strip() else '(nothing)'}")
    env = restic_environment()
    repository = os.path.join(WORK, "restic-scale")
    sh(["restic", "-r", repository, "init", "--quiet"], env=env)
    started = time.monotonic()
    homecrew(vault, "vault", "backup", "--restic", repository, env=env)
    first = time.monotonic() - started
    started = time.monotonic()
    homecrew(vault, "vault", "backup", "--restic", repository, env=env)
    again = time.monotonic() - started
    record(f"12. one machine's end: vault backup --restic, {documents:,} documents ({size:.1f} GB)",
           f"first {first:.1f} s, again unchanged {again:.1f} s", "—", "measured, no bar", True,
           "into a local restic repository on the same disk")


def web_pages(vault, count, labels=None):
    """8. homecrew serve: pages rendered server-side and thumbnails under wrk -c 16 (those of
    `labels`, or all and the server's memory), with the compared build's server taking turns;
    then, for all, the rows of `web_people`."""
    builds = [(HOMECREW, vault)] + ([(BEFORE, before_vaults.get(vault, vault))] if BEFORE else [])
    served = web.pages(builds, seconds=WEB_SECONDS, labels=labels, rounds=5 if BEFORE else 1)
    figures = lambda row: f"p50 {row['p50']:.1f} ms, p99 {row['p99']:.1f} ms, {row['rps']:,.0f} requests/s" + (
        f", {row['errors']} non-2xx" if row["errors"] else "")
    (measured, rss), before = served[0], (served[1] if BEFORE else ({}, None))
    for label, row in measured.items():
        then = figures(before[0][label]) if label in before[0] else None
        if label == "thumbnail":
            record(f"8. web: a thumbnail, {count} documents (wrk -t2 -c16, loopback)", figures(row), "—", "≥ 5,000 responses/s",
                   row["rps"] >= 5000 and not row["errors"], before=then)
        else:
            record(f"8. web: {label}, {count} documents (wrk -t2 -c16, loopback)", figures(row), "—",
                   "< 30 ms median, < 100 ms p99" + ("; a common word < 20 ms median (#53)" if "common" in label else ""),
                   row["p50"] < (20 if "common" in label else 30) and row["p99"] < 100 and not row["errors"], before=then)
    if labels is None:
        record("8. web: the server's peak resident memory under that load", f"{rss:.0f} MB", "—", "< 150 MB", rss < 150,
               "extraction workers are separate processes, not counted", before=f"{before[1]:.0f} MB" if BEFORE else None)
        twice(web_people, vault, count)


def web_people(vault, count):
    """8. Signing in, the home page under attack, hostile data and the pages of each role."""
    signed, roles = web.sign_in(HOMECREW, vault, tries=10 if SMOKE else 40, seconds=WEB_SECONDS)
    record("8. web: signing in with a password, one at a time (the Argon2id check included)",
           f"p50 {signed['p50']:.1f} ms, p99 {signed['p99']:.1f} ms", "—", "< 100 ms (the pages' p99 target)",
           signed["p99"] < 100, "Argon2id costs ≥ 50 ms by design (19 MiB, 5 passes)")
    attacked, answers, slowest, peak = web.home_under_attack(HOMECREW, vault, seconds=WEB_SECONDS)
    record(f"8. web: the home page for one member while another sends the worst search and 10 years of payroll on 4 connections in a loop, "
           f"{count} documents (wrk -t1 -c4)", f"p50 {attacked['p50']:.1f} ms, p99 {attacked['p99']:.1f} ms, {attacked['rps']:,.0f} requests/s",
           "—", "< 100 ms p99", attacked["p99"] < 100 and not attacked["errors"],
           f"the attacker's {sum(answers.values())} requests: " + ", ".join(f"{count} × {status}" for status, count in sorted(answers.items()))
           + f", the slowest {slowest:.0f} ms (each request's database work is bounded at 0.5 s); server peak memory {peak:.0f} MB")
    hostile = web_hostile_data()
    record("8. web: every page of every role for a household of 10,000 staff, 100,000 days of leave and 100,000 payments (people "
           "who started in year 1), while another member loads her home page", f"home p50 {hostile['p50']:.1f} ms, p99 {hostile['p99']:.1f} ms; "
           f"the slowest page {hostile['slowest_ms']:.0f} ms; server peak {hostile['peak']:.0f} MB", "—",
           "home < 100 ms p99, every page within its budget, < 300 MB", hostile["failures"] == 0,
           f"Tests/Load/hostile_data.py; the slowest: {hostile['slowest'][:60]}")
    record("8. web: the home, household and staff pages of each role (owner, manager, viewer) in that household after its ledger's "
           "opening and a worker's payment were made and reversed 10,000 times each (#52)",
           f"the slowest page p50 {hostile['churn_p50']:.1f} ms, p99 {hostile['churn_p99']:.1f} ms", "—", "< 100 ms p99",
           hostile["churn_p99"] < 100, f"Tests/Load/hostile_data.py; the slowest: {hostile['churn_worst']}")
    for role, measured in roles.items():
        for label, row in measured.items():
            record(f"8. web: {label} as the household's {role} (an account), {count} documents (wrk -t2 -c16, loopback)",
                   f"p50 {row['p50']:.1f} ms, p99 {row['p99']:.1f} ms, {row['rps']:,.0f} requests/s", "—",
                   "< 30 ms median, < 100 ms p99", row["p50"] < 30 and row["p99"] < 100 and not row["errors"],
                   "session and role read from the database for every request")


def web_hostile_data():
    """8. Hostile data (Tests/Load/hostile_data.py): its checks' numbers; a smoke run fills a hundredth as much."""
    sys.path.insert(0, os.path.join(ROOT, "Tests", "Load"))
    import hostile_data
    return hostile_data.run(HOMECREW, scale=100 if SMOKE else 1)


def web_upload():
    """8. Uploading phone photos through the web form against `doc add` of the same files, each
    RUNS times in turn (after `sync`, into a fresh vault); the medians are compared."""
    folder = os.path.join(WORK, "web-photos")
    subprocess.run(GENERATE + ["heics", str(SIZES["heics"]), folder], check=True)
    clis, uploads, peaks = [], [], []
    for _ in range(RUNS):
        cli_vault, web_vault = fresh_vault("v-web-cli"), fresh_vault("v-web-upload")
        subprocess.run(["sync"], check=True)
        started = time.monotonic()
        homecrew(cli_vault, "doc", "add", "--recursive", folder, "--no-ocr")  # the form's OCR box left unticked
        clis.append(time.monotonic() - started)
        subprocess.run(["sync"], check=True)
        uploaded, rss = web.upload(HOMECREW, web_vault, folder)
        uploads.append(uploaded)
        peaks.append(rss)
    cli, uploaded = statistics.median(clis), statistics.median(uploads)
    ratio = uploaded / cli
    record(f"8. web: upload {SIZES['heics']} phone photos (HEIC, 12 MP) in one form post", f"{uploaded:.2f} s",
           f"{cli:.2f} s (homecrew doc add of the same files)", "≤ 1.2× doc add", ratio <= 1.2,
           f"{ratio:.2f}× (medians of {RUNS} runs each, in turn: upload "
           + ", ".join(f"{value:.2f}" for value in uploads) + " s; doc add " + ", ".join(f"{value:.2f}" for value in clis)
           + f" s); server peak memory {max(peaks):.0f} MB")


def payroll():
    data = os.path.join(WORK, "payroll.json")
    subprocess.run(GENERATE + ["payroll", str(SIZES["staff"]), str(SIZES["households"]), data], check=True)
    vault = os.path.join(WORK, "v-payroll")
    shutil.rmtree(vault, ignore_errors=True)
    homecrew(vault, "import", data)
    times = hyperfine({
        "payroll": f"{HOMECREW} report payroll 2026-11 --all-households --today 2026-11-22 --vault {vault}",
        "households": f"{HOMECREW} household list --vault {vault}",
    }, runs=10, shell=False)
    record(f"5. payroll for {SIZES['staff']} staff in {SIZES['households']} households, one month",
           f"{times['payroll']:.3f} s", "—", "< 0.5 s", times["payroll"] < 0.5, before=times.then("payroll", lambda value: f"{value:.3f} s"))
    record("5. household list (start to finish)", f"{times['households'] * 1000:.1f} ms", "—", "< 25 ms", times["households"] < 0.025,
           before=times.then("households", lambda value: f"{value * 1000:.1f} ms"))


def payslips():
    """Row 11 (#51): a month's payslips for 1,000 staff (`report payroll --payslips`: each PDF drawn and
    filed), all English against the same people each reading one of the twelve languages, the
    household's English under it. Every run starts from a copy of the imported vault, since a
    payslip already filed is not filed again."""
    count = 24 if SMOKE else 1000
    commands, copies = {}, []
    for label, extra in [("English only", []), ("mixed languages", ["--languages"])]:
        data = os.path.join(WORK, f"payslips-{len(commands)}.json")
        subprocess.run(GENERATE + ["payroll", str(count), "10", data] + extra, check=True)
        vault = os.path.join(WORK, f"v-payslips-{len(commands)}")
        shutil.rmtree(vault, ignore_errors=True)
        homecrew(vault, "import", data)
        copies.append(f"rm -rf {vault}-run && cp -r {vault} {vault}-run")
        commands[label] = f"{HOMECREW} report payroll 2026-11 --all-households --today 2026-11-22 --payslips --vault {vault}-run"
    times = hyperfine(commands, prepare=" && ".join(copies), runs=1 if SMOKE else 2)
    english, mixed = times["English only"], times["mixed languages"]
    record(f"11. payslip run for {count:,} staff in mixed languages (each PDF drawn and filed)", f"{mixed:.1f} s",
           f"{english:.1f} s (the same staff, English only)", "≤ 1.5× English only", mixed <= 1.5 * english,
           f"{mixed / english:.3f}×", before=times.then("mixed languages", lambda value: f"{value:.1f} s"))


def memory():
    vault = fresh_vault("v-memory")
    pdfs = os.path.join(CORPUS, "pdf") if HAVE_CORPUS else os.path.join(SAMPLES, "documents")
    largest = max((os.path.join(pdfs, name) for name in os.listdir(pdfs) if name.endswith(".pdf")), key=os.path.getsize)
    pdf = peak_rss_mb([HOMECREW, "doc", "add", largest, "--vault", vault])
    photo = f"{CORPUS}/heic/inverted.heic" if HAVE_CORPUS else f"{SAMPLES}/documents/maria-passport-photo.heic"
    heic = peak_rss_mb([HOMECREW, "doc", "add", photo, "--vault", vault])
    record(f"6. peak memory, largest corpus PDF ({os.path.basename(largest)}) with OCR", f"{pdf:.0f} MB", "—", "< 200 MB", pdf < 200)
    record("6. peak memory, 12-megapixel HEIC (inverted.heic) with OCR", f"{heic:.0f} MB", "—", "< 200 MB", heic < 200)
    big = os.path.join(WORK, "big.bin")
    with open(big, "wb") as out:
        chunk = os.urandom(1 << 20)
        for _ in range(SIZES["big"] >> 20):
            out.write(chunk)
    rss = peak_rss_mb([HOMECREW, "doc", "add", big, "--allow-other", "--vault", vault])
    record(f"6. peak memory, adding a {SIZES['big'] >> 20} MB file", f"{rss:.0f} MB", "—", "< 64 MB", rss < 64)
    os.remove(big)


def plot(points, path):
    """Two log-log panels: ingest time, and search time beside rg's (a flat line is what scales)."""
    import cairo
    surface = cairo.ImageSurface(cairo.FORMAT_RGB24, 900, 400)
    ctx = cairo.Context(surface)
    ctx.set_source_rgb(1, 1, 1)
    ctx.paint()
    ctx.select_font_face("DejaVu Sans")
    xs = [p["documents"] for p in points]
    blue, red, green, grey = (0.1, 0.3, 0.8), (0.8, 0.2, 0.1), (0.1, 0.6, 0.2), (0.45, 0.45, 0.45)
    plot_panel(ctx, (0, 0, 450, 400), "ingest, seconds", xs,
               [("HomeCrew", [p["ingest"] for p in points], blue)])
    plot_panel(ctx, (450, 0, 450, 400), "search, milliseconds", xs,
               [("HomeCrew, rare word", [p["rare"] * 1000 for p in points], red),
                ("HomeCrew, common word", [p["common"] * 1000 for p in points], green),
                ("rg -l, rare word", [p["rg"] * 1000 for p in points], grey)])
    surface.write_to_png(path)


def plot_panel(ctx, box, title, xs, series):
    left, top, width, height = box
    margin = 60
    values = [v for _, vs, _ in series for v in vs]
    decades = lambda low, high: range(math.floor(math.log10(low)), math.ceil(math.log10(high)) + 1)
    xd, yd = list(decades(min(xs), max(xs))), list(decades(min(values), max(values)))
    if len(xd) < 2: xd.append(xd[0] + 1)
    if len(yd) < 2: yd.append(yd[0] + 1)
    def at(x, y):
        fx = (math.log10(x) - xd[0]) / (xd[-1] - xd[0])
        fy = (math.log10(y) - yd[0]) / (yd[-1] - yd[0])
        return left + margin + (width - 1.5 * margin) * fx, top + height - margin - (height - 2 * margin) * fy
    ctx.set_font_size(11)
    for d in xd:
        ctx.set_source_rgb(0.88, 0.88, 0.88); ctx.set_line_width(1)
        ctx.move_to(*at(10 ** d, 10 ** yd[0])); ctx.line_to(*at(10 ** d, 10 ** yd[-1])); ctx.stroke()
        px, py = at(10 ** d, 10 ** yd[0]); ctx.set_source_rgb(0, 0, 0); ctx.move_to(px - 15, py + 16); ctx.show_text(f"{10 ** d:,}")
    for d in yd:
        ctx.set_source_rgb(0.88, 0.88, 0.88); ctx.set_line_width(1)
        ctx.move_to(*at(10 ** xd[0], 10 ** d)); ctx.line_to(*at(10 ** xd[-1], 10 ** d)); ctx.stroke()
        px, py = at(10 ** xd[0], 10 ** d); ctx.set_source_rgb(0, 0, 0); ctx.move_to(px - 45, py + 4); ctx.show_text(f"{10 ** d:g}")
    ctx.move_to(left + width / 2 - 60, top + height - 20); ctx.show_text("documents in the vault")
    ctx.set_font_size(13); ctx.move_to(left + margin, top + 30); ctx.show_text(title + " (log scales)")
    ctx.set_font_size(11)
    for index, (label, ys, colour) in enumerate(series):
        ctx.set_source_rgb(*colour); ctx.set_line_width(2)
        for i, (x, y) in enumerate(zip(xs, ys)):
            (ctx.move_to if i == 0 else ctx.line_to)(*at(x, y))
        ctx.stroke()
        for x, y in zip(xs, ys):
            ctx.arc(*at(x, y), 3, 0, 2 * math.pi); ctx.fill()
        ctx.move_to(left + margin + 10, top + margin + 16 * index); ctx.show_text(label)


def measured_commit():
    """Which source was measured: "at commit `…`" (the commit `against.py` takes by default next time)."""
    commit = sh(["git", "-C", ROOT, "rev-parse", "HEAD"]).strip()
    changed = sh(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no", "--", ".",
                  ":!BENCHMARKS.md", ":!Benchmarks/scaling.png"]).strip()
    return f"at commit `{commit[:12]}`" + (" with uncommitted changes" if changed else "")


MEASURED = measured_commit()
AGAINST = f", each row also for `{BEFORE_COMMIT[:12]}` in turn (`--against`: before → after)" if BEFORE else ""
TABLE_HEADER = ["| # | what | HomeCrew | before → after | the alternative | target | result |", "|---|---|---|---|---|---|---|"]


def row_line(r):
    number, name = r["name"].split(". ", 1)
    return (f"| {number} | {name} | {r['ours']} | {r['change']} | {r['theirs']} | {r['target']} | "
            f"{'met' if r['passed'] else '**missed**'}{' — ' + r['note'] if r['note'] else ''} |")


def write_report(points, path):
    lines = ["# HomeCrew benchmarks", "",
             f"Measured on {datetime.date.today()} on {machine()} {MEASURED}, with the {os.environ.get('HOMECREW_BENCH_BUILD', 'release')} build, "
             f"by `Benchmarks/run`" + (" --smoke (tiny sizes: not real figures)" if SMOKE else "") + AGAINST + ".",
             "Times are hyperfine means (3 runs for ingest, 10 for commands that take milliseconds), wall clock for the whole process.",
             "", *TABLE_HEADER]
    lines += [row_line(r) for r in results]
    lines += ["", "## Scaling (7)", "", "| documents | pages | ingest | search, rare word | search, common word | rg, rare word (a file per document) |",
              "|---|---|---|---|---|---|"]
    for p in points:
        lines.append(f"| {p['documents']:,} | {p['pages']:,} | {p['ingest']:.1f} s | {p['rare'] * 1000:.1f} ms | "
                     f"{p['common'] * 1000:.1f} ms | {p['rg'] * 1000:.1f} ms |")
    lines += ["", "![scaling](Benchmarks/scaling.png)", ""]
    # Section 10 (reading documents' facts) is written by accuracy.py alone: a full run keeps it.
    lines += kept_section(os.path.join(ROOT, "BENCHMARKS.md"), "10.")
    # What profiling found is written by hand, once; the figures above are written by every run.
    rewrite(path, with_notes(lines))


def replace_rows(path, numbers, rows, flag, what=None):
    """`--web-only` (rows 8), `--backups-only` (9), `--facts-only` (10), `--search-only` (4 and the
    search pages of 8): puts `results` in place of the rows of `numbers` and of the rows of the same
    names in an existing BENCHMARKS.md, where the first of them was, with a dated note naming the
    commit measured ("Rows `rows` measured on …", replacing the last such note); keeps the rest."""
    lines = open(path).read().split("\n")
    new = {r["name"]: row_line(r) for r in results}
    # The first table (its rows "| N | what |…", not the rows "| N. what |…" of "Before and after").
    header = next(index for index, line in enumerate(lines) if line.startswith("| # | what |"))
    end = header + 2
    while end < len(lines) and lines[end].startswith("| "):
        end += 1
    # A row of the same name is replaced where it is; the other new rows go where the first old row of `numbers` was.
    table, rest_at = [], None
    for line in map(with_change_column, lines[header + 2:end]):
        cells = [cell.strip() for cell in line.split("|")[1:3]]
        if ". ".join(cells) in new:
            table.append(new.pop(". ".join(cells)))
        elif cells[0] in {str(number) for number in numbers}:
            rest_at = len(table) if rest_at is None else rest_at
        else:
            table.append(line)
    rest_at = len(table) if rest_at is None else rest_at
    table[rest_at:rest_at] = list(new.values())
    what = what or f"the same vault of {SIZES['search']:,} documents"
    note = f"Rows {rows} measured on {datetime.date.today()} on {machine()} {MEASURED} by `Benchmarks/run {flag}` ({what}){AGAINST}."
    rest = [line for line in lines[end:] if not line.startswith(f"Rows {rows} measured ")]
    rest = [line for index, line in enumerate(rest) if line or index == 0 or rest[index - 1]]  # no blank runs left behind
    rewrite(path, with_notes(lines[:header] + TABLE_HEADER + table + ["", note] + rest))


NOTES = os.path.join(ROOT, "Benchmarks/NOTES.md")
NOTES_HEADING = "## Before and after"


def with_notes(lines):
    """BENCHMARKS.md's lines with what follows its notes' heading replaced by Benchmarks/NOTES.md,
    the notes' one source: a run that rewrites some rows also brings the notes up to date."""
    at = lines.index(NOTES_HEADING) if NOTES_HEADING in lines else len(lines)
    return lines[:at] + open(NOTES).read().split("\n")


def check_notes_in_step(path=os.path.join(ROOT, "BENCHMARKS.md")):
    """The smoke run's check that BENCHMARKS.md ends with Benchmarks/NOTES.md, as every run writes it:
    notes edited in one and not the other would be lost by the next run, or never shown."""
    lines = open(path).read().split("\n")
    if NOTES_HEADING not in lines or lines != with_notes(lines):
        sys.exit(f"BENCHMARKS.md's notes (from \"{NOTES_HEADING}\") differ from Benchmarks/NOTES.md: "
                 "edit Benchmarks/NOTES.md and copy it there")


def with_change_column(line):
    """A row of a table written before the before → after column, given an empty one."""
    cells = line.split(" | ")
    return " | ".join(cells[:3] + ["—"] + cells[3:]) if line.count(" | ") == 5 else line


if __name__ == "__main__":
    if SMOKE:
        check_notes_in_step()
    if PAPERS_ONLY:
        try:
            payslips()
            if SMOKE:
                print("\n".join([*TABLE_HEADER, *map(row_line, results)]))
            else:
                replace_rows(os.path.join(ROOT, "BENCHMARKS.md"), [11], "11", "--papers-only",
                             f"the {os.environ.get('HOMECREW_BENCH_BUILD', 'release')} build, 1,000 generated staff in 10 households")
        finally:
            shutil.rmtree(WORK, ignore_errors=True)
        sys.exit(0)
    if SCALE_ONLY:
        try:
            count = 200 if SMOKE else 100000
            scale(count)
            if SMOKE:
                print("\n".join([*TABLE_HEADER, *map(row_line, results)]))
            else:
                replace_rows(os.path.join(ROOT, "BENCHMARKS.md"), [12], "12", "--scale-only",
                             f"the release build, {count:,} generated documents in one vault")
        finally:
            shutil.rmtree(WORK, ignore_errors=True)
        sys.exit(0)
    if FACTS_ONLY or INGEST_ONLY:
        try:
            if INGEST_ONLY:
                ingest_real_pdfs()
            facts_at_doc_add()
            if SMOKE:
                print("\n".join([*TABLE_HEADER, *map(row_line, results)]))
            elif INGEST_ONLY:
                replace_rows(os.path.join(ROOT, "BENCHMARKS.md"), [10], "1 (real PDFs) and 10", "--ingest-only",
                             "the release build the README installs")
            else:
                replace_rows(os.path.join(ROOT, "BENCHMARKS.md"), [10], "10", "--facts-only", "the release build the README installs")
        finally:
            shutil.rmtree(WORK, ignore_errors=True)
        sys.exit(0)
    if WEB_ONLY or BACKUPS_ONLY or SEARCH_ONLY:
        try:
            # These flags together: one vault of 10,000 documents serves every set of rows.
            vault, _ = search_vault(SIZES["search"])
            groups = []
            if SEARCH_ONLY:
                times, pages = measure_search(vault, str(SIZES["search"]))
                search_rows(times, SIZES["search"], pages)
                if not WEB_ONLY:
                    web_pages(vault, SIZES["search"], labels=SEARCH_PAGES)
                groups.append(([4], "4 and the search pages of rows 8" if not WEB_ONLY else "4", "--search-only", len(results)))
            if WEB_ONLY:
                web_pages(vault, SIZES["search"])
                twice(web_upload)
                groups.append(([8], "8", "--web-only", len(results)))
            if BACKUPS_ONLY:
                twice(backups, vault, SIZES["search"])
                groups.append(([9], "9", "--backups-only", len(results)))
            measured, start = list(results), 0
            for numbers, rows, flag, end in groups:
                results[:] = measured[start:end]
                start = end
                if SMOKE:
                    print("\n".join([*TABLE_HEADER, *map(row_line, results)]))
                else:
                    replace_rows(os.path.join(ROOT, "BENCHMARKS.md"), numbers, rows, flag)
        finally:
            shutil.rmtree(WORK, ignore_errors=True)
        sys.exit(0)
    try:
        ingest_pdfs()
        ingest_real_pdfs()
        facts_at_doc_add()
        ingest_heics()
        twice(web_upload)
        ocr()
        payroll()
        payslips()
        twice(memory)
        points = search_and_scaling(None)
        if SMOKE:
            plot(points, os.path.join(WORK, "scaling.png"))  # drawn and thrown away: proves the plot works
            write_report(points, os.path.join(WORK, "BENCHMARKS.md"))
            print(open(os.path.join(WORK, "BENCHMARKS.md")).read())
        else:
            plot(points, os.path.join(ROOT, "Benchmarks/scaling.png"))
            write_report(points, os.path.join(ROOT, "BENCHMARKS.md"))
            print("wrote BENCHMARKS.md and Benchmarks/scaling.png")
    finally:
        shutil.rmtree(WORK, ignore_errors=True)
