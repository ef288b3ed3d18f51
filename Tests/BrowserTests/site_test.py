#!/usr/bin/env python3
"""Opens sites written by `iapkit render` in headless Chromium, from file://, and checks them
the way a reader uses them: navigation, checklists, search, themes, the print view, and that
nothing runs or loads that should not.

Usage: site_test.py --workbook DIR --shapes DIR --xss DIR --xss-unsafe DIR [--extra DIR]... [--axe FILE] [--artifacts DIR]

Prints PASS or FAIL for every check and exits 1 when any check failed.
"""

import argparse
import json
import os
import pathlib
import shutil
import sys
import tempfile
import traceback
from urllib.parse import unquote, urldefrag, urlparse

from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException, UnexpectedAlertPresentException, WebDriverException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import language_checks as languages
import learner_checks as learner

PRODUCT_ID = "com.example.stride.removeads"
PRODUCT_PAGE = "app-store-connect.html"


Failure = learner.Failure


class Browser:
    def __init__(self, chromium, chromedriver, profile):
        options = Options()
        options.binary_location = chromium
        for argument in (
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--window-size=1280,900",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-default-apps",
            "--disable-sync",
            "--metrics-recording-only",
            f"--user-data-dir={profile}",
        ):
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service(executable_path=chromedriver), options=options)
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.requests = []

    def open(self, path):
        self.driver.get(pathlib.Path(path).resolve().as_uri())
        WebDriverWait(self.driver, 10).until(
            lambda driver: driver.execute_script("return document.readyState") == "complete"
        )

    def collect_requests(self):
        """Every URL the browser asked for so far, from the performance log."""
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message.get("method") == "Network.requestWillBeSent":
                params = message["params"]
                self.requests.append((params.get("documentURL", ""), params["request"]["url"]))
        return self.requests

    def console_errors(self):
        return [entry for entry in self.driver.get_log("browser") if entry.get("level") == "SEVERE"]

    def ids(self):
        return set(self.driver.execute_script(
            "return Array.from(document.querySelectorAll('[id]'), element => element.id)"))

    def links(self, selector):
        return self.driver.execute_script(
            "return Array.from(document.querySelectorAll(arguments[0]), link => link.href)", selector)

    def set_colour_scheme(self, scheme):
        self.driver.execute_cdp_cmd(
            "Emulation.setEmulatedMedia",
            {"media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]},
        )

    def background(self):
        return self.driver.execute_script("return getComputedStyle(document.body).backgroundColor")

    def quit(self):
        self.driver.quit()


pages = learner.site_pages


def local_file(url):
    """The file a file:// URL names, and its fragment."""
    without_fragment, fragment = urldefrag(url)
    return pathlib.Path(unquote(urlparse(without_fragment).path)), unquote(fragment)


def check_links_and_anchors(browser, site):
    ids_by_page = {}
    for page in pages(site):
        browser.open(page)
        ids_by_page[page.resolve()] = browser.ids()
    problems = []
    sidebar_links = 0
    anchors = 0
    for page in pages(site):
        browser.open(page)
        sidebar = browser.links("nav.sidebar a[href]")
        sidebar_links += len(sidebar)
        for url in browser.links("a[href]"):
            if not url.startswith("file:"):
                continue
            target, fragment = local_file(url)
            if not target.is_file():
                problems.append(f"{page.name}: {url} names no file")
                continue
            if fragment:
                anchors += 1
                if fragment not in ids_by_page.get(target.resolve(), set()):
                    problems.append(f"{page.name}: #{fragment} is not an id in {target.name}")
        if not sidebar:
            problems.append(f"{page.name}: no sidebar links")
    if problems:
        raise Failure("; ".join(problems[:10]))
    return f"{sidebar_links} sidebar links and {anchors} anchors on {len(ids_by_page)} pages resolve"


def progress_text(browser, element_id):
    return browser.driver.find_element(By.ID, element_id).find_element(By.CLASS_NAME, "count").text


def check_checkbox_persists(browser, site):
    page = next((page for page in pages(site)
                 if page.name != "print.html" and 'data-task="' in page.read_text(encoding="utf-8")), None)
    if page is None:
        raise Failure("no page has a checklist")
    browser.open(page)
    box = browser.driver.find_element(By.CSS_SELECTOR, "input[data-task]:not(:checked)")
    task = box.get_attribute("data-task")
    before_page = progress_text(browser, "iapkit-page-progress")
    before_book = progress_text(browser, "iapkit-book-progress")
    box.click()
    after_page = progress_text(browser, "iapkit-page-progress")
    if after_page == before_page:
        raise Failure(f"page progress stayed '{before_page}' after ticking {task}")
    browser.driver.refresh()
    box = browser.driver.find_element(By.CSS_SELECTOR, f'input[data-task="{task}"]')
    if not box.is_selected():
        raise Failure(f"{task} was not ticked after a reload")
    if progress_text(browser, "iapkit-page-progress") != after_page:
        raise Failure("page progress was not kept after a reload")
    after_book = progress_text(browser, "iapkit-book-progress")
    if after_book == before_book:
        raise Failure(f"book progress stayed '{before_book}'")
    browser.open(pathlib.Path(site) / "print.html")
    if not browser.driver.find_element(By.CSS_SELECTOR, f'input[data-task="{task}"]').is_selected():
        raise Failure(f"{task} is not ticked in the print view")
    browser.open(page)
    browser.driver.find_element(By.ID, "iapkit-reset-page").click()
    if progress_text(browser, "iapkit-page-progress") != before_page:
        raise Failure("reset did not restore the progress count")
    browser.driver.refresh()
    if browser.driver.find_element(By.CSS_SELECTOR, f'input[data-task="{task}"]').is_selected():
        raise Failure(f"{task} was still ticked after a reset and a reload")
    return f"{task} on {page.name}: '{before_page}' -> '{after_page}', kept after reload, cleared by reset"


def search_results(browser, query):
    field = browser.driver.find_element(By.ID, "iapkit-search")
    field.clear()
    field.send_keys(query)
    results = browser.driver.find_element(By.ID, "iapkit-results")
    WebDriverWait(browser.driver, 5).until(lambda driver: results.is_displayed())
    return [link.get_attribute("href") for link in results.find_elements(By.TAG_NAME, "a")]


def check_search(browser, site):
    # Two words of a heading on the product page, so the check follows the Workbook's text.
    browser.open(pathlib.Path(site) / PRODUCT_PAGE)
    heading = browser.driver.find_element(By.CSS_SELECTOR, "article h2").text.rstrip("#").strip()
    words = " ".join(heading.split()[:2]).lower()
    browser.open(pathlib.Path(site) / "index.html")
    by_id = [link.split("#")[0] for link in search_results(browser, PRODUCT_ID)]
    if not any(link.endswith("/" + PRODUCT_PAGE) for link in by_id):
        raise Failure(f"searching {PRODUCT_ID} found {by_id}")
    by_words = [link.split("#")[0] for link in search_results(browser, words)]
    if not any(link.endswith("/" + PRODUCT_PAGE) for link in by_words):
        raise Failure(f"searching '{words}' found {by_words}")
    return f"{PRODUCT_ID} and '{words}' both find {PRODUCT_PAGE}"


def luminance(colour):
    parts = colour[colour.index("(") + 1:colour.index(")")].split(",")
    red, green, blue = (float(part) for part in parts[:3])
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def check_dark_theme(browser, site, artifacts):
    page = pathlib.Path(site) / PRODUCT_PAGE
    browser.open(page)
    browser.set_colour_scheme("light")
    light = browser.background()
    browser.driver.save_screenshot(str(artifacts / "chapter-light.png"))
    browser.set_colour_scheme("dark")
    dark = browser.background()
    browser.driver.save_screenshot(str(artifacts / "chapter-dark.png"))
    browser.set_colour_scheme("light")
    if light == dark:
        raise Failure(f"the background stayed {light} in the dark theme")
    if not luminance(dark) < 80 < luminance(light):
        raise Failure(f"light {light} and dark {dark} are not a light and a dark colour")
    return f"background {light} (light), {dark} (dark); screenshots in {artifacts}"


def check_print_view(browser, site):
    chapters = []
    for page in pages(site):
        if page.name == "print.html":
            continue
        browser.open(page)
        chapters.append((page.stem, browser.driver.find_element(By.CSS_SELECTOR, "article h1").text))
    browser.open(pathlib.Path(site) / "print.html")
    articles = browser.driver.find_elements(By.CSS_SELECTOR, "main > article.chapter")
    found = {article.get_attribute("id"): article.text for article in articles}
    missing = [stem for stem, title in chapters
               if title.rstrip("#").strip() not in found.get("chapter-" + stem, "")]
    if missing or len(articles) != len(chapters):
        raise Failure(f"{len(articles)} articles for {len(chapters)} chapters; missing {missing}")
    return f"all {len(chapters)} chapters are in print.html"


def check_no_request_leaves_file(browser):
    """Requests made by our pages must stay on file://; the browser's own start page (chrome://)
    is not ours, but nothing at all may go to the network."""
    requests = browser.collect_requests()
    ours = [url for document, url in requests if document.startswith("file:")]
    outside = sorted({url for url in ours if not url.startswith(("file:", "data:"))})
    outside += sorted({url for _, url in requests if url.startswith(("http:", "https:", "ws:", "wss:", "ftp:"))})
    if not any(url.startswith("file:") for url in ours):
        raise Failure("the performance log recorded no requests from the pages, so it proves nothing")
    if outside:
        raise Failure(f"requests left file://: {outside[:10]}")
    return f"{len(ours)} requests from the pages, all to file://"


def check_no_script_errors(browser, site):
    browser.console_errors()
    errors = []
    for page in pages(site):
        browser.open(page)
        errors += [f"{page.name}: {entry['message']}" for entry in browser.console_errors()]
    if errors:
        raise Failure("; ".join(errors[:5]))
    return "no console errors or policy violations"


# The hrefs of links in the article that would run script; clicks them when asked to.
SCRIPT_LINKS = """
const links = Array.from(document.querySelectorAll("article a[href]"))
    .filter(link => /^\\s*(javascript|vbscript|data):/i.test(link.getAttribute("href")));
if (arguments[0]) { links.forEach(link => link.click()); }
return links.map(link => link.getAttribute("href"));
"""


def payloads_that_ran(browser, page, raw_html_kept):
    ran = []
    browser.open(page)
    expected_title = browser.driver.execute_script("return document.querySelector('title').textContent")
    script_links = browser.driver.execute_script(SCRIPT_LINKS, raw_html_kept)
    if script_links and not raw_html_kept:
        ran += [f"{page.name}: a link to {href[:40]}" for href in script_links]
    if script_links and raw_html_kept:
        # Clicking navigates asynchronously; give a payload the time to run.
        browser.driver.execute_script("return new Promise(done => setTimeout(done, 300))")
    pwned = browser.driver.execute_script("return window.__pwned === undefined ? null : String(window.__pwned)")
    if pwned is not None:
        ran.append(f"{page.name}: window.__pwned = {pwned}")
    if browser.driver.title != expected_title or "pwned" in browser.driver.title:
        ran.append(f"{page.name}: title changed to {browser.driver.title!r}")
    try:
        alert = browser.driver.switch_to.alert
        ran.append(f"{page.name}: an alert is open: {alert.text!r}")
        alert.dismiss()
    except NoAlertPresentException:
        pass
    return ran


def plant_local_scripts(site):
    """Script files on the disk, in the site and beside it, that raw HTML in the hostile book
    names: the content security policy must not take them for the site's own."""
    payload = 'window.__pwned = "planted script"; document.title = "pwned";\n'
    (pathlib.Path(site) / "planted.js").write_text(payload)
    (pathlib.Path(site).parent / "planted-outside.js").write_text(payload)


def check_only_safe_files_copied(site):
    """The hostile book shows an HTML file and an SVG with script as images: neither may be
    copied, since opened from the site either would run as a page."""
    unsafe = []
    for path in pathlib.Path(site).rglob("*"):
        if path.suffix == ".html" and "Content-Security-Policy" not in path.read_text(errors="replace"):
            unsafe.append(str(path.relative_to(site)))
        if path.suffix == ".svg" and "<script" in path.read_text(errors="replace"):
            unsafe.append(str(path.relative_to(site)))
    if unsafe:
        raise Failure("copied into the site: " + ", ".join(unsafe))
    return "no HTML page but the site's own, no SVG with script"


def check_no_script_runs(browser, site, raw_html_kept=False):
    """No payload may run. Rendered safely, no script link may even exist; with raw HTML kept,
    links written in raw HTML are clicked, and the content security policy must stop them."""
    ran = []
    for page in pages(site):
        try:
            ran += payloads_that_ran(browser, page, raw_html_kept)
        except UnexpectedAlertPresentException as error:
            ran.append(f"{page.name}: an alert opened: {error.alert_text!r}")
            try:
                browser.driver.switch_to.alert.dismiss()
            except NoAlertPresentException:
                pass
        except WebDriverException as error:
            ran.append(f"{page.name}: the page was replaced or broke after its script links were clicked ({error.msg})")
    if ran:
        raise Failure("; ".join(ran[:10]))
    return f"{len(pages(site))} pages, no payload ran"


def default_axe_script():
    """axe.min.js as the axe-selenium-python package ships it, when it is installed."""
    try:
        import axe_selenium_python
    except ImportError:
        return None
    path = pathlib.Path(axe_selenium_python.__file__).parent / "node_modules" / "axe-core" / "axe.min.js"
    return str(path) if path.exists() else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workbook", required=True, help="site rendered from Workbook/")
    parser.add_argument("--shapes", required=True, help="site rendered from the fixture shaped like guides from elsewhere")
    parser.add_argument("--xss", required=True, help="site rendered from the hostile fixture")
    parser.add_argument("--axe", default=default_axe_script(), help="axe-core's axe.min.js")
    parser.add_argument("--xss-unsafe", required=True, help="the hostile fixture rendered with --unsafe-html")
    parser.add_argument("--long", required=True, help="site rendered from a book of 120 chapters")
    parser.add_argument("--extra", action="append", default=[],
                        help="a site rendered from guides collected elsewhere (repeatable): layout, links and axe")
    parser.add_argument("--artifacts", default=".build/browser-artifacts")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", shutil.which("chromium") or "chromium"))
    parser.add_argument("--chromedriver",
                        default=os.environ.get("CHROMEDRIVER", shutil.which("chromedriver") or "chromedriver"))
    arguments = parser.parse_args()
    artifacts = pathlib.Path(arguments.artifacts)
    artifacts.mkdir(parents=True, exist_ok=True)

    plant_local_scripts(arguments.xss_unsafe)
    profile = tempfile.mkdtemp(prefix="iapkit-browser-")
    browser = Browser(arguments.chromium, arguments.chromedriver, profile)
    workbook, shapes = arguments.workbook, arguments.shapes
    chinese = str(pathlib.Path(workbook) / "zh-Hans")
    both = [workbook, chinese, shapes]

    def axe(sites=both, disabled=()):
        if not arguments.axe:
            raise Failure("axe-core is not installed (pip install axe-selenium-python)")
        return learner.check_axe(browser, sites, arguments.axe, disabled=list(disabled))

    checks = [
        ("bilingual workbook: lang on every page; the switch lands on the same chapter both ways",
         lambda: languages.check_switch(browser, workbook, chinese, "zh-Hans")),
        ("zh-Hans: the interface text is Chinese, the script's words too",
         lambda: languages.check_interface_language(browser, chinese, "搜索页面和产品 ID")),
        ("zh-Hans: a word from inside a Chinese sentence finds its chapter",
         lambda: languages.check_chinese_search(browser, chinese, PRODUCT_PAGE)),
        ("zh-Hans: Chinese faces first, emphasis not slanted; English keeps italics",
         lambda: languages.check_chinese_typography(browser, workbook, chinese)),
        ("bilingual workbook: a tick is kept across the languages",
         lambda: languages.check_shared_ticks(browser, workbook, chinese)),
        ("zh-Hans: sidebar links and anchors resolve", lambda: check_links_and_anchors(browser, chinese)),
        ("zh-Hans: no script errors", lambda: check_no_script_errors(browser, chinese)),
        ("zh-Hans: print view holds every chapter", lambda: check_print_view(browser, chinese)),
        ("workbook (both languages) and shapes: layout at 320, 390 and 1366 px, light and dark",
         lambda: learner.check_layout(browser, both)),
        ("workbook: the menu button opens the chapter list on a phone", lambda: learner.check_menu(browser, workbook)),
        ("long book: a page's chapter list is filled in from the search index",
         lambda: learner.check_long_book_chapter_list(browser, arguments.long, 120)),
        ("long book: the menu button opens the whole chapter list on a phone",
         lambda: learner.check_menu(browser, arguments.long)),
        ("workbook and shapes: product tables keep every column",
         lambda: learner.check_product_tables(browser, [pathlib.Path(workbook) / PRODUCT_PAGE,
                                                        pathlib.Path(shapes) / "index.html"])),
        ("shapes: anchors land below the bar and ignore letter case",
         lambda: learner.check_anchor_jumps(browser, shapes, "index.html", "steps")),
        ("shapes: a table of contents leads to an anchor written in raw HTML",
         lambda: learner.check_html_anchor(browser, shapes, "index.html", "agenda")),
        ("workbook: page reset and whole-book reset with confirmation", lambda: learner.check_resets(browser, workbook)),
        ("shapes: no progress or reset on a page without tasks",
         lambda: learner.check_no_progress_without_tasks(browser, shapes)),
        ("workbook (both languages) and shapes: links are never nested and always named",
         lambda: learner.check_links_are_single_and_named(browser, both)),
        ("workbook: search ranks sections, marks matches, walks by keyboard",
         lambda: learner.check_ranked_search(browser, workbook, PRODUCT_ID, PRODUCT_PAGE)),
        ("workbook: arrow keys open the previous and next chapter", lambda: learner.check_chapter_keys(browser, workbook)),
        ("workbook: every code block has a copy button", lambda: learner.check_copy_buttons(browser, workbook)),
        ("workbook: the theme switch", lambda: learner.check_theme_switch(browser, workbook)),
        ("shapes: scrolling tables take keyboard focus",
         lambda: learner.check_scrolling_tables_take_focus(browser, shapes, "index.html")),
        ("workbook (both languages) and shapes: axe-core finds no violation", axe),
        ("shapes: on paper the config source, folded sections, whole product tables and link notes",
         lambda: learner.check_print_layout(browser, shapes)),
        ("workbook: sidebar links and anchors resolve", lambda: check_links_and_anchors(browser, arguments.workbook)),
        ("workbook: no script errors", lambda: check_no_script_errors(browser, arguments.workbook)),
        ("workbook: a ticked checkbox survives a reload", lambda: check_checkbox_persists(browser, arguments.workbook)),
        ("workbook: search finds a product ID", lambda: check_search(browser, arguments.workbook)),
        ("workbook: dark theme when the system prefers dark",
         lambda: check_dark_theme(browser, arguments.workbook, artifacts)),
        ("workbook: print view holds every chapter", lambda: check_print_view(browser, arguments.workbook)),
        ("xss: links and anchors resolve", lambda: check_links_and_anchors(browser, arguments.xss)),
        ("xss: no payload runs", lambda: check_no_script_runs(browser, arguments.xss)),
        ("xss: no HTML or scripted SVG is copied", lambda: check_only_safe_files_copied(arguments.xss)),
        ("workbook and xss: no request leaves file://", lambda: check_no_request_leaves_file(browser)),
        ("xss with --unsafe-html: the content security policy stops every payload",
         lambda: check_no_script_runs(browser, arguments.xss_unsafe, raw_html_kept=True)),
    ]
    for extra in arguments.extra:
        name = pathlib.Path(extra).name
        checks += [
            (f"{name}: layout at 320, 390 and 1366 px, light and dark",
             lambda extra=extra: learner.check_layout(browser, [extra])),
            (f"{name}: links are never nested and always named",
             lambda extra=extra: learner.check_links_are_single_and_named(browser, [extra])),
            (f"{name}: axe-core finds no violation but the author's heading order",
             lambda extra=extra: axe([extra], disabled=["heading-order"])),
        ]
    failed = 0
    try:
        for name, run in checks:
            # Each check starts from the same window, whatever the one before it left.
            browser.driver.set_window_rect(width=1280, height=900)
            browser.set_colour_scheme("light")
            try:
                detail = run()
                print(f"PASS  {name}: {detail}")
            except Failure as failure:
                failed += 1
                print(f"FAIL  {name}: {failure}")
            except Exception:  # a crash in a check is a failure of that check, not of the run
                failed += 1
                print(f"FAIL  {name}: the check crashed")
                traceback.print_exc()
            sys.stdout.flush()
    finally:
        browser.quit()
        shutil.rmtree(profile, ignore_errors=True)
    print(f"{len(checks) - failed} of {len(checks)} browser checks passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
