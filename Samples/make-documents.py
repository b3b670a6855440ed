#!/usr/bin/python3
"""Makes the demo documents in Samples/documents/: invented people, invented papers.

Run from the checkout with Debian's python3-cairo, python3-pil, fonts-dejavu-core and
libheif-examples (heif-enc) installed:  /usr/bin/python3 Samples/make-documents.py [FILE...]
Given file names (e.g. maria-passport-scan.jpg), it makes only those. The scans with a
machine-readable zone are drawn by Benchmarks/specimens.py's page (it also needs fonts-ocr-b and
python3-gi-cairo). The outputs are committed; the demo and the tests never run this script.
"""
import io
import os
import random
import subprocess
import sys
import tempfile

import cairo
from PIL import Image, ImageDraw, ImageFilter, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "documents")
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
FONT_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
A4 = (595, 842)


def contract_pdf(path, title, parties, clauses):
    """A text PDF, one clause block after another, A4 pages with fixed metadata."""
    surface = cairo.PDFSurface(path, *A4)
    surface.set_metadata(cairo.PDFMetadata.TITLE, title)
    surface.set_metadata(cairo.PDFMetadata.AUTHOR, "HomeCrew demo data")
    surface.set_metadata(cairo.PDFMetadata.CREATE_DATE, "2026-01-15T10:00:00")
    ctx = cairo.Context(surface)
    y = 72

    def line(text, size=11, bold=False, gap=16):
        nonlocal y
        if y > A4[1] - 72:
            ctx.show_page()
            y = 72
        ctx.select_font_face("DejaVu Sans", cairo.FONT_SLANT_NORMAL,
                             cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)
        ctx.set_font_size(size)
        ctx.move_to(72, y)
        ctx.show_text(text)
        y += gap

    line(title, size=18, bold=True, gap=30)
    for party in parties:
        line(party)
    y += 10
    for heading, body in clauses:
        line(heading, bold=True, gap=18)
        for text in body:
            line(text)
        y += 8
    line("Signed at Mumbai on 15 January 2026.", gap=40)
    line("Employer: ______________________      Employee: ______________________")
    surface.finish()


def scanned_pdf(path, lines):
    """An image-only PDF: text drawn into a grey, slightly turned, noisy bitmap."""
    image = Image.new("L", (1240, 1754), 245)
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(FONT, 34)
    bold = ImageFont.truetype(FONT_BOLD, 44)
    draw.text((120, 140), lines[0], font=bold, fill=30)
    for index, text in enumerate(lines[1:]):
        draw.text((120, 260 + index * 62), text, font=font, fill=40)
    rng = random.Random(22)
    for _ in range(6000):
        draw.point((rng.randrange(1240), rng.randrange(1754)), fill=rng.randrange(150, 230))
    image = image.rotate(0.8, fillcolor=235, resample=Image.BICUBIC).filter(ImageFilter.GaussianBlur(0.6))
    png = io.BytesIO()
    image.convert("RGB").save(png, "PNG")
    png.seek(0)
    surface = cairo.PDFSurface(path, *A4)
    surface.set_metadata(cairo.PDFMetadata.CREATE_DATE, "2026-02-03T09:30:00")
    ctx = cairo.Context(surface)
    bitmap = cairo.ImageSurface.create_from_png(png)
    ctx.scale(A4[0] / bitmap.get_width(), A4[1] / bitmap.get_height())
    ctx.set_source_surface(bitmap, 0, 0)
    ctx.paint()
    surface.finish()


def id_card(title, fields, size=(1200, 800)):
    """A photographed-looking identity page: coloured card, a portrait box, text fields."""
    image = Image.new("RGB", size, (214, 224, 236))
    draw = ImageDraw.Draw(image)
    draw.rectangle((40, 40, size[0] - 40, size[1] - 40), fill=(236, 240, 246), outline=(60, 80, 120), width=6)
    draw.rectangle((80, 170, 380, 560), fill=(170, 150, 130))
    draw.ellipse((160, 220, 300, 380), fill=(120, 90, 70))
    draw.text((80, 70), title, font=ImageFont.truetype(FONT_BOLD, 56), fill=(30, 40, 90))
    font = ImageFont.truetype(FONT, 36)
    for index, (label, value) in enumerate(fields):
        draw.text((430, 180 + index * 70), f"{label}: {value}", font=font, fill=(20, 20, 20))
    return image


def heic_photo(path, image):
    with tempfile.TemporaryDirectory() as scratch:
        png = os.path.join(scratch, "photo.png")
        image.save(png)
        subprocess.run(["heif-enc", "-q", "60", png, "-o", path], check=True, stdout=subprocess.DEVNULL)


def sideways_jpeg(path, image):
    """Pixels stored turned a quarter left, with EXIF Orientation 6 saying to turn them back."""
    exif = Image.Exif()
    exif[0x0112] = 6
    image.transpose(Image.ROTATE_90).save(path, "JPEG", quality=80, exif=exif.tobytes())


def zone_scans():
    """Invented papers with ICAO 9303 zones (specimen values, no real person's), as a phone and a scanner give them."""
    sys.path.insert(0, os.path.join(HERE, "..", "Benchmarks"))
    import datetime
    import specimens
    rng = random.Random(38)
    date = datetime.date
    # The issue's own example: "passport of Maria Luisa Santos, number P1234567, expires 2031-03-14" (years
    # ahead: the due list does not flag it; her older passport photo, expiring 2027-01-09, stays the one it flags).
    maria = {"format": "TD3", "state": "PHL", "nationality": "PHL", "number": "P1234567", "surname": "SANTOS",
             "given": "MARIA LUISA", "sex": "F", "birth": date(1991, 6, 21), "issued": date(2021, 3, 15),
             "expiry": date(2031, 3, 14), "title": "PASSPORT  PASAPORTE"}
    # Her residence visa as the demo already records it (issued 2024-12-16, expiring 2026-12-15: inside the
    # demo's warning window, so the applied date shows on the due list at once).
    fatima = {"format": "MRV-A", "state": "ARE", "nationality": "EGY", "number": "784512903", "surname": "AL ZAHRA",
              "given": "FATIMA", "sex": "F", "birth": date(1988, 2, 9), "issued": date(2024, 12, 16),
              "expiry": date(2026, 12, 15), "title": "RESIDENCE VISA", "optional": "HOUSEKEEPER"}

    def passport_photo(path):
        page, _ = specimens.page(maria, rng)
        photo = specimens.on_table(page, rng).rotate(-2.0, resample=Image.BICUBIC, expand=True, fillcolor=(92, 78, 64))
        photo = photo.resize((1800, round(photo.height * 1800 / photo.width)), Image.LANCZOS).filter(ImageFilter.GaussianBlur(0.4))
        # Stored a quarter turned with EXIF Orientation 6, as a phone held upright writes a landscape page.
        specimens.save(photo.transpose(specimens.STORE_FOR_ORIENTATION[6]), path, quality=78, exif_orientation=6)

    def visa_scan(path):
        page, _ = specimens.page(fatima, rng)
        white = Image.new("RGB", (page.width + 160, page.height + 160), (250, 250, 248))
        white.paste(page, (80, 80))
        scan = white.rotate(0.8, resample=Image.BICUBIC, expand=True, fillcolor=(250, 250, 248))
        specimens.save(scan.resize((1600, round(scan.height * 1600 / scan.width)), Image.LANCZOS), path, quality=85)

    return {"maria-passport-scan.jpg": passport_photo, "fatima-visa-scan.jpg": visa_scan}


def main():
    os.makedirs(OUT, exist_ok=True)
    wanted = sys.argv[1:]
    if wanted:
        makers = zone_scans()
        for name in wanted:
            if name not in makers:
                sys.exit(f"make-documents.py: no sample named {name} (these are made one by one: {', '.join(makers)})")
            makers[name](os.path.join(OUT, name))
        return
    contract_pdf(
        os.path.join(OUT, "contract-asha-devi-kumari.pdf"),
        "Employment Contract - Household Cook",
        ["Employer: The Mehta family, Sea View House, 14 Juhu Tara Road, Mumbai",
         "Employee: Asha Devi Kumari (known as Asha)"],
        [("1. Duties", ["Cooking for the household, grocery shopping, upkeep of the kitchen."]),
         ("2. Salary", ["A monthly salary of INR 25,000, paid on the last working day of each month.",
                        "Revised to INR 28,000 from 1 April 2025."]),
         ("3. Working hours and leave", ["Six days a week. Twenty-one days of paid annual leave per calendar year."]),
         ("4. Notice period", ["Either party may end this contract with a notice period of one month."]),
         ("5. Confidentiality", ["The employee keeps the household's private matters confidential."])]
        + [("Schedule %d" % n, ["Weekly menu planning and festival cooking as agreed with the employer."]) for n in range(1, 30)],
    )
    contract_pdf(
        os.path.join(OUT, "contract-maria-santos.pdf"),
        "Domestic Worker Agreement - Nanny",
        ["Employer: The Mehta family, Marina Apartment, Dubai Marina, Dubai",
         "Employee: Maria Luisa Santos (known as Maria)"],
        [("1. Duties", ["Care of the two children: meals, school runs, homework and bedtime."]),
         ("2. Salary", ["A monthly salary of AED 3,500 paid by bank transfer."]),
         ("3. Leave", ["Thirty days of paid annual leave and a return ticket home every two years."]),
         ("4. Notice period", ["Thirty days' notice by either party."])],
    )
    scanned_pdf(
        os.path.join(OUT, "scan-ramesh-driving-licence.pdf"),
        ["DRIVING LICENCE", "Name: Ramesh Kumar Yadav", "Licence No: MH02 20110012345",
         "Valid till: 2027-03-31", "Class: LMV, MCWG", "Issued by: RTO Andheri, Mumbai"],
    )
    heic_photo(
        os.path.join(OUT, "maria-passport-photo.heic"),
        id_card("PASSPORT", [("Surname", "SANTOS"), ("Given names", "MARIA LUISA"), ("Nationality", "PHILIPPINE"),
                             ("Passport No", "P1234567X"), ("Date of expiry", "2027-01-09")]),
    )
    sideways_jpeg(
        os.path.join(OUT, "fatima-residence-visa-sideways.jpg"),
        id_card("RESIDENCE VISA", [("Name", "FATIMA AL ZAHRA"), ("Profession", "HOUSEKEEPER"),
                                   ("Sponsor", "MEHTA"), ("Expiry", "2026-12-15")]),
    )
    for name, make in zone_scans().items():
        make(os.path.join(OUT, name))


if __name__ == "__main__":
    main()
