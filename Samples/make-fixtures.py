#!/usr/bin/python3
"""Makes the small test fixtures in Samples/fixtures/: files the project made itself, so that every
promise HomeCrew makes about documents has a test that runs without the third-party corpus.

Run from the checkout with Debian's python3-cairo, python3-pil, fonts-dejavu-core and qpdf
installed, after Samples/make-documents.py:  /usr/bin/python3 Samples/make-fixtures.py
The 12-bit JPEG needs an encoder that writes 12-bit samples, which Debian 12's libjpeg-turbo
cannot: imagecodecs from PyPI (its libjpeg-turbo 3) in a venv that also sees Debian's packages:
  python3 -m venv --system-site-packages /tmp/fixtures && /tmp/fixtures/bin/pip install imagecodecs
  /tmp/fixtures/bin/python Samples/make-fixtures.py
The outputs are committed; the tests never run this script. Byte-identical output is not
promised (cairo and qpdf stamp ids), only the content described here.
"""
import io
import os
import subprocess
import tempfile
import unicodedata
import zlib

import cairo
from PIL import Image, ImageDraw, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "fixtures")
DOCUMENTS = os.path.join(HERE, "documents")
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
A4 = (595, 842)


def text_pdf(path, pages, title):
    """A text PDF: each page a list of lines, set in DejaVu Sans."""
    surface = cairo.PDFSurface(path, *A4)
    surface.set_metadata(cairo.PDFMetadata.TITLE, title)
    surface.set_metadata(cairo.PDFMetadata.CREATE_DATE, "2026-11-23T09:00:00")
    ctx = cairo.Context(surface)
    ctx.select_font_face("DejaVu Sans")
    for lines in pages:
        y = 80
        for text in lines:
            ctx.set_font_size(12)
            ctx.move_to(72, y)
            ctx.show_text(text)
            y += 18
        ctx.show_page()
    surface.finish()


def hello_pdf():
    text_pdf(os.path.join(OUT, "hello.pdf"),
             [["Hello World", "A one-page letter to the gardener, Joseph Mwangi,",
               "confirming his monthly wages and the Saturday watering rota."]],
             "Hello World")


def locked_pdf():
    """AES-256 (revision 6) encrypted: user password 'usersecret', owner password 'ownersecret'."""
    with tempfile.TemporaryDirectory() as scratch:
        plain = os.path.join(scratch, "plain.pdf")
        text_pdf(plain, [["Confidential salary letter", "The driver's salary rises to INR 31,000",
                          "from the first of December. Keep this letter private."]], "Salary letter")
        subprocess.run(["qpdf", "--encrypt", "usersecret", "ownersecret", "256", "--", plain,
                        os.path.join(OUT, "locked-aes256.pdf")], check=True)


def turned_pdf():
    """hello.pdf shown turned a quarter right (/Rotate 90), as scanners and phones often save pages."""
    subprocess.run(["qpdf", "--rotate=+90", os.path.join(OUT, "hello.pdf"), os.path.join(OUT, "turned-page.pdf")], check=True)


def long_pdf():
    """Many pages of text: slow enough to read that a tiny time limit stops the worker."""
    pages = [[f"Household handbook, page {n}."] + [f"Section {n}.{k}: the kitchen, the garden and the car "
                                                   f"are looked after as agreed, line {k}." for k in range(1, 41)]
             for n in range(1, 121)]
    text_pdf(os.path.join(OUT, "long-handbook.pdf"), pages, "Household handbook")


def truncated(source, name, fraction):
    with open(os.path.join(DOCUMENTS, source), "rb") as f:
        data = f.read()
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data[: int(len(data) * fraction)])


def bad_checksum_png():
    """A PNG whose image data fails zlib's Adler-32 check (chunk CRCs recomputed, so only the
    compressed stream is wrong)."""
    image = Image.new("RGB", (40, 30), (200, 120, 40))
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    data = bytearray(buffer.getvalue())
    start = data.index(b"IDAT") + 4
    length = int.from_bytes(data[start - 8:start - 4], "big")
    payload = bytearray(data[start:start + length])
    payload[-1] ^= 0xFF  # the last byte of the Adler-32 trailer
    crc = zlib.crc32(b"IDAT" + payload).to_bytes(4, "big")
    data[start:start + length + 4] = payload + crc
    with open(os.path.join(OUT, "bad-checksum.png"), "wb") as f:
        f.write(bytes(data))


def swatches():
    """Four small distinct PNGs, for tests that need some image and not a particular one."""
    colours = [(180, 40, 40), (40, 150, 60), (40, 70, 170), (120, 120, 120)]
    for number, colour in enumerate(colours, start=1):
        image = Image.new("RGB", (64, 48), colour)
        ImageDraw.Draw(image).rectangle((8, 8, 8 + number * 10, 40), fill=(250, 250, 250))
        image.save(os.path.join(OUT, f"swatch-{number}.png"))


def receipt_photo():
    """A phone photo of a printed receipt: text only OCR can read."""
    image = Image.new("RGB", (900, 600), (246, 244, 238))
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(FONT, 40)
    for index, text in enumerate(["GARDEN SUPPLY RECEIPT", "Pruning shears 1", "Watering hose 2",
                                  "Paid in cash"]):
        draw.text((60, 60 + index * 110), text, font=font, fill=(25, 25, 25))
    image.save(os.path.join(OUT, "receipt-photo.jpg"), "JPEG", quality=85)


def presentation_forms():
    """base letter -> {isolated, final, initial, medial: presentation-form character}, from Unicode's
    own decompositions of the Arabic presentation-form blocks (U+FB50–FDFF, U+FE70–FEFF)."""
    forms = {}
    for code in list(range(0xFB50, 0xFE00)) + list(range(0xFE70, 0xFF00)):
        decomposition = unicodedata.decomposition(chr(code)).split()
        if len(decomposition) == 2 and decomposition[0] in ("<isolated>", "<final>", "<initial>", "<medial>"):
            forms.setdefault(chr(int(decomposition[1], 16)), {})[decomposition[0][1:-1]] = chr(code)
    return forms


FORMS = presentation_forms()


def shaped(word):
    """An Arabic or Persian word as the presentation-form glyphs a shaping engine would draw, in
    logical order: each letter in its isolated, initial, medial or final form."""
    def joins_forward(letter):  # a letter that can join the one after it has an initial form
        return "initial" in FORMS.get(letter, {})
    result = []
    for index, letter in enumerate(word):
        if letter not in FORMS:
            result.append(letter)
            continue
        before = index > 0 and joins_forward(word[index - 1])
        after = index + 1 < len(word) and word[index + 1] in FORMS and joins_forward(letter)
        form = {(False, False): "isolated", (True, False): "final", (False, True): "initial", (True, True): "medial"}[(before, after)]
        result.append(FORMS[letter].get(form) or FORMS[letter]["isolated"])
    return "".join(result)


def right_to_left_pdf(path, title, lines, shape):
    """Right-to-left text as office tools and Qt/wkhtmltopdf write it: every glyph placed on its own,
    in visual order (right to left), Arabic and Persian as presentation-form glyphs. poppler-glib read
    such text a letter at a time; a reader must still find the words typed on an ordinary keyboard."""
    surface = cairo.PDFSurface(path, *A4)
    surface.set_metadata(cairo.PDFMetadata.TITLE, title)
    surface.set_metadata(cairo.PDFMetadata.CREATE_DATE, "2026-11-23T09:00:00")
    ctx = cairo.Context(surface)
    ctx.select_font_face("DejaVu Sans")
    ctx.set_font_size(16)
    for number, line in enumerate(lines):
        x, y = A4[0] - 60, 90 + number * 30
        for word in line.split(" "):
            for glyph in (shaped(word) if shape else word):
                x -= ctx.text_extents(glyph).x_advance
                ctx.move_to(x, y)
                ctx.show_text(glyph)
            x -= ctx.text_extents(" ").x_advance
    surface.finish()


def missing_font_pdf():
    """Text in a TrueType font the PDF names but does not embed, and which no machine has."""
    font = "HouseholdScriptPro-Regular"
    stream = "BT /F1 18 Tf 30 100 Td (Wages paid in full) Tj ET"
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
        f"<< /Length {len(stream)} >>\nstream\n{stream}\nendstream",
        f"<< /Type /Font /Subtype /TrueType /BaseFont /{font} /FirstChar 32 /LastChar 126 /Widths [{' '.join(['600'] * 95)}]"
        " /FontDescriptor 6 0 R /Encoding /WinAnsiEncoding >>",
        f"<< /Type /FontDescriptor /FontName /{font} /Flags 32 /FontBBox [0 -200 1000 900] /ItalicAngle 0 /Ascent 900"
        " /Descent -200 /CapHeight 700 /StemV 80 >>",
    ]
    out, offsets = b"%PDF-1.4\n", []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n{body}\nendobj\n".encode()
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += "".join(f"{offset:010d} 00000 n \n" for offset in offsets).encode()
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    with open(os.path.join(OUT, "missing-font.pdf"), "wb") as f:
        f.write(out)


def exif_with_preview(preview):
    """An APP1 EXIF segment whose IFD1 holds `preview` (a small 8-bit JPEG), as cameras write it."""
    import struct
    ifd0 = 8
    ifd1 = ifd0 + 2 + 12 + 4
    data = ifd1 + 2 + 3 * 12 + 4
    tiff = b"II*\x00" + struct.pack("<I", ifd0)
    tiff += struct.pack("<H", 1) + struct.pack("<HHIHH", 0x0112, 3, 1, 1, 0) + struct.pack("<I", ifd1)
    tiff += struct.pack("<H", 3) + struct.pack("<HHIHH", 0x0103, 3, 1, 6, 0)
    tiff += struct.pack("<HHII", 0x0201, 4, 1, data) + struct.pack("<HHII", 0x0202, 4, 1, len(preview)) + struct.pack("<I", 0)
    payload = b"Exif\x00\x00" + tiff + preview
    return b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload


def twelve_bit_jpeg():
    """A valid 12-bit (SOF1) JPEG photo of an ID card, with an 8-bit EXIF preview."""
    import imagecodecs
    import numpy
    card = Image.new("RGB", (600, 400), (214, 224, 236))
    draw = ImageDraw.Draw(card)
    draw.rectangle((40, 80, 190, 280), fill=(170, 150, 130))
    draw.text((40, 20), "WORK PERMIT", font=ImageFont.truetype(FONT, 40), fill=(30, 40, 90))
    samples = numpy.asarray(card).astype(numpy.uint16) * 16  # 8-bit values spread over 12 bits
    twelve = imagecodecs.jpeg8_encode(samples, level=90, bitspersample=12)
    preview = io.BytesIO()
    card.resize((160, 107)).save(preview, "JPEG", quality=80)
    with open(os.path.join(OUT, "twelve-bit-with-preview.jpg"), "wb") as f:
        f.write(twelve[:2] + exif_with_preview(preview.getvalue()) + twelve[2:])


def heif_primary_recoded(path, image, item_type):
    """A HEIF photo with a 160-pixel preview image, whose primary image is then declared as coded
    with `item_type` (a coding libheif 1.15 has no decoder for). Only the primary item's type
    changes: the file stays well formed, and its preview still decodes."""
    import struct
    with tempfile.TemporaryDirectory() as scratch:
        png = os.path.join(scratch, "photo.png")
        image.save(png)
        subprocess.run(["heif-enc", "-q", "60", "-t", "160", png, "-o", path], check=True, stdout=subprocess.DEVNULL)
    data = bytearray(open(path, "rb").read())

    def boxes(start, end):
        while start + 8 <= end:
            size, kind = struct.unpack(">I4s", data[start:start + 8])
            yield kind.decode("latin-1"), start + 8, start + size
            start += size
    meta = next((b, e) for k, b, e in boxes(0, len(data)) if k == "meta")
    children = {k: (b, e) for k, b, e in boxes(meta[0] + 4, meta[1])}
    primary = struct.unpack(">H", data[children["pitm"][0] + 4:children["pitm"][0] + 6])[0]
    for kind, body, end in boxes(children["iinf"][0] + 6, children["iinf"][1]):
        if kind == "infe" and data[body] == 2 and struct.unpack(">H", data[body + 4:body + 6])[0] == primary:
            data[body + 8:body + 12] = item_type.encode()
    with open(path, "wb") as f:
        f.write(bytes(data))


def zone_fixtures():
    """Zones too small for a whole page's OCR to read (#50), invented people drawn by
    Benchmarks/specimens.py's page (needs fonts-ocr-b and python3-gi-cairo), each turned 1.5 degrees
    as a scanner leaves it: a TD1 identity card whole at 300 px wide and a passport page at 300 px
    wide (characters 6 px apart)."""
    import datetime
    import random
    import sys
    sys.path.insert(0, os.path.join(HERE, "..", "Benchmarks"))
    import specimens
    date = datetime.date
    card = {"format": "TD1", "state": "KEN", "nationality": "KEN", "number": "AK4415702", "surname": "WANJIRU",
            "given": "GRACE", "sex": "F", "birth": date(1990, 5, 17), "expiry": date(2032, 8, 30)}
    passport = {"format": "TD3", "state": "PHL", "nationality": "PHL", "number": "P7781024", "surname": "REYES",
                "given": "JOY", "sex": "F", "birth": date(1986, 1, 23), "issued": date(2023, 7, 5),
                "expiry": date(2033, 7, 4)}
    for person, name, width in [(card, "td1-card-small.jpg", 300), (passport, "passport-scan-300px.jpg", 300)]:
        page, _ = specimens.page(person, random.Random(50))
        turned = page.rotate(1.5, resample=Image.BICUBIC, expand=True, fillcolor=(250, 250, 248))
        turned.resize((width, round(turned.height * width / turned.width)), Image.LANCZOS).save(os.path.join(OUT, name), "JPEG", quality=88)
    # A passport page 326 px wide, level: tesseract reads its second line's last check digit (after
    # 15 fillers) only at a band size smaller than the others tried (ZoneShapes.ways).
    page_326 = {"format": "TD3", "state": "PHL", "nationality": "PHL", "number": "B7999083", "surname": "PERERA",
                "given": "ROSALINDA MAE", "sex": "F", "birth": date(1978, 5, 7), "expiry": date(2034, 4, 26)}
    page, _ = specimens.page(page_326, random.Random(50))
    specimens.resize(page, 326).save(os.path.join(OUT, "passport-page-326px.jpg"), "JPEG", quality=73)


def main():
    os.makedirs(OUT, exist_ok=True)
    hello_pdf()
    locked_pdf()
    turned_pdf()
    long_pdf()
    truncated("contract-asha-devi-kumari.pdf", "truncated.pdf", 0.5)
    truncated("fatima-residence-visa-sideways.jpg", "truncated.jpg", 0.6)
    bad_checksum_png()
    swatches()
    receipt_photo()
    zone_fixtures()
    missing_font_pdf()
    heif_primary_recoded(os.path.join(OUT, "vvc-with-preview.heic"),
                         Image.open(os.path.join(OUT, "receipt-photo.jpg")), "vvc1")
    twelve_bit_jpeg()
    right_to_left_pdf(os.path.join(OUT, "arabic-presentation-forms.pdf"), "عقد عمل", [
        "عقد عمل للطباخ المنزلي",
        "الراتب الشهري ثلاثة آلاف درهم",
        "الإجازة السنوية ثلاثون يوما",
    ], shape=True)
    right_to_left_pdf(os.path.join(OUT, "persian-presentation-forms.pdf"), "قرارداد کار", [
        "قرارداد کار پرستار کودک",
        "حقوق ماهانه پرداخت می شود",
        "مرخصی سالانه بیست روز",
    ], shape=True)
    # Hebrew has no joining forms; letters with a dagesh or a shin dot are drawn as their
    # presentation-form glyphs (U+FB1D–FB4F), as some office tools write them.
    right_to_left_pdf(os.path.join(OUT, "hebrew-presentation-forms.pdf"), "חוזה עבודה", [
        "חוזה עבודה למטפלת \uFB31ית",
        "\uFB2Aכר חודשי \uFB3Bסף",
        "חופ\uFB2Bה \uFB2Aנתית",
    ], shape=False)


if __name__ == "__main__":
    main()
