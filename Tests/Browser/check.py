#!/usr/bin/python3
"""homecrew serve in a real browser: headless Chromium driven by Selenium (Debian's packages).

Starts `homecrew serve` on a free loopback port over a new vault and walks through what a
person does: sign in with the printed token, add a household and a staff member, upload a
PDF, a HEIC and a JPEG turned by EXIF orientation 6, see the thumbnails upright, search a word
of the PDF and open its page, open November's payroll and download a payslip, publish the
calendar feed and parse its .ics. Hostile names go through the same forms. Each step saves a
screenshot in .build/browser/ for a person to look at. Exit 0 when every check holds.

Usage: Tests/Browser/check.py [path/to/homecrew]   (default .build/debug/homecrew)
"""
import base64, glob, http.client, json, os, pwd, re, shutil, socket, subprocess, sys, tempfile, time, urllib.parse, urllib.request

from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLES = os.path.join(ROOT, "Samples")
SHOTS = os.path.join(ROOT, ".build", "browser")
# Every page of the demo at a phone's and a desktop's width, refreshed by each run (README shows them).
PAGE_SHOTS = os.path.join(SAMPLES, "screenshots")
# axe-core as PyPI's axe-selenium-python ships it; .ci/install-deps fetches it (and checks its hash).
AXE = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "homecrew",
                   "axe-selenium-python-2.1.6", "axe.min.js")
HOSTILE = "<img src=x onerror=alert(1)>\"'&<script>alert(2)</script>"
failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)


def wait_replaced(driver, old, seconds):
    """Waits until the page that held `old` is gone. While Chromium swaps documents, asking about the old node can
    fail with "Node with given id does not belong to the document" instead of a stale-element error; that is the
    same news a moment early, so the wait asks again rather than failing."""
    WebDriverWait(driver, seconds, ignored_exceptions=(WebDriverException,)).until(expected_conditions.staleness_of(old))


def start_server(binary, vault):
    server = subprocess.Popen([binary, "serve", "--vault", vault, "--listen", "127.0.0.1:0", "--today", "2026-11-22"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = []
    while len(lines) < 3:
        line = server.stdout.readline()
        if not line:
            raise SystemExit("homecrew serve stopped: " + server.stderr.read())
        lines.append(line)
    url = re.search(r"(http://127\.0\.0\.1:\d+)/signin\?token=([0-9a-f]+)", "".join(lines))
    return server, url.group(1), url.group(2)


def browser(downloads):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=390,844"]:
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"download.default_directory": downloads, "download.prompt_for_download": False})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


class Walk:
    def __init__(self, driver, base):
        self.driver, self.base, self.step = driver, base, 0

    def shot(self, name):
        self.step += 1
        self.driver.save_screenshot(os.path.join(SHOTS, "%02d-%s.png" % (self.step, name)))

    def open(self, path):
        self.driver.get(self.base + path)

    def fill(self, values):
        for name, value in values.items():
            field = self.driver.find_element(By.NAME, name)
            if field.tag_name == "select":
                Select(field).select_by_visible_text(value)
            else:
                field.clear()
                field.send_keys(value)

    def submit(self, label):
        self.navigate(self.driver.find_element(By.XPATH, "//button[normalize-space()='%s']" % label))

    def navigate(self, element):
        """Clicks and waits until the next page has replaced this one (an upload takes a while)."""
        old = self.driver.find_element(By.TAG_NAME, "html")
        element.click()
        wait_replaced(self.driver, old, 120)
        WebDriverWait(self.driver, 30).until(lambda driver: driver.execute_script("return document.readyState") == "complete")

    def no_alert(self, where):
        try:
            self.driver.switch_to.alert
            check(False, "no script ran on " + where)
        except NoAlertPresentException:
            check(True, "no script ran on " + where)

    def image_sizes(self, css):
        """The images' sizes once each has finished loading or failed (`complete`): the home page's are
        `loading="lazy"`, which the load event does not wait for, so a busy machine read them as 0 x 0."""
        images = self.driver.find_elements(By.CSS_SELECTOR, css)
        try:
            WebDriverWait(self.driver, 30).until(lambda driver: all(img.get_property("complete") for img in images))
        except WebDriverException:
            pass  # the sizes say which did not load
        return [(img.get_property("naturalWidth"), img.get_property("naturalHeight")) for img in images]


def sign_in_and_add_records(walk, token):
    walk.open("/")
    check("/signin" in walk.driver.current_url, "without a session the browser is sent to sign in")
    walk.shot("sign-in")
    walk.open("/signin?token=" + token)
    check(walk.driver.find_element(By.TAG_NAME, "h1").text == "Home", "the printed URL signs in and lands on Home")
    check("token" not in walk.driver.current_url, "the address bar no longer holds the token")
    walk.open("/households/new")
    walk.fill({"name": "Sea View " + HOSTILE, "address": "12 Shore Road"})
    walk.submit("Add household")
    check(HOSTILE in walk.driver.find_element(By.TAG_NAME, "h1").text, "a hostile household name is shown as text")
    walk.no_alert("the household page")
    walk.shot("household")
    walk.navigate(walk.driver.find_element(By.LINK_TEXT, "Add a staff member"))
    walk.fill({"legal_name": "Maria Santos", "known_as": "Maria", "salary": "30000", "currency": "INR", "leave_days": "21"})
    walk.driver.execute_script("document.getElementById('f-start').value = '2022-01-10'")
    walk.submit("Add staff member")
    check(walk.driver.find_element(By.TAG_NAME, "h1").text == "Maria Santos", "the staff member's page opens")
    walk.shot("staff")


def upload_documents(walk, folder):
    hostile_pdf = os.path.join(folder, "contract <b onclick=alert(3)>bold \"x\" & 'y'.pdf")
    shutil.copy(os.path.join(SAMPLES, "documents", "contract-maria-santos.pdf"), hostile_pdf)
    files = [hostile_pdf, os.path.join(SAMPLES, "documents", "maria-passport-photo.heic"),
             os.path.join(SAMPLES, "documents", "fatima-residence-visa-sideways.jpg")]
    walk.open("/upload")
    Select(walk.driver.find_element(By.NAME, "staff")).select_by_index(1)
    walk.driver.find_element(By.NAME, "files").send_keys("\n".join(files))
    walk.submit("Upload")
    verdicts = [item.get_attribute("data-verdict") for item in walk.driver.find_elements(By.CSS_SELECTOR, "li.outcome")]
    check(verdicts == ["added", "added", "added"], "three files uploaded and added: %s" % verdicts)
    check("contract <b onclick=alert(3)>bold \"x\" & 'y'.pdf" in walk.driver.find_element(By.CLASS_NAME, "outcomes").text, "a hostile file name is shown as text")
    walk.shot("uploaded")
    walk.open("/")
    sizes = walk.image_sizes(".grid img")
    check(len(sizes) == 3 and all(w > 0 and h > 0 for w, h in sizes), "Home shows three thumbnails: %s" % sizes)
    walk.shot("home-thumbnails")
    walk.navigate(walk.driver.find_element(By.PARTIAL_LINK_TEXT, "fatima-residence-visa-sideways"))
    original = walk.image_sizes("img.preview")
    # Its pixels are stored 800 wide and 1200 high, turned a quarter; EXIF 6 turns them back.
    check(original == [(1200, 800)], "the EXIF-6 photo is shown upright, landscape: %s" % original)
    walk.shot("jpeg-upright")
    walk.open("/")
    for link in walk.driver.find_elements(By.CSS_SELECTOR, ".grid a"):
        if "visa" in link.text:
            thumb = link.find_element(By.TAG_NAME, "img")
            width, height = thumb.get_property("naturalWidth"), thumb.get_property("naturalHeight")
            check(width > height, "its thumbnail is upright too (%dx%d)" % (width, height))


def upload_a_passport_scan(walk):
    """A passport scan uploaded with nothing typed: the result says what its zone reads and offers each
    fact to apply; the number applied is on the document's page."""
    walk.open("/upload")
    walk.driver.find_element(By.NAME, "files").send_keys(os.path.join(SAMPLES, "documents", "maria-passport-scan.jpg"))
    walk.submit("Upload")
    said = walk.driver.find_elements(By.CSS_SELECTOR, "div.suggested")
    text = said[0].text if said else ""
    check("passport of Maria Santos, number P1234567, issued 2021-03-15, expires 2031-03-14" in text,
          "the upload result says what the scan's zone reads: %s" % text[:200])
    buttons = [button.text for button in walk.driver.find_elements(By.CSS_SELECTOR, "div.suggested button")]
    check("Apply number P1234567" in buttons and "Apply expiry 2031-03-14" in buttons, "an Apply button per fact: %s" % buttons)
    walk.shot("upload-suggestions")
    walk.submit("Apply number P1234567")
    number = walk.driver.find_elements(By.XPATH, "//dt[normalize-space()='Number']/following-sibling::dd[1]")
    check(number and number[0].text == "P1234567", "the applied number is on the document's page")
    walk.shot("number-applied")


def scripts_directions_and_limits(walk, folder):
    """A right-to-left household and person beside English, a name with a direction override
    refused with the form shown again, a file name's override written out, the upload form's
    staff following the chosen household, and the icon."""
    walk.open("/households/new")
    walk.fill({"name": "Ali \u202egnp.exe\u202c Khan"})
    walk.submit("Add household")
    problem = walk.driver.find_element(By.CSS_SELECTOR, "p.error").text
    check("[U+202E]" in problem and walk.driver.find_elements(By.NAME, "name"),
          "a name with a direction override is refused, the form shown again: %s" % problem)
    walk.shot("name-refused")
    walk.fill({"name": "بيت البحر", "address": "شارع الشاطئ ١٢"})
    walk.submit("Add household")
    heading = walk.driver.find_element(By.CSS_SELECTOR, "h1 bdi").text
    check(heading == "بيت البحر", "an Arabic household name is isolated in <bdi>: %s" % heading)
    walk.navigate(walk.driver.find_element(By.LINK_TEXT, "Add a staff member"))
    walk.fill({"legal_name": "محمد علي", "known_as": "Mohammed", "salary": "2500", "currency": "AED", "leave_days": "30"})
    check(walk.driver.find_element(By.NAME, "legal_name").get_attribute("dir") == "auto", "typed names take their own direction")
    walk.driver.execute_script("document.getElementById('f-start').value = '2024-03-01'")
    walk.submit("Add staff member")
    walk.shot("arabic-staff")
    weird = os.path.join(folder, "\u202efdp.exe.pdf")
    shutil.copy(os.path.join(SAMPLES, "fixtures", "turned-page.pdf"), weird)
    walk.open("/upload")
    household = Select(walk.driver.find_element(By.NAME, "household"))
    old = walk.driver.find_element(By.TAG_NAME, "html")
    household.select_by_visible_text("بيت البحر")
    wait_replaced(walk.driver, old, 30)
    staff = [option.text for option in Select(walk.driver.find_element(By.NAME, "staff")).options]
    check(staff == ["(nobody)", "محمد علي"], "choosing a household offers its own staff only: %s" % staff)
    Select(walk.driver.find_element(By.NAME, "staff")).select_by_visible_text("محمد علي")
    walk.driver.find_element(By.NAME, "files").send_keys(weird)
    walk.submit("Upload")
    outcome = walk.driver.find_element(By.CLASS_NAME, "outcomes").text
    check("[U+202E]fdp.exe.pdf" in outcome and "\u202e" not in outcome, "a file name's override is written out: %s" % outcome)
    walk.shot("override-written-out")
    # The page's policy allows images of its own (not fetch): the icon is loaded as one.
    icon = walk.driver.execute_async_script(
        "var done = arguments[0], image = new Image(); image.onload = () => done(image.naturalWidth);"
        "image.onerror = () => done(-1); image.src = '/favicon.ico';")
    linked = walk.driver.find_element(By.CSS_SELECTOR, "link[rel=icon]").get_attribute("href")
    check(icon > 0 and linked.endswith("/assets/icon.svg"), "the site has an icon, /favicon.ico too (%s px wide)" % icon)


def search_and_open_page(walk):
    walk.open("/search")
    walk.fill({"q": "nanny"})
    walk.submit("Search")
    marks = [mark.text.lower() for mark in walk.driver.find_elements(By.TAG_NAME, "mark")]
    check("nanny" in marks, "the word is marked in the snippet: %s" % marks[:5])
    walk.shot("search")
    walk.navigate(walk.driver.find_element(By.PARTIAL_LINK_TEXT, "page 1"))
    check(walk.driver.current_url.endswith("#page-1"), "the page link opens that page's text")
    check("nanny" in walk.driver.find_element(By.ID, "page-1").text.lower(), "the page's text holds the word")
    walk.shot("document-page")


def payroll_and_payslip(walk, downloads):
    walk.open("/reports/payroll?period=2026-11")
    row = walk.driver.find_element(By.CSS_SELECTOR, "table.payroll tbody tr").text
    check("30,000.00 INR" in row or "30000.00 INR" in row, "November's line pays 30000.00 INR: %s" % row)
    check(any("INR" in total.text for total in walk.driver.find_elements(By.CSS_SELECTOR, "li.total")), "a total per currency")
    walk.shot("payroll")
    phone_cards(walk)
    walk.driver.find_element(By.LINK_TEXT, "Payslip").click()
    deadline = time.time() + 15
    while time.time() < deadline and not [p for p in glob.glob(os.path.join(downloads, "*.pdf"))]:
        time.sleep(0.2)
    pdfs = glob.glob(os.path.join(downloads, "*.pdf"))
    check(len(pdfs) == 1, "one payslip downloaded: %s" % [os.path.basename(p) for p in pdfs])
    if pdfs:
        info = subprocess.run(["pdfinfo", pdfs[0]], capture_output=True, text=True)
        check(info.returncode == 0 and "Pages:" in info.stdout, "the payslip is a valid PDF (pdfinfo)")


def phone_cards(walk):
    """On a 390-px phone the payroll's rows are cards: every value, the net pay and the payslip link
    included, is on screen without sideways scrolling, under its column's name."""
    driver = walk.driver
    # Headless Chromium keeps windows at least 500 px wide; a phone's 390 px is emulated.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    driver.refresh()
    width = driver.execute_script("return window.innerWidth")
    check(width == 390, "the page is laid out for a 390-px phone (%s)" % width)
    check(driver.execute_script("return document.documentElement.scrollWidth") <= width,
          "the payroll page does not scroll sideways at %d px" % width)
    outside = driver.execute_script("""
        return Array.from(document.querySelectorAll('table.payroll td')).filter(function (cell) {
          var box = cell.getBoundingClientRect(); return box.width > 0 && (box.left < 0 || box.right > window.innerWidth);
        }).map(function (cell) { return cell.getAttribute('data-label') + ': ' + cell.textContent.trim(); });""")
    check(outside == [], "every payroll value is on screen: %s" % outside[:5])
    labels = [cell.get_attribute("data-label") for cell in driver.find_elements(By.CSS_SELECTOR, "table.payroll tbody tr:first-child td")]
    check("Net" in labels and "Paid" in labels and all(labels), "each value is labelled with its column: %s" % labels)
    payslip = driver.find_element(By.LINK_TEXT, "Payslip").rect
    check(payslip["x"] + payslip["width"] <= width, "the payslip link is on screen")
    walk.shot("payroll-phone-cards")
    manifest = driver.execute_cdp_cmd("Page.getAppManifest", {})
    check(manifest.get("url", "").endswith("/assets/manifest.webmanifest") and not manifest.get("errors")
          and '"192x192"' in manifest.get("data", ""), "the browser reads the web app manifest: %s" % manifest.get("errors"))
    # A desktop keeps the table.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    driver.refresh()
    check(driver.find_element(By.CSS_SELECTOR, "table.payroll thead").is_displayed(), "at 1280 px the table keeps its header row")
    walk.shot("payroll-desktop")
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.refresh()


def pay_with_a_receipt_photo(walk):
    """On a phone: October's pay with the photo of the signed receipt, then an advance."""
    walk.open("/reports/payroll?period=2026-10")
    walk.navigate(walk.driver.find_element(By.CSS_SELECTOR, "table.payroll tbody").find_element(By.LINK_TEXT, "Maria"))
    walk.driver.find_element(By.XPATH, "//summary[normalize-space()='Record a payment']").click()
    photo = walk.driver.find_element(By.ID, "f-proof-photo")
    check(photo.get_attribute("capture") == "environment", "the receipt's photo comes from the phone's camera")
    walk.fill({"paid_amount": "30000", "paid_method": "UPI", "paid_reference": "UPI " + HOSTILE})
    walk.driver.find_element(By.CSS_SELECTOR, "input[name=paid_month][value='2026-10']").click()
    photo.send_keys(os.path.join(SAMPLES, "documents", "fatima-residence-visa-sideways.jpg"))
    walk.shot("payment-form")
    walk.submit("Record payment")
    walk.no_alert("the ledger")
    rows = [row.text for row in walk.driver.find_elements(By.CSS_SELECTOR, "table.ledger tbody tr")]
    check(any("30000.00 INR" in row and "UPI" in row and "2026-10" in row for row in rows), "the payment is in the ledger: %s" % rows)
    check(len(walk.driver.find_elements(By.CSS_SELECTOR, "table.ledger a[href^='/documents/']")) == 1, "its proof is linked")
    walk.driver.execute_script("document.getElementById('payments').scrollIntoView()")
    walk.shot("payment-ledger")
    walk.driver.find_element(By.XPATH, "//summary[normalize-space()='Give an advance or loan']").click()
    walk.fill({"advance_amount": "3000", "advance_rule": "in equal instalments", "advance_instalments": "3"})
    walk.driver.execute_script("document.getElementById('f-advance_on').value = '2026-10-15'")
    walk.submit("Give")
    check("3000.00 INR" in walk.driver.find_elements(By.CSS_SELECTOR, "table.ledger")[-1].text, "the advance is listed")
    walk.open("/reports/payroll?period=2026-10-01..2026-11-30")
    paid = [cell.text for cell in walk.driver.find_elements(By.CSS_SELECTOR, "td.paid")]
    check("paid 2026-11-22 by UPI" in paid and "unpaid" in paid, "October paid, November not: %s" % paid)
    check("1000.00 advance" in walk.driver.find_element(By.CSS_SELECTOR, "table.payroll").text, "November takes the first instalment")
    walk.shot("payroll-paid")


def calendar_feed(walk):
    walk.open("/reports/due?within=400")
    walk.submit("Publish a calendar address")
    link = walk.driver.find_element(By.CSS_SELECTOR, "a[href^='webcal://']").get_attribute("href")
    walk.shot("due-feed")
    text = urllib.request.urlopen(link.replace("webcal://", "http://", 1)).read().decode()
    unfolded = re.sub(r"\r\n[ \t]", "", text)
    events = [block for block in unfolded.split("BEGIN:VEVENT")[1:]]
    summaries = [re.search(r"SUMMARY:(.*)", event).group(1) for event in events]
    check(unfolded.startswith("BEGIN:VCALENDAR") and unfolded.rstrip().endswith("END:VCALENDAR"), "the feed is an iCalendar file")
    check(any("Work anniversary" in s and "Maria" in s for s in summaries), "it lists Maria's anniversary: %s" % summaries)
    check(all(re.search(r"DTSTART;VALUE=DATE:\d{8}", event) for event in events), "every event has an all-day date")


def command_line_meanwhile(walk, binary, vault):
    added = subprocess.run([binary, "household", "add", "Hill Cottage", "--vault", vault], capture_output=True, text=True)
    check(added.returncode == 0, "the command line writes to the vault while the server runs: %s" % added.stderr.strip())
    walk.open("/")
    check("Hill Cottage" in walk.driver.find_element(By.TAG_NAME, "main").text, "a reload shows what the command line added")


def history_names_each_author(walk, binary, vault):
    """A change in the browser and one on the command line, each shown in the History section with its author."""
    listed = subprocess.run([binary, "staff", "list", "--all-households", "--format", "json", "--vault", vault],
                            capture_output=True, text=True, check=True)
    maria = [member for member in json.loads(listed.stdout) if member["legal_name"] == "Maria Santos"][0]["id"]
    edited = subprocess.run([binary, "staff", "edit", maria, "--duties", "Childcare " + HOSTILE, "--vault", vault],
                            capture_output=True, text=True)
    check(edited.returncode == 0, "the command line edits Maria: %s" % edited.stderr.strip())
    walk.open("/staff/" + maria)
    walk.driver.find_element(By.XPATH, "//summary[normalize-space()='Change the salary from a date']").click()
    form = walk.driver.find_element(By.CSS_SELECTOR, "form[action$='/salary']")
    amount = form.find_element(By.NAME, "amount")
    WebDriverWait(walk.driver, 10).until(lambda driver: amount.is_displayed())
    amount.send_keys("32000")
    walk.driver.execute_script("arguments[0].value = '2026-12-01'", form.find_element(By.NAME, "from"))
    walk.navigate(form.find_element(By.XPATH, ".//button[normalize-space()='Change salary']"))
    history = walk.driver.find_element(By.CSS_SELECTOR, "table.history").text
    user = pwd.getpwuid(os.geteuid()).pw_name
    # Who, in words (never cli:NAME or web:NAME): the vault's own user made both, in the browser and at the terminal.
    keeper = "The vault's keeper (%s)" % user
    check(keeper in history and "added salary" in history and "web:" not in history,
          "History shows the browser's salary change and who made it, in words")
    check(keeper in history and "duties" in history and HOSTILE in history and "cli:" not in history,
          "History shows the command line's change, the typed text as text")
    walk.no_alert("the History section")
    walk.driver.execute_script("document.querySelector('table.history').scrollIntoView()")
    walk.shot("history")


def other_machines(binary):
    """Listening beyond loopback: only with an account and --insecure-http; a peer on another address
    signs in with the account, never with the token, and a foreign Host is refused."""
    addresses = [a for a in subprocess.run(["hostname", "-I"], capture_output=True, text=True).stdout.split()
                 if "." in a and not a.startswith("127.")]
    if not addresses:
        print("note: this machine has no non-loopback IPv4 address; the check of serving other machines did not run")
        return
    address, folder = addresses[0], tempfile.mkdtemp(prefix="homecrew-lan-")
    vault = os.path.join(folder, "vault")
    try:
        subprocess.run([binary, "household", "add", "Sea View", "--vault", vault], check=True, capture_output=True)
        refused = subprocess.run([binary, "serve", "--vault", vault, "--listen", "0.0.0.0:0", "--insecure-http"],
                                 capture_output=True, text=True)
        check(refused.returncode == 64 and "needs an account" in refused.stderr, "no account, no listening beyond loopback")
        subprocess.run([binary, "user", "add", "priya", "--vault", vault], input="monsoon over the ghats\n", check=True,
                       capture_output=True, text=True)
        refused = subprocess.run([binary, "serve", "--vault", vault, "--listen", "0.0.0.0:0"], capture_output=True, text=True)
        check(refused.returncode == 64 and "--insecure-http" in refused.stderr, "plain HTTP beyond loopback only when asked for")
        with socket.socket() as probe:
            probe.bind(("0.0.0.0", 0))
            port = probe.getsockname()[1]
        public = "%s:%d" % (address, port)
        server = subprocess.Popen([binary, "serve", "--vault", vault, "--listen", "0.0.0.0:%d" % port, "--insecure-http",
                                   "--public-name", public], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            text = ""
            while "Press Ctrl-C" not in text:
                line = server.stdout.readline()
                if not line:
                    raise SystemExit("homecrew serve stopped: " + server.stderr.read())
                text += line
            token = re.search(r"signin\?token=([0-9a-f]+)", text).group(1)

            def request(method, path, host=public, body=None, headers=None):
                connection = http.client.HTTPConnection(address, port, timeout=30)
                connection.request(method, path, body=body, headers=dict({"Host": host}, **(headers or {})))
                response = connection.getresponse()
                return response.status, response.getheader("Location"), response.read().decode()

            status, _, page = request("GET", "/signin")
            check(status == 200 and 'name="password"' in page and 'name="token"' not in page,
                  "another machine is offered the account sign-in, not the token")
            status, _, _ = request("GET", "/signin?token=" + token)
            check(status == 403, "the token signs nobody in from another address: %d" % status)
            status, _, _ = request("GET", "/signin", host="evil.example:%d" % port)
            check(status == 421, "a foreign Host is refused beyond loopback too: %d" % status)
            form = urllib.parse.urlencode({"name": "priya", "password": "monsoon over the ghats", "next": "/"})
            status, location, _ = request("POST", "/signin", body=form, headers={
                "Content-Type": "application/x-www-form-urlencoded", "Origin": "http://" + public})
            check(status == 303 and location == "/", "the account signs in from another address: %d %s" % (status, location))
        finally:
            server.terminate()
            server.wait(timeout=20)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def account_sign_in(walk, binary, vault):
    """An account made on the command line signs in through the form, sees its name and sessions,
    and a wrong password is refused on the page."""
    subprocess.run([binary, "user", "add", "priya", "--vault", vault], input="monsoon over the ghats\n",
                   check=True, capture_output=True, text=True)
    walk.submit("Sign out")
    check("/signin" in walk.driver.current_url, "signing out goes to the sign-in page")
    walk.fill({"name": "priya", "password": "not the password at all"})
    walk.submit("Sign in")
    check("do not match an account" in walk.driver.find_element(By.TAG_NAME, "main").text, "a wrong password is refused on the page")
    walk.fill({"password": "monsoon over the ghats"})
    walk.shot("sign-in-with-an-account")
    walk.submit("Sign in")
    check(walk.driver.find_element(By.TAG_NAME, "h1").text == "Home", "the account signs in and lands on Home")
    walk.navigate(walk.driver.find_element(By.LINK_TEXT, "priya"))
    page = walk.driver.find_element(By.TAG_NAME, "main").text
    check("Signed in" in page and "Change the password" in page, "the account's page lists its sessions and the password form")
    walk.shot("account")


def click_confirmed(walk, button):
    """A button whose form asks "are you sure?" (data-confirm): click, accept the dialog, wait for the next page."""
    old = walk.driver.find_element(By.TAG_NAME, "html")
    button.click()
    WebDriverWait(walk.driver, 10).until(expected_conditions.alert_is_present())
    walk.driver.switch_to.alert.accept()
    wait_replaced(walk.driver, old, 30)


def member_row_button(walk, member, label):
    row = walk.driver.find_element(By.XPATH, "//tr[td[1][normalize-space()='%s']]" % member)
    return row.find_element(By.XPATH, ".//button[normalize-space()='%s']" % label)


def sharing(walk, base, binary, vault, folder):
    """The owner invites a viewer; in a second browser profile the viewer makes an account, sees the
    household without a single form, and a hand-made POST is refused; promoted to manager, they upload
    a document; removed, their next page load is refused; History names each step's author."""
    token = open(os.path.join(vault, "serve-token")).read().strip()
    walk.open("/signin?token=" + token)
    check(walk.driver.find_element(By.TAG_NAME, "h1").text == "Home", "the owner (the vault's own user) signs in again")
    walk.navigate(walk.driver.find_element(By.PARTIAL_LINK_TEXT, "Sea View"))
    household_url = walk.driver.current_url
    household_id = household_url.rstrip("/").split("/")[-1]
    walk.fill({"role": "viewer: reads everything, changes nothing"})
    walk.submit("Make an invitation link")
    link = walk.driver.find_element(By.CSS_SELECTOR, "input.link-copy").get_attribute("value")
    check(re.fullmatch(re.escape(base) + r"/invitations/[0-9a-f]{64}", link) is not None, "the owner gets a single-use link: %s" % link[:60])
    walk.driver.execute_script("document.querySelector('input.link-copy').scrollIntoView()")
    walk.shot("owner-invites")

    second = browser(os.path.join(folder, "downloads"))  # a second profile: its own cookies
    try:
        guest = Walk(second, base)
        guest.step = 50
        guest.driver.get(link)
        check("invites you to" in guest.driver.find_element(By.TAG_NAME, "main").text and "as a viewer" in guest.driver.find_element(By.TAG_NAME, "main").text,
              "the invitation page says who invites to what")
        guest.fill({"name": "dev", "password": "lanterns by the river", "again": "lanterns by the river"})
        guest.shot("invitation-page")
        guest.submit("Make the account and accept")
        main = guest.driver.find_element(By.TAG_NAME, "main")
        check("Sea View" in guest.driver.find_element(By.TAG_NAME, "h1").text, "the new viewer lands on the household")
        forms = [f.get_attribute("action") for f in main.find_elements(By.TAG_NAME, "form")]
        check(all(action.endswith("/leave") for action in forms), "a viewer is shown no form to change anything: %s" % forms)
        guest.shot("viewer-household")
        guest.navigate(main.find_element(By.PARTIAL_LINK_TEXT, "Maria"))
        staff_url = guest.driver.current_url
        check(guest.driver.find_elements(By.CSS_SELECTOR, "main form") == [], "nor on the staff page")
        csrf = guest.driver.find_element(By.CSS_SELECTOR, "form[action='/signout'] input[name=csrf]").get_attribute("value")
        old = guest.driver.find_element(By.TAG_NAME, "html")
        guest.driver.execute_script("""
            const form = document.createElement('form');
            form.method = 'post';
            form.action = arguments[1] + '/salary';
            for (const [name, value] of Object.entries({csrf: arguments[0], amount: '99999', from: '2026-12-01'})) {
                const input = document.createElement('input');
                input.type = 'hidden'; input.name = name; input.value = value; form.appendChild(input);
            }
            document.body.appendChild(form);
            form.submit();""", csrf, staff_url)
        wait_replaced(guest.driver, old, 30)
        refusal = guest.driver.find_element(By.TAG_NAME, "main").text
        check("can read this household's records but not change them" in refusal,
              "a hand-made POST from the viewer, with its own valid form token, is refused: %s" % refusal[:80])
        guest.shot("viewer-refused")
        shown = subprocess.run([binary, "staff", "show", "Maria Santos", "--format", "json", "--vault", vault], capture_output=True, text=True)
        check(shown.returncode == 0 and "30000" in shown.stdout and "99999" not in shown.stdout, "and the salary did not change")

        walk.open("/households/" + household_id)
        walk.navigate(member_row_button(walk, "dev", "Make manager"))
        check("dev is now a manager" in walk.driver.find_element(By.TAG_NAME, "main").text, "the owner makes the viewer a manager")
        walk.driver.execute_script("arguments[0].scrollIntoView()", walk.driver.find_element(By.XPATH, "//h2[normalize-space()='Members']"))
        walk.shot("members")

        guest.open("/upload")
        guest.driver.find_element(By.NAME, "files").send_keys(os.path.join(SAMPLES, "fixtures", "hello.pdf"))
        guest.submit("Upload")
        verdicts = [item.get_attribute("data-verdict") for item in guest.driver.find_elements(By.CSS_SELECTOR, "li.outcome")]
        check(verdicts == ["added"], "the manager uploads a document: %s" % verdicts)
        guest.shot("manager-uploads")

        walk.open("/households/" + household_id)
        click_confirmed(walk, member_row_button(walk, "dev", "Remove"))
        check("dev no longer belongs" in walk.driver.find_element(By.TAG_NAME, "main").text, "the owner removes the member")
        guest.driver.get(staff_url)
        check("There is nothing here" in guest.driver.find_element(By.TAG_NAME, "main").text, "the removed member's next page load is refused")
        guest.shot("removed-member")
        guest.open("/")
        check("Sea View" not in guest.driver.find_element(By.TAG_NAME, "main").text, "and Home no longer lists the household")
    finally:
        second.quit()

    walk.open("/households/" + household_id)
    owner = "The vault's keeper (%s)" % pwd.getpwuid(os.geteuid()).pw_name
    steps = [(cells[1].text, cells[2].text.split("\n")[0]) for cells in
             [row.find_elements(By.TAG_NAME, "td") for row in walk.driver.find_elements(By.CSS_SELECTOR, "table.history tbody tr")]]

    def by(author, what):
        return any(who == author and text == what for who, text in steps)
    check(by(owner, "added invitation"), "History: the owner made the invitation")
    check(by("dev", "added household member"), "History: dev joined, as dev")
    check(by(owner, "changed household member"), "History: the owner made dev a manager")
    check(by("dev", "added document"), "History: dev's upload, as dev")
    check(by(owner, "removed household member"), "History: the owner removed dev")
    walk.driver.execute_script("document.querySelector('table.history').scrollIntoView()")
    walk.shot("sharing-history")


def tls_and_proxy(binary):
    """--tls-cert/--tls-key: HTTPS with a Secure cookie; --trusted-proxy: X-Forwarded-Proto makes the cookie
    Secure and X-Forwarded-For names the browser, so the token does not sign in a browser beyond the proxy."""
    import ssl
    folder = tempfile.mkdtemp(prefix="homecrew-tls-")
    vault, cert, key = os.path.join(folder, "vault"), os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
    try:
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "2",
                        "-subj", "/CN=localhost"], check=True, capture_output=True)
        subprocess.run([binary, "household", "add", "Sea View", "--vault", vault], check=True, capture_output=True)
        missing = subprocess.run([binary, "serve", "--vault", vault, "--tls-cert", cert, "--tls-key", os.path.join(folder, "none.pem")],
                                 capture_output=True, text=True)
        check(missing.returncode == 66 and "no such file" in missing.stderr, "a missing key file: one line, exit 66")
        for extra, scheme in [(["--tls-cert", cert, "--tls-key", key], "https"), (["--trusted-proxy", "127.0.0.1"], "http")]:
            server = subprocess.Popen([binary, "serve", "--vault", vault, "--listen", "127.0.0.1:0"] + extra,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            try:
                line = ""
                while "/signin?token=" not in line:
                    line = server.stdout.readline()
                    if not line:
                        raise SystemExit("homecrew serve stopped: " + server.stderr.read())
                found = re.search(r"(https?)://127\.0\.0\.1:(\d+)/signin\?token=([0-9a-f]+)", line)
                check(found.group(1) == scheme, "it prints a %s address" % scheme)
                port, token = int(found.group(2)), found.group(3)
                if scheme == "https":
                    connection = http.client.HTTPSConnection("127.0.0.1", port, context=ssl._create_unverified_context(), timeout=30)
                    connection.request("GET", "/signin?token=" + token, headers={"Host": "127.0.0.1:%d" % port})
                    response = connection.getresponse()
                    cookie = response.getheader("Set-Cookie") or ""
                    check(response.status == 303 and "Secure" in cookie and "HttpOnly" in cookie, "over TLS the session cookie is Secure: %s" % cookie[-50:])
                else:
                    def forwarded(client):
                        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                        token = open(os.path.join(vault, "serve-token")).read().strip()
                        connection.request("GET", "/signin?token=" + token, headers={
                            "Host": "127.0.0.1:%d" % port, "X-Forwarded-Proto": "https", "X-Forwarded-For": client})
                        response = connection.getresponse()
                        return response.status, response.getheader("Set-Cookie") or ""
                    status, _ = forwarded("192.0.2.9")
                    check(status == 403, "through the proxy, a browser on another machine cannot use the token: %d" % status)
                    status, cookie = forwarded("127.0.0.1")
                    check(status == 303 and "Secure" in cookie, "behind a trusted HTTPS proxy the cookie is Secure: %s" % cookie[-50:])
            finally:
                server.terminate()
                server.wait(timeout=20)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def foreign_host(base):
    host, port = base.replace("http://", "").split(":")
    connection = http.client.HTTPConnection(host, int(port))
    connection.request("GET", "/signin", headers={"Host": "evil.example:%s" % port})
    status = connection.getresponse().status
    check(status == 421, "a request naming another host is refused (DNS rebinding): %d" % status)


def axe_violations(driver):
    """axe-core's findings on the page as it is now (WCAG 2 A and AA rules and axe's best practices)."""
    with open(AXE, encoding="utf-8") as source:
        driver.execute_script(source.read())
    driver.set_script_timeout(60)
    return driver.execute_async_script("""
        var done = arguments[arguments.length - 1];
        axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'best-practice']}}, function (error, results) {
          if (error) { return done([{id: 'axe-error', impact: 'critical', help: String(error), nodes: []}]); }
          done(results.violations.map(function (v) {
            return {id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(function (n) { return n.target.join(' '); })};
          }));
        });""")


def axe_audit(driver, where):
    """No violation of impact serious or critical; lesser ones are printed."""
    found = axe_violations(driver)
    serious = [v for v in found if v["impact"] in ("serious", "critical")]
    check(serious == [], "axe: no serious accessibility violation on %s: %s" % (where, serious[:3]))
    for violation in found:
        if violation not in serious:
            print("     (axe, %s on %s: %s %s)" % (violation["impact"], where, violation["id"], violation["nodes"]))


def axe_finds_what_it_should(driver):
    """The audit can fail: a page with an unlabelled field, an image without text and faint text is reported."""
    driver.get("data:text/html,<html lang=en><title>bad</title><main><h1>Bad</h1><img src=x><input type=text>"
               "<p style='color:%23bbb;background:%23fff'>faint</p></main></html>")
    ids = {violation["id"] for violation in axe_violations(driver)}
    check({"image-alt", "label", "color-contrast"} <= ids, "axe reports a page built to fail: %s" % sorted(ids))


def whole_page(driver, width, path):
    """The whole page, not only the window (at most 3,000 px tall): the emulated window is made as tall as the page
    for the shot. (Chromium's captureBeyondViewport clips a right-to-left page from the wrong edge: an Arabic page
    came out shifted by a column.)"""
    metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    height = min(int(metrics["cssContentSize"]["height"]), 3000)
    window = int(metrics["cssLayoutViewport"]["clientHeight"])
    mobile = width <= 390
    resize = lambda tall: driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                                 {"width": width, "height": tall, "deviceScaleFactor": 1, "mobile": mobile})
    resize(max(height, window))
    try:
        shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})
    finally:
        resize(window)
    with open(path, "wb") as file:
        file.write(base64.b64decode(shot["data"]))


def change_documents_together(driver, base, household):
    """A manager ticks a document in the list and links it to a person: the list comes back, the person on it."""
    driver.get(base + "/documents?expiry=365&household=" + household.rsplit("/", 1)[-1])
    driver.find_element(By.CSS_SELECTOR, "input[name=document]").click()
    Select(driver.find_element(By.ID, "f-bulk-staff")).select_by_visible_text("Asha Devi Kumari")
    old = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.XPATH, "//button[normalize-space()='Link to this person']").click()
    wait_replaced(driver, old, 30)
    row = driver.find_element(By.CSS_SELECTOR, "table.documents tbody tr").text
    check("expiry=365" in driver.current_url and "Asha" in row and "Ramesh" in row,
          "the chosen document is linked to Asha, back on the same list: %s" % row.replace("\n", " | "))


def account_in_language(binary, vault, base, household, downloads, name, tag):
    """A new manager of the household, in a browser profile of its own that asks for English, who chooses `tag`
    on the account page: a browser signed in as that account."""
    made = subprocess.run([binary, "household", "invite", "Sea View House", "--vault", vault, "--role", "manager", "--server", base],
                          check=True, capture_output=True, text=True).stdout
    link = re.search(r"http://\S+/invitations/[0-9a-f]{64}", made).group(0)
    driver = browser(downloads)
    driver.get(link)
    for field, value in [("name", name), ("password", "lanterns by the river"), ("again", "lanterns by the river")]:
        driver.find_element(By.NAME, field).send_keys(value)
    old = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.XPATH, "//button[normalize-space()='Make the account and accept']").click()
    wait_replaced(driver, old, 30)
    driver.get(base + "/account")
    Select(driver.find_element(By.ID, "f-language")).select_by_value(tag)
    old = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.CSS_SELECTOR, "form[action='/account/language'] button").click()
    wait_replaced(driver, old, 30)
    html = driver.find_element(By.TAG_NAME, "html")
    check(html.get_attribute("lang") == tag, "%s chose %s on the account page, and the page is in it: lang=%s" % (name, tag, html.get_attribute("lang")))
    return driver


def every_page_in_arabic_and_hindi(binary, vault, base, household, staff, downloads):
    """An Arabic and a Hindi manager's every kind of page at 390 and 1280 px: the account's language on each
    (Arabic right to left), nothing wider than the phone, an axe-core audit, a screenshot in Samples/screenshots/
    (`NAME-ar-390.png`). Pages lane-web2's catalogs have not reached yet are partly English: not checked here."""
    for name, tag in [("amal", "ar"), ("sunita", "hi")]:
        driver = account_in_language(binary, vault, base, household, downloads, name, tag)
        try:
            driver.get(base + household)
            links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "main a[href]")]
            document = next((urllib.parse.urlparse(link).path for link in links if re.search(r"/documents/[0-9a-f]{12}$", link)), "/documents")
            pages = [("home", "/"), ("household", household), ("staff", staff), ("documents", "/documents"), ("document", document),
                     ("upload", "/upload"), ("search", "/search?q=contract"), ("payroll", "/reports/payroll?period=2026-10"),
                     ("tenure", "/reports/tenure?left=yes"), ("leave", "/reports/leave"), ("due", "/reports/due"),
                     ("settlement", staff + "/settlement?leaving=2026-11-30&reason=termination&rules=in-contract&contract_days=15"),
                     ("account", "/account"), ("new-household", "/households/new"), ("new-staff", "/staff/new"),
                     ("not-found", "/households/000000000000")]
            for width, height, mobile in [(390, 844, True), (1280, 900, False)]:
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                       {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
                for page, path in pages:
                    driver.get(base + path)
                    html = driver.find_element(By.TAG_NAME, "html")
                    direction = "rtl" if tag == "ar" else "ltr"
                    check(html.get_attribute("lang") == tag and html.get_attribute("dir") == direction and driver.find_elements(By.CSS_SELECTOR, "main h1"),
                          "%s (%s) is in %s, %s, at %d px" % (page, path, tag, direction, width))
                    check(driver.execute_script("return document.documentElement.scrollWidth") <= width,
                          "%s (%s) in %s does not scroll sideways at %d px" % (page, path, tag, width))
                    whole_page(driver, width, os.path.join(PAGE_SHOTS, "%s-%s-%d.png" % (page, tag, width)))
                    axe_audit(driver, "%s in %s at %d px" % (page, tag, width))
            driver.get(base + "/")
            nav = driver.find_element(By.CSS_SELECTOR, "nav[aria-label]").text
            expected = {"ar": "المستندات", "hi": "दस्तावेज़"}[tag]
            check(expected in nav, "the menu is in %s: %s" % (tag, nav.replace("\n", " | ")))
        finally:
            driver.quit()


def every_page_of_the_demo(binary, folder, downloads):
    """The demo's vault in a browser, every kind of page at 390 px (a phone, emulated) and 1280 px: a screenshot of
    each in Samples/screenshots/, nothing wider than the phone, and an axe-core audit of each."""
    vault = os.path.join(folder, "demo-vault")
    subprocess.run([binary, "demo", "--vault", vault, "--today", "2026-11-22"], check=True, capture_output=True)
    # A restic backup and its restore drill, so that the household's page shows its owner how both went.
    backed_up = shutil.which("restic") is not None
    if backed_up:
        password = os.path.join(folder, "restic-password")
        with open(password, "w") as file:
            file.write("the browser check's repository\n")
        for drill in ([], ["--check"]):
            subprocess.run([binary, "vault", "backup", "--vault", vault, "--restic", os.path.join(folder, "restic"),
                            "--password-file", password] + drill, check=True, capture_output=True)
    server, base, token = start_server(binary, vault)
    driver = browser(downloads)
    try:
        axe_finds_what_it_should(driver)
        driver.get(base + "/signin")
        axe_audit(driver, "the sign-in page")
        driver.get(base + "/signin?token=" + token)
        def first_link(path, pattern):
            driver.get(base + path)
            links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "a[href]")]
            found = [link for link in links if re.search(pattern, link)]
            return urllib.parse.urlparse(found[0]).path if found else path
        document = first_link("/documents?sort=title", r"/documents/[0-9a-f]{12}$")
        staff = first_link("/search?q=Ramesh", r"/staff/[0-9a-f]{12}$")
        household = first_link(staff, r"/households/[0-9a-f]{12}$")
        pages = [("home", "/"), ("household", household), ("staff", staff), ("documents", "/documents"),
                 ("documents-expiring", "/documents?expiry=365&household=" + household.rsplit("/", 1)[-1]),
                 ("document", document), ("upload", "/upload"), ("search", "/search?q=contract"),
                 ("payroll", "/reports/payroll?period=2026-10"), ("tenure", "/reports/tenure?left=yes"), ("leave", "/reports/leave"),
                 ("due", "/reports/due"),
                 ("settlement", staff + "/settlement?leaving=2026-11-30&reason=termination&rules=in-contract&contract_days=15"), ("account", "/account"), ("new-household", "/households/new"), ("new-staff", "/staff/new")]
        os.makedirs(PAGE_SHOTS, exist_ok=True)
        for width, height, mobile in [(390, 844, True), (1280, 900, False)]:
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
            for name, path in pages:
                driver.get(base + path)
                check(not driver.title.startswith("Not found") and driver.find_elements(By.CSS_SELECTOR, "main h1"),
                      "%s (%s) is a page of the demo: %s" % (name, path, driver.title))
                check(driver.execute_script("return document.documentElement.scrollWidth") <= width,
                      "%s (%s) does not scroll sideways at %d px" % (name, path, width))
                whole_page(driver, width, os.path.join(PAGE_SHOTS, "%s-%d.png" % (name, width)))
                axe_audit(driver, "%s at %d px" % (name, width))
        every_page_in_arabic_and_hindi(binary, vault, base, household, staff, downloads)
        if backed_up:
            driver.get(base + household)
            backups = driver.find_element(By.ID, "backups").find_element(By.XPATH, "following-sibling::p").text
            check(re.match(r"Last backup: \d+ \w{3} \d{4} \d\d:\d\d, passed, to /", backups) is not None,
                  "the household's page tells its owner how the last backup went: %s" % backups)
        change_documents_together(driver, base, household)
    finally:
        driver.quit()
        server.terminate()
        server.wait(timeout=20)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "homecrew")
    os.makedirs(SHOTS, exist_ok=True)
    for old in glob.glob(os.path.join(SHOTS, "*.png")):
        os.remove(old)
    folder = tempfile.mkdtemp(prefix="homecrew-browser-")
    downloads = os.path.join(folder, "downloads")
    os.makedirs(downloads)
    server, base, token = start_server(binary, os.path.join(folder, "vault"))
    driver = browser(downloads)
    try:
        walk = Walk(driver, base)
        sign_in_and_add_records(walk, token)
        upload_documents(walk, folder)
        scripts_directions_and_limits(walk, folder)
        search_and_open_page(walk)
        payroll_and_payslip(walk, downloads)
        pay_with_a_receipt_photo(walk)
        calendar_feed(walk)
        upload_a_passport_scan(walk)
        command_line_meanwhile(walk, binary, os.path.join(folder, "vault"))
        history_names_each_author(walk, binary, os.path.join(folder, "vault"))
        account_sign_in(walk, binary, os.path.join(folder, "vault"))
        sharing(walk, base, binary, os.path.join(folder, "vault"), folder)
        foreign_host(base)
        other_machines(binary)
        tls_and_proxy(binary)
        every_page_of_the_demo(binary, folder, downloads)
    finally:
        driver.quit()
        server.terminate()
        server.wait(timeout=20)
        shutil.rmtree(folder, ignore_errors=True)
    check(server.returncode == 0, "the server stopped cleanly on SIGTERM (exit %s)" % server.returncode)
    print("screenshots: %s" % SHOTS)
    if failures:
        print("%d browser check(s) failed" % len(failures))
        sys.exit(1)
    print("all browser checks passed")


if __name__ == "__main__":
    main()
