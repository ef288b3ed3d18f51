"""Checks of the site as learners use it on a phone, a laptop, a keyboard and a screen reader:
the layout at 320, 390 and 1366 px in both themes, the menu, the product table, anchors,
resets, links, search, keys, copy buttons, the theme switch and axe-core's rules.

Each check takes the `Browser` of site_test.py and a site folder, raises `Failure` with what
it saw, and returns a line saying what it measured.
"""

import pathlib

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

WIDTHS = (320, 390, 1366)
PHONE_HEIGHT = 844
DESKTOP_HEIGHT = 900
# How long axe-core may take on one page view before the check fails; every other script has
# the driver's default.
AXE_SECONDS_PER_PAGE = 300
DRIVER_SCRIPT_SECONDS = 30


class Failure(Exception):
    """A check found the site wrong; the message says how."""


def site_pages(site):
    return sorted(path for path in pathlib.Path(site).glob("*.html"))


def chapter_pages(site):
    return [page for page in site_pages(site) if page.name != "print.html"]


def resize(browser, width):
    browser.driver.set_window_rect(width=width, height=PHONE_HEIGHT if width < 1000 else DESKTOP_HEIGHT)


LAYOUT_PROBE = """
var root = document.documentElement;
var main = document.querySelector('main');
var mainBox = main.getBoundingClientRect();
var heading = document.querySelector('main h1');
var article = document.querySelector('main article');
var sidebar = document.getElementById('iapkit-sidebar');
var menu = document.getElementById('iapkit-menu');
var details = document.querySelector('#iapkit-outline details');
var wideImages = Array.from(document.querySelectorAll('main img')).filter(function (image) {
  return image.getBoundingClientRect().right > mainBox.right + 1;
}).map(function (image) { return image.getAttribute('src'); });
var wideElements = Array.from(document.querySelectorAll('main *')).filter(function (element) {
  if (element.closest('pre, .table-scroll')) { return false; }
  return element.getBoundingClientRect().right > root.clientWidth + 1;
}).slice(0, 3).map(function (element) { return element.tagName + ':' + element.textContent.slice(0, 40); });
return {
  clientWidth: root.clientWidth, scrollWidth: root.scrollWidth, innerHeight: window.innerHeight,
  hasHeading: heading !== null,
  textTop: article ? Math.round(article.getBoundingClientRect().top) : null,
  sidebarShown: getComputedStyle(sidebar).display !== 'none',
  menuShown: menu ? getComputedStyle(menu).display !== 'none' : false,
  outlineOpen: details ? details.open : null,
  wideImages: wideImages, wideElements: wideElements
};
"""


def check_layout(browser, sites):
    """No page scrolls sideways; on a phone the page comes first and the chapter list waits
    behind the menu; the outline folds there and opens beside the text on a wide screen."""
    measured = 0
    for scheme in ("light", "dark"):
        browser.set_colour_scheme(scheme)
        for width in WIDTHS:
            resize(browser, width)
            for site in sites:
                for page in chapter_pages(site):
                    browser.open(page)
                    probe = browser.driver.execute_script(LAYOUT_PROBE)
                    where = f"{page.name} at {width} px ({scheme})"
                    if probe["scrollWidth"] > probe["clientWidth"]:
                        raise Failure(f"{where} scrolls sideways: {probe['scrollWidth']} px wide in "
                                      f"{probe['clientWidth']} px; widest: {probe['wideElements']}")
                    if probe["wideImages"]:
                        raise Failure(f"{where}: images wider than the text: {probe['wideImages']}")
                    if width < 1000:
                        if probe["sidebarShown"] or not probe["menuShown"]:
                            raise Failure(f"{where}: the chapter list is not behind the menu button")
                        # The page's own text, not the site's chrome, fills the first screen
                        # (a guide may put a logo above its title; that is the guide's choice).
                        if probe["textTop"] is None or probe["textTop"] > probe["innerHeight"] * 0.45:
                            raise Failure(f"{where}: the text starts at y={probe['textTop']} "
                                          f"of {probe['innerHeight']}")
                    if not probe["hasHeading"]:
                        raise Failure(f"{where}: the page has no first-level heading")
                    if width < 1000:
                        if probe["outlineOpen"] is True:
                            raise Failure(f"{where}: the outline is open above the text")
                    else:
                        if not probe["sidebarShown"] or probe["menuShown"]:
                            raise Failure(f"{where}: the chapter list is not beside the text")
                        if probe["outlineOpen"] is False:
                            raise Failure(f"{where}: the outline is folded beside the text")
                    measured += 1
    browser.set_colour_scheme("light")
    resize(browser, 1366)
    return f"{measured} page views at {', '.join(map(str, WIDTHS))} px in both themes: none scrolls sideways"


def check_menu(browser, site):
    resize(browser, 390)
    page = chapter_pages(site)[1]
    browser.open(page)
    menu = browser.driver.find_element(By.ID, "iapkit-menu")
    sidebar = browser.driver.find_element(By.ID, "iapkit-sidebar")
    if sidebar.is_displayed():
        raise Failure("the chapter list shows before the menu is opened")
    menu.click()
    if not sidebar.is_displayed() or menu.get_attribute("aria-expanded") != "true":
        raise Failure("the menu button did not open the chapter list")
    focused = browser.driver.switch_to.active_element
    if focused.get_attribute("aria-current") != "page":
        raise Failure("opening the menu did not move the focus to the current chapter")
    focused.send_keys(Keys.ESCAPE)
    if sidebar.is_displayed() or menu.get_attribute("aria-expanded") != "false":
        raise Failure("Escape did not close the chapter list")
    resize(browser, 1366)
    return f"on {page.name} at 390 px the menu opens the chapter list, focuses the current chapter, Escape closes it"


def check_long_book_chapter_list(browser, site, chapters):
    page = pathlib.Path(site) / "c60.html"
    if "c120.html" in page.read_text(encoding="utf-8"):
        raise Failure("the page itself lists every chapter")
    browser.open(page)
    links = browser.driver.find_elements(By.CSS_SELECTOR, "#iapkit-sidebar ol.chapters a")
    if len(links) != chapters:
        raise Failure(f"the chapter list has {len(links)} links, not {chapters}")
    current = [link for link in links if link.get_attribute("aria-current") == "page"]
    if len(current) != 1 or not current[0].get_attribute("href").endswith("/c60.html"):
        raise Failure("the current chapter is not the one marked")
    first = pathlib.Path(site) / "index.html"
    if "c120.html" not in first.read_text(encoding="utf-8"):
        raise Failure("the first page does not list every chapter for a browser without scripts")
    return f"c60.html lists all {chapters} chapters after the script ran, itself marked current; index.html lists them in its HTML"


PRODUCT_TABLE_PROBE = """
var main = document.querySelector('main').getBoundingClientRect();
var cells = Array.from(document.querySelectorAll('.product-table td'));
var cut = cells.filter(function (cell) {
  var box = cell.getBoundingClientRect();
  return cell.textContent.trim() !== '' && (box.right > main.right + 1 || box.width < 20);
}).map(function (cell) { return cell.getAttribute('data-label') + ': ' + cell.textContent.slice(0, 30); });
var labels = cells.filter(function (cell) { return cell.textContent.trim() !== ''; }).map(function (cell) {
  return getComputedStyle(cell, '::before').content;
});
return {cells: cells.length, cut: cut, labels: labels};
"""


def check_product_tables(browser, pages):
    """Every column of every product table is inside the text's width, on a laptop and on a
    phone (where each product becomes a card whose values are labelled)."""
    seen = 0
    for width in WIDTHS:
        resize(browser, width)
        for page in pages:
            browser.open(page)
            probe = browser.driver.execute_script(PRODUCT_TABLE_PROBE)
            if probe["cells"] == 0:
                raise Failure(f"{page.name} has no product table")
            if probe["cut"]:
                raise Failure(f"{page.name} at {width} px: cells cut off or crushed: {probe['cut'][:3]}")
            if width < 700 and any(label in ("none", "normal", "") for label in probe["labels"]):
                raise Failure(f"{page.name} at {width} px: a card value has no label")
            seen += probe["cells"]
    resize(browser, 1366)
    return f"{seen} product cells checked at {', '.join(map(str, WIDTHS))} px, none cut off"


def check_anchor_jumps(browser, site, page_name, mixed_case_link):
    """A jump to a heading leaves it below the sticky bar, and a link written for GitHub with
    other letter case (#Steps) lands on its heading."""
    resize(browser, 1366)
    page = pathlib.Path(site) / page_name
    browser.open(page)
    headings = browser.driver.find_elements(By.CSS_SELECTOR, "article h2[id]")
    if not headings:
        raise Failure(f"{page_name} has no second-level heading")
    target = headings[-1].get_attribute("id")
    browser.driver.get(page.resolve().as_uri() + "#" + target)
    bar, top = browser.driver.execute_script(
        "return [document.querySelector('.topbar').getBoundingClientRect().bottom,"
        " document.getElementById(arguments[0]).getBoundingClientRect().top]", target)
    if top < bar - 1:
        raise Failure(f"#{target} lands at y={top:.0f}, under the bar that ends at y={bar:.0f}")
    browser.open(page)
    link = browser.driver.find_element(By.LINK_TEXT, mixed_case_link)
    href = link.get_attribute("href")
    fragment = href.split("#", 1)[1]
    if not browser.driver.execute_script("return !!document.getElementById(arguments[0])", fragment):
        raise Failure(f"the link '{mixed_case_link}' points at #{fragment}, which no element has")
    browser.driver.get(page.resolve().as_uri() + "#" + fragment.upper())
    visible = browser.driver.execute_script(
        "var box = document.getElementById(arguments[0]).getBoundingClientRect();"
        " return window.scrollY > 0 && box.top >= 0 && box.bottom <= window.innerHeight", fragment)
    if not visible:
        raise Failure(f"#{fragment.upper()} did not scroll to #{fragment}")
    return f"#{target} lands at y={top:.0f} below the bar (y={bar:.0f}); '{mixed_case_link}' goes to #{fragment}"


def check_html_anchor(browser, site, page_name, link_text):
    """A table of contents written for GitHub leads to the anchor a guide wrote in raw HTML
    (<a name="agenda"></a>): the link's target exists on the page, and the jump leaves it in view
    below the sticky bar."""
    resize(browser, 390)
    page = pathlib.Path(site) / page_name
    browser.open(page)
    link = browser.driver.find_element(By.LINK_TEXT, link_text)
    fragment = link.get_attribute("href").split("#", 1)[1]
    browser.driver.execute_script("arguments[0].click()", link)
    top, bar, height = browser.driver.execute_script(
        "var target = document.getElementById(arguments[0]);"
        " if (!target) return [null, 0, 0];"
        " return [target.getBoundingClientRect().top,"
        " document.querySelector('.topbar').getBoundingClientRect().bottom, window.innerHeight]", fragment)
    if top is None:
        raise Failure(f"the link '{link_text}' points at #{fragment}, which no element has")
    if top < bar - 1 or top > height:
        raise Failure(f"#{fragment} lands at y={top:.0f}, not between the bar (y={bar:.0f}) and y={height}")
    return f"'{link_text}' goes to the raw HTML anchor #{fragment}, at y={top:.0f} below the bar (y={bar:.0f})"


def ticked(browser):
    return [box.get_attribute("data-task") for box in
            browser.driver.find_elements(By.CSS_SELECTOR, "input[data-task]") if box.is_selected()]


def check_resets(browser, site):
    """Reset this page clears this page alone; the whole book asks first and can be cancelled."""
    resize(browser, 1366)
    with_tasks = [page for page in chapter_pages(site) if 'data-task="' in page.read_text(encoding="utf-8")]
    if len(with_tasks) < 2:
        raise Failure("fewer than two pages have checklists")
    first, second = with_tasks[0], with_tasks[1]
    for page in (first, second):
        browser.open(page)
        browser.driver.find_element(By.CSS_SELECTOR, "input[data-task]:not(:checked)").click()
    browser.open(first)
    browser.driver.find_element(By.ID, "iapkit-reset-page").click()
    browser.open(second)
    if not ticked(browser):
        raise Failure(f"resetting {first.name} cleared the ticks of {second.name}")
    browser.open(first)
    if ticked(browser) != [box.get_attribute("data-task") for box in browser.driver.find_elements(
            By.CSS_SELECTOR, "input[data-task][data-default]")]:
        raise Failure(f"Reset this page left ticks on {first.name}")
    browser.driver.find_element(By.CSS_SELECTOR, "input[data-task]:not(:checked)").click()
    ask = browser.driver.find_element(By.ID, "iapkit-reset-book")
    panel = browser.driver.find_element(By.ID, "iapkit-reset-confirm")
    ask.click()
    if not panel.is_displayed():
        raise Failure("the whole-book reset did not ask first")
    browser.driver.find_element(By.ID, "iapkit-reset-book-cancel").click()
    if panel.is_displayed() or not ticked(browser):
        raise Failure("cancelling the whole-book reset did not keep the ticks")
    ask.click()
    browser.driver.find_element(By.ID, "iapkit-reset-book-confirm").click()
    defaults = len(browser.driver.find_elements(By.CSS_SELECTOR, "input[data-task][data-default]"))
    if len(ticked(browser)) != defaults:
        raise Failure("confirming the whole-book reset left ticks on this page")
    browser.open(second)
    defaults = len(browser.driver.find_elements(By.CSS_SELECTOR, "input[data-task][data-default]"))
    if len(ticked(browser)) != defaults:
        raise Failure(f"confirming the whole-book reset left ticks on {second.name}")
    return f"page reset on {first.name} kept {second.name}'s ticks; the book reset asked, could be cancelled, then cleared both"


def check_no_progress_without_tasks(browser, site):
    """A page without checklist items shows no progress bar and no reset of its own."""
    resize(browser, 1366)
    plain = [page for page in chapter_pages(site) if 'data-task="' not in page.read_text(encoding="utf-8")]
    if not plain:
        raise Failure("every page has a checklist; the fixture needs one without")
    for page in plain:
        browser.open(page)
        shown = [element.get_attribute("id") or element.get_attribute("class") for element in
                 browser.driver.find_elements(By.CSS_SELECTOR, "main .progress, main .reset") if element.is_displayed()]
        if shown:
            raise Failure(f"{page.name} has no checklist but shows {shown}")
        empty = [bar for bar in browser.driver.find_elements(By.CSS_SELECTOR, ".progress")
                 if bar.is_displayed() and not bar.find_element(By.CLASS_NAME, "count").text]
        if empty:
            raise Failure(f"{page.name} shows a progress bar without a label")
    return f"{', '.join(page.name for page in plain)}: no progress or reset shown"


def check_links_are_single_and_named(browser, sites):
    """No link inside a link, and every link has a name to read out."""
    count = 0
    for site in sites:
        for page in site_pages(site):
            browser.open(page)
            nested, unnamed, total = browser.driver.execute_script(
                "var links = Array.from(document.querySelectorAll('a[href]'));"
                "return [document.querySelectorAll('a a').length,"
                " links.filter(function (a) { return !(a.textContent.trim() || a.getAttribute('aria-label')"
                " || Array.from(a.querySelectorAll('img')).some(function (i) { return i.alt.trim(); })); })"
                ".map(function (a) { return a.getAttribute('href'); }), links.length]")
            if nested:
                raise Failure(f"{page.name} has {nested} links inside links")
            if unnamed:
                raise Failure(f"{page.name} has links without a name: {unnamed[:5]}")
            count += total
    return f"{count} links, none nested, all named"


def search(browser, query):
    field = browser.driver.find_element(By.ID, "iapkit-search")
    field.clear()
    field.send_keys(query)
    results = browser.driver.find_element(By.ID, "iapkit-results")
    WebDriverWait(browser.driver, 5).until(lambda driver: results.is_displayed())
    return field, results


def check_ranked_search(browser, site, product_id, product_page):
    """Results are sections, the product's own section first, matches marked, no Markdown in the
    snippets, and the arrow keys walk the results."""
    resize(browser, 1366)
    browser.open(pathlib.Path(site) / "index.html")
    field, results = search(browser, product_id)
    links = [link.get_attribute("href") for link in results.find_elements(By.TAG_NAME, "a")]
    if not links or not links[0].split("#")[0].endswith("/" + product_page):
        raise Failure(f"searching {product_id} did not put {product_page} first: {links[:3]}")
    if "#" not in links[0] and len(links) > 1:
        raise Failure("results are pages, not sections")
    marks = len(results.find_elements(By.TAG_NAME, "mark"))
    if not marks:
        raise Failure("no match is highlighted")
    for query in ("checklist", "bundle id", "storekit"):
        field, results = search(browser, query)
        for snippet in results.find_elements(By.CLASS_NAME, "snippet"):
            text = snippet.text
            if "{#" in text or "[ ]" in text or " | " in text or "---" in text:
                raise Failure(f"a snippet for '{query}' shows Markdown: {text[:80]}")
    field.send_keys(Keys.ARROW_DOWN)
    first = browser.driver.switch_to.active_element
    if first.tag_name != "a":
        raise Failure("ArrowDown in the search field did not move to the first result")
    first.send_keys(Keys.ARROW_DOWN)
    second = browser.driver.switch_to.active_element
    if second.tag_name != "a" or second.get_attribute("href") == first.get_attribute("href"):
        raise Failure("ArrowDown did not move to the second result")
    second.send_keys(Keys.ARROW_UP)
    second = browser.driver.switch_to.active_element
    second.send_keys(Keys.ARROW_UP)
    if browser.driver.switch_to.active_element.get_attribute("id") != "iapkit-search":
        raise Failure("ArrowUp from the first result did not return to the search field")
    return f"{product_id} finds {links[0].rsplit('/', 1)[1]} first, {marks} marks; arrows walk the results"


def check_chapter_keys(browser, site):
    resize(browser, 1366)
    pages = chapter_pages(site)
    order = [link.rsplit("/", 1)[1] for link in _sidebar(browser, pages[0])]
    middle = order[1]
    browser.open(pathlib.Path(site) / middle)
    browser.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    WebDriverWait(browser.driver, 5).until(lambda driver: driver.current_url.endswith("/" + order[2]))
    browser.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    WebDriverWait(browser.driver, 5).until(lambda driver: driver.current_url.endswith("/" + middle))
    field = browser.driver.find_element(By.ID, "iapkit-search")
    field.send_keys("ab" + Keys.ARROW_LEFT)
    if not browser.driver.current_url.endswith("/" + middle):
        raise Failure("ArrowLeft in the search field left the page")
    return f"→ from {middle} opens {order[2]}, ← comes back, the search field keeps its arrows"


def _sidebar(browser, page):
    browser.open(page)
    return browser.links("#iapkit-sidebar .chapters a")


def check_copy_buttons(browser, site):
    resize(browser, 1366)
    total = 0
    for page in chapter_pages(site):
        browser.open(page)
        blocks = browser.driver.find_elements(By.CSS_SELECTOR, "main pre")
        buttons = browser.driver.find_elements(By.CSS_SELECTOR, "main .code-block > .copy-button")
        if len(blocks) != len(buttons):
            raise Failure(f"{page.name}: {len(blocks)} code blocks but {len(buttons)} copy buttons")
        total += len(blocks)
        if buttons and total == len(blocks):
            # A closed <details> hides its content from the reader, though Selenium calls it displayed.
            visible = [button for button in buttons if button.is_displayed() and browser.driver.execute_script(
                "var d = arguments[0].closest('details'); return !d || d.open", button)]
            if visible:
                browser.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", visible[0])
                visible[0].click()
                WebDriverWait(browser.driver, 5).until(lambda driver: visible[0].text != "Copy")
                if visible[0].text not in ("Copied", "Select and copy"):
                    raise Failure(f"the copy button says '{visible[0].text}'")
    if total == 0:
        raise Failure("the site has no code blocks")
    return f"{total} code blocks, each with a copy button"


def check_theme_switch(browser, site):
    resize(browser, 1366)
    page = chapter_pages(site)[0]
    browser.set_colour_scheme("light")
    browser.open(page)
    button = browser.driver.find_element(By.ID, "iapkit-theme")
    seen = []
    for expected in ("light", "dark"):
        button.click()
        theme = browser.driver.execute_script("return document.documentElement.getAttribute('data-theme')")
        if theme != expected:
            raise Failure(f"the theme button chose {theme}, not {expected}")
        seen.append(browser.background())
    browser.driver.refresh()
    if browser.driver.execute_script("return document.documentElement.getAttribute('data-theme')") != "dark":
        raise Failure("the chosen theme was not kept after a reload")
    dark = browser.background()
    browser.driver.find_element(By.ID, "iapkit-theme").click()
    if browser.driver.execute_script("return document.documentElement.getAttribute('data-theme')") is not None:
        raise Failure("the third click did not return to the system's theme")
    if seen[0] == seen[1] or dark != seen[1]:
        raise Failure(f"backgrounds light/dark/after reload: {seen + [dark]}")
    return f"automatic → light ({seen[0]}) → dark ({seen[1]}), kept after a reload, back to automatic"


def check_scrolling_tables_take_focus(browser, site, page_name):
    resize(browser, 390)
    browser.open(pathlib.Path(site) / page_name)
    frames = browser.driver.find_elements(By.CSS_SELECTOR, ".table-scroll")
    scrolling = [frame for frame in frames if browser.driver.execute_script(
        "return arguments[0].scrollWidth > arguments[0].clientWidth", frame)]
    if not scrolling:
        raise Failure(f"no table on {page_name} scrolls at 390 px")
    for frame in scrolling:
        if frame.get_attribute("tabindex") != "0" or not frame.get_attribute("aria-label"):
            raise Failure("a scrolling table cannot take keyboard focus or has no name")
    frame = scrolling[0]
    browser.driver.execute_script("arguments[0].focus()", frame)
    frame.send_keys(Keys.ARROW_RIGHT)
    frame.send_keys(Keys.ARROW_RIGHT)
    moved = browser.driver.execute_script("return arguments[0].scrollLeft", frame)
    resize(browser, 1366)
    if moved <= 0:
        raise Failure("the arrow keys did not scroll the focused table")
    return f"{len(scrolling)} scrolling table(s) on {page_name} take focus and scroll by keyboard ({moved} px)"


def check_axe(browser, sites, script, disabled=()):
    """axe-core's rules on every page, in both themes, at 390 and 1366 px; `disabled` names rules
    that judge what a guide's author wrote rather than the site (heading-order, for guides
    written elsewhere)."""
    # The print view of a large book collected elsewhere (a thousand code blocks, tens of
    # thousands of elements) takes axe more than the driver's default 30 s on a small machine.
    browser.driver.set_script_timeout(AXE_SECONDS_PER_PAGE)
    try:
        return _axe_on_every_page(browser, sites, script, disabled)
    finally:
        browser.driver.set_script_timeout(DRIVER_SCRIPT_SECONDS)


def _axe_on_every_page(browser, sites, script, disabled):
    source = pathlib.Path(script).read_text(encoding="utf-8")
    runs = 0
    for scheme in ("light", "dark"):
        browser.set_colour_scheme(scheme)
        for width in (390, 1366):
            resize(browser, width)
            for site in sites:
                for page in site_pages(site):
                    browser.open(page)
                    browser.driver.execute_script(source)
                    try:
                        result = browser.driver.execute_async_script(
                            "var done = arguments[arguments.length - 1];"
                            "var rules = {}; arguments[0].forEach(function (id) { rules[id] = {enabled: false}; });"
                            "axe.run(document, {resultTypes: ['violations'], rules: rules}).then(function (r) { done(r.violations); },"
                            " function (e) { done([{id: 'axe-error', help: String(e), nodes: []}]); });", list(disabled))
                    except TimeoutException:
                        raise Failure(f"{page.name} at {width} px ({scheme}): axe did not finish in "
                                      f"{AXE_SECONDS_PER_PAGE} s")
                    if result:
                        details = "; ".join(
                            f"{violation['id']} ({violation['help']}): "
                            + ", ".join(node["target"][0] if node.get("target") else "?" for node in violation["nodes"][:3])
                            for violation in result[:4])
                        raise Failure(f"{page.name} at {width} px ({scheme}): {details}")
                    runs += 1
    browser.set_colour_scheme("light")
    resize(browser, 1366)
    return f"{runs} page views, no violation"


def check_print_layout(browser, site):
    """On paper: the config source and every folded section are shown, product tables are
    whole, and web links become numbered notes at the end of their chapter, except links whose
    words are their address, which are printed once."""
    browser.open(pathlib.Path(site) / "print.html")
    browser.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print", "features": []})
    try:
        probe = browser.driver.execute_script("""
            var sources = Array.from(document.querySelectorAll('details.config-source pre'));
            var shown = sources.filter(function (pre) { return pre.getBoundingClientRect().height > 0; }).length;
            var folded = Array.from(document.querySelectorAll('details.folded > :not(summary)'));
            var unfolded = folded.filter(function (part) { return part.getBoundingClientRect().height > 0; }).length;
            var notes = document.querySelectorAll('.print-footnotes li').length;
            var refs = document.querySelectorAll('.footnote-ref').length;
            var addresses = Array.from(document.querySelectorAll('main a.address-link'));
            var addressNotes = addresses.filter(function (link) {
              var next = link.nextSibling;
              return (next && next.nodeType === 1 && next.classList.contains('footnote-ref'))
                || ['none', 'normal'].indexOf(getComputedStyle(link, '::after').content) < 0;
            }).length;
            var listed = Array.from(document.querySelectorAll('.print-footnotes li')).map(function (item) {
              return item.textContent; });
            var addressListed = addresses.filter(function (link) {
              return listed.indexOf(link.getAttribute('href')) >= 0; }).length;
            var visibleNotes = Array.from(document.querySelectorAll('.print-footnotes')).filter(function (list) {
              return getComputedStyle(list).display !== 'none'; }).length;
            var tables = Array.from(document.querySelectorAll('.product-table'));
            var main = document.querySelector('main').getBoundingClientRect();
            var cut = tables.filter(function (table) { return table.getBoundingClientRect().right > main.right + 1; }).length;
            return {sources: sources.length, shown: shown, notes: notes, refs: refs, visibleNotes: visibleNotes,
                    addresses: addresses.length, addressNotes: addressNotes, addressListed: addressListed,
                    tables: tables.length, cut: cut, folded: folded.length, unfolded: unfolded};
        """)
    finally:
        browser.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
    if probe["sources"] == 0 or probe["shown"] != probe["sources"]:
        raise Failure(f"config source shown on paper for {probe['shown']} of {probe['sources']} blocks")
    if probe["notes"] == 0 or probe["refs"] < probe["notes"] or probe["visibleNotes"] == 0:
        raise Failure(f"link notes on paper: {probe['refs']} marks, {probe['notes']} notes")
    # An address written as the link's words is on paper already: no mark, no note, no "(href)".
    if probe["addresses"] < 2 or probe["addressNotes"] or probe["addressListed"]:
        raise Failure(f"addresses written as links on paper: {probe['addresses']} found, "
                      f"{probe['addressNotes']} marked again, {probe['addressListed']} listed as notes")
    if probe["cut"]:
        raise Failure(f"{probe['cut']} product tables are wider than the page")
    if probe["folded"] == 0 or probe["unfolded"] != probe["folded"]:
        raise Failure(f"folded sections on paper: {probe['unfolded']} of {probe['folded']} blocks shown")
    return (f"{probe['shown']} config sources and {probe['unfolded']} folded blocks shown, "
            f"{probe['tables']} product tables whole, "
            f"{probe['notes']} link notes for {probe['refs']} links, "
            f"{probe['addresses']} addresses printed once")
