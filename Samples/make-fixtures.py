#!/usr/bin/python3
"""Makes the small test fixtures in Samples/fixtures/: files the project made itself, so that every
promise HomeCrew makes about documents has a test that runs without the third-party corpus.

Run from the checkout with Debian's python3-cairo, python3-pil, fonts-dejavu-core and qpdf
installed, after Samples/make-documents.py:  /usr/bin/python3 Samples/make-fixtures.py
The outputs are committed; the tests never run this script. Byte-identical output is not
promised (cairo and qpdf stamp ids), only the content described here.
"""
import io
import os
import subprocess
import tempfile
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


def main():
    os.makedirs(OUT, exist_ok=True)
    hello_pdf()
    locked_pdf()
    long_pdf()
    truncated("contract-asha-devi-kumari.pdf", "truncated.pdf", 0.5)
    truncated("fatima-residence-visa-sideways.jpg", "truncated.jpg", 0.6)
    bad_checksum_png()
    swatches()
    receipt_photo()


if __name__ == "__main__":
    main()
