#!/usr/bin/python3
"""The accuracy bar of #38: how many of a document's facts HomeCrew reads right, wrong or not at all.

    /usr/bin/python3 Benchmarks/accuracy.py [--write] [--no-build] [--specimens DIR]

Builds this checkout's `homecrew` (HOMECREW_BENCH_BUILD, default debug), makes the specimen set
with Benchmarks/specimens.py in a temporary folder (or uses DIR, already made), files every
specimen under a household of its country in a fresh vault (`doc add`, OCR as a user gets it),
reads its facts with `homecrew doc suggestions DOC --format json` and sets them against truth.json.
Prints the section as markdown; with --write, also replaces `## 10. ...` in BENCHMARKS.md.
A wrong value is the worst outcome: the target is 0 wrong fields and 90% of readable zones read.
"""
import collections
import datetime
import difflib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import report  # noqa: E402  (Benchmarks/report.py: the machine line and BENCHMARKS.md's sections)

CONFIGURATION = os.environ.get("HOMECREW_BENCH_BUILD", "debug")
HOMECREW = os.path.join(ROOT, f".build/{CONFIGURATION}/homecrew")
HEADING = "## 10. Reading documents' facts (#38)"
# A household for each country the specimens are filed under; None: a household with no rules (no country).
RULES = {"AE": "ae-domestic-2022", "IN": "in-contract", "JP": "jp-contract", None: None}
FIELDS = ["kind", "number", "issuing-state", "nationality", "surname", "given-names", "birth", "sex", "issued", "expiry",
          "optional-data", "person"]


def sh(command, check=True):
    result = subprocess.run(command, capture_output=True, text=True)
    if check and result.returncode != 0:
        sys.exit(f"accuracy.py: {' '.join(command[:4])}... failed ({result.returncode}): {result.stderr.strip()[-800:]}")
    return result


def homecrew(vault, *arguments, check=True):
    return sh([HOMECREW, *arguments, "--vault", vault], check=check)


def build():
    flags = ["-c", CONFIGURATION] + (["--static-swift-stdlib"] if CONFIGURATION == "release" else [])
    for product in ["homecrew", "homecrew-extract"]:
        subprocess.run(["swift", "build", *flags, "--product", product], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)


def household_name(country):
    return f"Specimens {country or 'without rules'}"


def file_specimens(vault, specimens, entries):
    """Every specimen under its country's household; returns file name -> document id and the seconds taken."""
    started = time.monotonic()
    for country in sorted({e["country"] for e in entries}, key=str):
        name = household_name(country)
        homecrew(vault, "household", "add", name)
        if RULES[country]:
            homecrew(vault, "household", "edit", name, "--settlement-rules", RULES[country])
        # The holders are the household's staff, as they are when a household files its staff's papers.
        for person in sorted({e["expected"]["person"] for e in entries if e["country"] == country and e["expected"].get("person")}):
            homecrew(vault, "staff", "add", "--household", name, "--name", person, "--start", "2024-01-01",
                     "--salary", "1000", "--currency", "AED")
        files = [os.path.join(specimens, e["file"]) for e in entries if e["country"] == country]
        homecrew(vault, "doc", "add", "--household", name, *files)
    seconds = time.monotonic() - started
    listing = json.loads(homecrew(vault, "doc", "list", "--all-households", "--format", "json").stdout)
    by_name = {document["original_name"]: document["id"] for document in listing}
    ids = {}
    for entry in entries:
        if entry["file"] not in by_name:
            sys.exit(f"accuracy.py: {entry['file']} was not filed")
        ids[entry["file"]] = by_name[entry["file"]]
    return ids, seconds


# ---------------------------------------------------------------- reading the suggestions

def suggestions(vault, document):
    """{"facts": {field: value}, "evidence": {field: text}, "zones": [...], "notes": [...]} from
    `doc suggestions DOC --format json`."""
    answer = json.loads(homecrew(vault, "doc", "suggestions", document, "--format", "json").stdout)
    facts = {f["field"]: str(f["value"]) for f in answer.get("facts", [])}
    evidence = {f["field"]: "; ".join(map(str, f.get("evidence", []))) for f in answer.get("facts", [])}
    return {"facts": facts, "evidence": evidence, "zones": answer.get("zones", []), "notes": answer.get("notes", [])}


def normal(field, value):
    if value is None:
        return None
    value = str(value).upper().replace("<", " ")
    return " ".join(value.split())


def score(entry, read):
    """field -> (outcome, expected, got): correct, wrong or none; a field expected absent (None) is
    correct when none is given and wrong when one is."""
    outcomes = {}
    for field, expected in entry["expected"].items():
        got = read["facts"].get(field)
        if expected is None:
            outcomes[field] = ("correct" if got is None else "wrong", expected, got)
        elif got is None:
            outcomes[field] = ("none", expected, got)
        else:
            outcomes[field] = ("correct" if normal(field, got) == normal(field, expected) else "wrong", expected, got)
    return outcomes


def zone_read(entry, read):
    return any(z.get("read") for z in read["zones"])


# ---------------------------------------------------------------- what the first OCR made of the zone

def zone_confusions(entry, text):
    """Each true zone line against the OCR line most like it (spaces left out): a Counter of
    characters right, lines exactly right, lines of the right length and lines not found, and a
    Counter of confusions (true -> read)."""
    lines = [line.replace(" ", "") for line in text.split("\n") if len(line.replace(" ", "")) >= 20]
    counts, confusions = collections.Counter(), collections.Counter()
    for truth in entry["zone"]:
        counts["characters"] += len(truth)
        counts["lines"] += 1
        best = max(lines, key=lambda line: difflib.SequenceMatcher(None, truth, line, autojunk=False).ratio(), default=None)
        if best is None or difflib.SequenceMatcher(None, truth, best, autojunk=False).ratio() < 0.5:
            counts["missing"] += 1
            continue
        counts["exact"] += best == truth
        counts["length"] += len(best) == len(truth)
        # The zone reader takes a line only of A-Z, 0-9 and '<' (spaces dropped), 30, 36 or 44 long or up to 3 '<' short.
        counts["alphabet"] += re.fullmatch(r"[A-Z0-9<]+", best) is not None
        for op, a1, a2, b1, b2 in difflib.SequenceMatcher(None, truth, best, autojunk=False).get_opcodes():
            if op == "equal":
                counts["right"] += a2 - a1
            elif op == "replace" and a2 - a1 == b2 - b1:
                for x, y in zip(truth[a1:a2], best[b1:b2]):
                    confusions[(x, y)] += 1
            else:
                confusions[(truth[a1:a2][:6] or "(none)", best[b1:b2][:6] or "(dropped)")] += 1
    return counts, confusions


# ---------------------------------------------------------------- the report

def pct(part, whole):
    return f"{100 * part / whole:.1f}%" if whole else "–"


def table(title, rows, counts):
    lines = [f"| {title} | fields | correct | wrong | none |", "|---|---|---|---|---|"]
    for row in rows:
        c = counts[row]
        n = sum(c.values())
        lines.append(f"| {row} | {n} | {c['correct']} ({pct(c['correct'], n)}) | {c['wrong']} ({pct(c['wrong'], n)}) | "
                     f"{c['none']} ({pct(c['none'], n)}) |")
    return lines


def zone_shaped(line):
    compact = line.replace(" ", "")
    return re.fullmatch(r"[A-Z0-9<]+", compact) is not None and any(
        len(compact) == width or (width - 3 <= len(compact) < width and compact.endswith("<")) for width in (30, 36, 44))


def why_not_read(entries, results):
    reasons = collections.Counter()
    for entry in entries:
        read = results[entry["file"]][0]
        if entry["group"] != "zone" or not entry["readable"] or zone_read(entry, read):
            continue
        refusals = [z["reason"] for z in read["zones"] if not z.get("read")]
        if not refusals:
            # Whether the first OCR gave the zone band's second reading a start (a line with 3 fillers,
            # « counting 2, or a line of a zone's shape): without one, the band is never read again.
            started = any(line.count("<") + 2 * line.count("«") >= 3 or zone_shaped(line) for line in read["text"].split("\n"))
            reasons["no zone found in the text: " + ("the first OCR has a zone-like line, yet no second reading agreed"
                                                     if started else "the first OCR has no zone-like line (no second reading)")] += 1
        for refusal in set(re.sub(r"'.'|\d+", "…", r) for r in refusals):
            reasons[f"found, refused: {refusal}"] += 1
    return reasons


def markdown(entries, results, seconds, confusion_stats):
    by_field, by_degradation, by_format, by_language = (collections.defaultdict(collections.Counter) for _ in range(4))
    overall = collections.Counter()
    wrong = []
    zones = collections.defaultdict(lambda: {"readable": 0, "read": 0, "read_unreadable": 0, "unreadable": 0})
    for entry in entries:
        read, outcomes = results[entry["file"]]
        for field, (outcome, expected, got) in outcomes.items():
            by_field[field][outcome] += 1
            overall[outcome] += 1
            by_degradation[entry["degradation"]][outcome] += 1
            if entry["group"] == "zone":
                by_format[entry["format"]][outcome] += 1
            else:
                by_language[entry["language"]][outcome] += 1
            if outcome == "wrong":
                wrong.append((entry["file"], field, expected, got, read["evidence"].get(field, "")))
        if entry["group"] == "zone":
            # The text-layer control (the zone in a PDF's text, no OCR) is the reader's ceiling, not an image.
            keys = [entry["degradation"]] if entry["degradation"] == "text-layer" else ["all", entry["degradation"], entry["format"]]
            for key in keys:
                z = zones[key]
                if entry["readable"]:
                    z["readable"] += 1
                    z["read"] += zone_read(entry, read)
                else:
                    z["unreadable"] += 1
                    z["read_unreadable"] += zone_read(entry, read)
    total_zones = zones["all"]
    zone_files = [e for e in entries if e["group"] == "zone"]
    label_files = [e for e in entries if e["group"] == "labels"]
    out = [HEADING, "",
           f"Measured on {datetime.date.today()} on {report.machine()}, with the {CONFIGURATION} build, by "
           f"`Benchmarks/run --accuracy-only` (Benchmarks/accuracy.py): {len(entries)} specimens made by "
           f"Benchmarks/specimens.py (seeded; {len(zone_files)} machine-readable zones, images but for "
           f"{sum(e['degradation'] == 'text-layer' for e in zone_files)} text PDFs, {len(label_files)} "
           f"labelled-date pages), filed with `doc add` in {seconds:.0f} s and read with `doc suggestions`. "
           "There are no real public specimen images in the shared corpus (its MANIFEST.tsv lists none), so none is measured.",
           "",
           f"- **Wrong fields: {overall['wrong']}** of {sum(overall.values())} (target 0); correct {overall['correct']} "
           f"({pct(overall['correct'], sum(overall.values()))}), none {overall['none']}.",
           f"- **Readable zones read: {total_zones['read']} of {total_zones['readable']} "
           f"({pct(total_zones['read'], total_zones['readable'])})** (target 90%). A zone is *readable* when a person "
           "could still read it on the image, decided from the image's measures: its characters at least 6 px apart, "
           "a blur radius under a quarter of that, and below 8 px no JPEG quality under 50 (checked by eye on the "
           f"borderline images). {total_zones['unreadable']} zone images are not readable by that rule; "
           f"{total_zones['read_unreadable']} of them were read all the same. The same zones in a PDF's text layer "
           f"(no OCR: the reader's ceiling) were read {zones['text-layer']['read']} of {zones['text-layer']['readable']}.", ""]
    out += table("field", [f for f in FIELDS if f in by_field], by_field) + [""]
    out += ["| zones by degradation | readable | read | % |", "|---|---|---|---|"]
    degradations = list(dict.fromkeys(e["degradation"] for e in zone_files))
    for key in degradations:
        z = zones[key]
        out.append(f"| {key} | {z['readable']} | {z['read']} | {pct(z['read'], z['readable'])} |")
    out += ["", "| zones by format | readable | read | % |", "|---|---|---|---|"]
    for key in ["TD1", "TD2", "TD3", "MRV-A", "MRV-B"]:
        z = zones[key]
        out.append(f"| {key} | {z['readable']} | {z['read']} | {pct(z['read'], z['readable'])} |")
    out += ["", "Why readable zones were not read (the zone reader's own reason, its positions and characters left out):", "",
            "| reason | zones |", "|---|---|"]
    for reason, count in why_not_read(entries, results).most_common():
        out.append(f"| {reason} | {count} |")
    out += [""] + table("degradation", list(by_degradation), by_degradation) + [""]
    out += table("format", ["TD1", "TD2", "TD3", "MRV-A", "MRV-B"], by_format) + [""]
    out += table("labelled pages, language", list(by_language), by_language) + [""]
    out += ["What the OCR made of the zones (`doc text`; each true zone line set against the OCR line most like it, "
            "spaces left out):", "", "| degradation | zone lines | exactly right | of the right length | only `A–Z 0–9 <` | "
            "not found | characters right | commonest confusions (true → read) |", "|---|---|---|---|---|---|---|---|"]
    for key in degradations:
        counts, confusions = confusion_stats[key]
        top = ", ".join(f"`{a}`→`{b}` ×{n}" for (a, b), n in confusions.most_common(6))
        out.append(f"| {key} | {counts['lines']} | {counts['exact']} | {counts['length']} | {counts['alphabet']} | {counts['missing']} | "
                   f"{pct(counts['right'], counts['characters'])} | {top} |")
    out += [""]
    if wrong:
        out += ["Every wrong field:", "", "| file | field | true | read | evidence |", "|---|---|---|---|---|"]
        for file, field, expected, got, evidence in wrong:
            out.append(f"| {file} | {field} | {expected} | {got} | {evidence[:160].replace('|', '/')} |")
    else:
        out += ["No field was read wrong."]
    return "\n".join(out) + "\n"


def main():
    write = "--write" in sys.argv
    work = tempfile.mkdtemp(prefix="homecrew-accuracy-")
    try:
        if "--no-build" not in sys.argv:
            build()
        if "--specimens" in sys.argv:
            specimens = os.path.abspath(sys.argv[sys.argv.index("--specimens") + 1])
        else:
            specimens = os.path.join(work, "specimens")
            subprocess.run([sys.executable, os.path.join(HERE, "specimens.py"), specimens], check=True, stdout=subprocess.DEVNULL)
        entries = json.load(open(os.path.join(specimens, "truth.json")))["files"]
        vault = os.path.join(work, "vault")  # made by the first `household add`
        ids, seconds = file_specimens(vault, specimens, entries)
        results, stats = {}, collections.defaultdict(lambda: (collections.Counter(), collections.Counter()))
        for entry in entries:
            read = suggestions(vault, ids[entry["file"]])
            results[entry["file"]] = (read, score(entry, read))
            if entry["group"] == "zone":
                text = homecrew(vault, "doc", "text", ids[entry["file"]]).stdout
                read["text"] = text
                counts, confusions = zone_confusions(entry, text)
                stats[entry["degradation"]][0].update(counts)
                stats[entry["degradation"]][1].update(confusions)
        section = markdown(entries, results, seconds, stats)
        print(section)
        if write:
            report.replace_section(os.path.join(ROOT, "BENCHMARKS.md"), HEADING.split(" ", 2)[1], section)
            print("wrote the section into BENCHMARKS.md")
        with open(os.path.join(work, "results.json"), "w") as handle:
            json.dump({f: {"read": r, "outcomes": o} for f, (r, o) in results.items()}, handle, ensure_ascii=False, indent=1)
        if os.environ.get("HOMECREW_ACCURACY_KEEP"):
            shutil.copy(os.path.join(work, "results.json"), os.environ["HOMECREW_ACCURACY_KEEP"])
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
