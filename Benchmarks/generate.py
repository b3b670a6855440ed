#!/usr/bin/python3
"""Generates benchmark inputs, reproducibly (seeded):

  generate.py pdfs N DIR          N text PDFs, 1-19 pages each (10 on average), unique text per document
  generate.py pdfs-range A B DIR  documents A..<B of the same kind, each seeded by its number (for several processes)
  generate.py heics N DIR         N HEIC photos: the corpus' 12-megapixel iPhone photo, each copy made unique by a trailing 'free' box
  generate.py payroll N H FILE    a `homecrew import` file with N staff across H households
  generate.py payroll N H FILE --languages   the same, each person reading one of the papers' twelve languages in turn

Needs Debian's python3-cairo. Documents use a fixed creation date, so the same seed gives the same bytes.
"""
import json
import os
import random
import struct
import sys

WORDS = ("employment contract salary notice period leave annual sick unpaid duties cooking driving garden "
         "children household wages month year payment bonus advance recovery passport visa permit renewal "
         "signature witness employer employee agreement terms conditions termination resignation holiday "
         "schedule hours overtime allowance accommodation meals transport uniform insurance medical").split()


def sentence(rng):
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 16))).capitalize() + "."


def pdfs(count, folder):
    os.makedirs(folder, exist_ok=True)
    rng = random.Random(7)
    for index in range(count):
        document(os.path.join(folder, f"doc-{index:05d}.pdf"), index, rng)


def pdfs_range(first, end, folder):
    """Documents first..<end like `pdfs`' (1-19 pages of 40 lines), each seeded by its own number,
    so that several processes can make one large set (the scale row's 100,000) between them."""
    os.makedirs(folder, exist_ok=True)
    for index in range(first, end):
        document(os.path.join(folder, f"doc-{index:06d}.pdf"), index, random.Random(index))


def document(path, index, rng):
    """One generated document: 1-19 pages, each a reference line and 40 sentences drawn from `rng`."""
    import cairo
    surface = cairo.PDFSurface(path, 595, 842)
    surface.set_metadata(cairo.PDFMetadata.CREATE_DATE, "2026-01-01T00:00:00")
    ctx = cairo.Context(surface)
    ctx.select_font_face("DejaVu Sans")
    ctx.set_font_size(10)
    for page in range(rng.randint(1, 19)):
        ctx.move_to(56, 60)
        ctx.show_text(f"Document {index} page {page + 1} reference HC{index:05d}x{page}")
        for line in range(40):
            ctx.move_to(56, 80 + line * 18)
            ctx.show_text(sentence(rng)[:95])
        ctx.show_page()
    surface.finish()


def heics(count, folder):
    corpus = os.environ.get("HOMECREW_CORPUS", os.path.join(os.path.dirname(__file__), "../../shared/corpus"))
    if os.path.isfile(os.path.join(corpus, "MANIFEST.tsv")):
        sources = [os.path.join(corpus, "heic", "inverted.heic")]  # a 12-megapixel iPhone photo
    else:  # no corpus (a bare clone's smoke run): the demo's own phone photo
        sources = [os.path.join(os.path.dirname(__file__), "../Samples/documents/maria-passport-photo.heic")]
    os.makedirs(folder, exist_ok=True)
    for index in range(count):
        with open(sources[index % len(sources)], "rb") as source:
            data = source.read()
        payload = f"homecrew benchmark photo {index}".encode()
        # A top-level ISO-BMFF 'free' box: ignored by readers, so the photo stays the same picture.
        data += struct.pack(">I", 8 + len(payload)) + b"free" + payload
        with open(os.path.join(folder, f"photo-{index:04d}.heic"), "wb") as out:
            out.write(data)


LANGUAGES = ["en", "fil", "id", "hi", "ne", "ta", "bn", "ar", "si", "ur", "zh-Hant", "ja"]


def payroll(count, households, path, languages=False):
    rng = random.Random(11)
    # Format 7 carries a person's language; the same people otherwise.
    result = {"homecrew_export": 7 if languages else 1, "exported_at": "2026-11-22T00:00:00.000Z", "households": []}
    for h in range(households):
        staff = []
        for s in range(count // households):
            number = h * (count // households) + s
            start = f"20{rng.randint(15, 26)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
            currency = rng.choice(["INR", "AED", "JPY", "KWD"])
            decimals = {"INR": 2, "AED": 2, "JPY": 0, "KWD": 3}[currency]
            amount = f"{rng.randint(1000, 90000)}" + ("." + "0" * decimals if decimals else "")
            history = [{"effective_from": start, "amount": amount, "currency": currency}]
            if start < "2026-11-01" and rng.random() < 0.2:
                history.append({"effective_from": f"2026-11-{rng.randint(2, 28):02d}", "amount": amount, "currency": currency})
            staff.append({"id": f"{number:012x}", "legal_name": f"Person {number}", "start_date": start,
                          "annual_leave_days": "21", "salary_history": history, "leave": [], "adjustments": []})
            if languages:
                staff[-1]["language"] = LANGUAGES[number % len(LANGUAGES)]
        result["households"].append({"id": f"{0xa00000000000 + h:012x}", "name": f"Household {h}",
                                     "leave_carry_over_cap": "0", "closed_months": [], "staff": staff, "documents": []})
    with open(path, "w") as out:
        json.dump(result, out)


if __name__ == "__main__":
    kind = sys.argv[1]
    if kind == "pdfs":
        pdfs(int(sys.argv[2]), sys.argv[3])
    elif kind == "pdfs-range":
        pdfs_range(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
    elif kind == "heics":
        heics(int(sys.argv[2]), sys.argv[3])
    elif kind == "payroll":
        payroll(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], languages="--languages" in sys.argv[5:])
    else:
        sys.exit(__doc__)
