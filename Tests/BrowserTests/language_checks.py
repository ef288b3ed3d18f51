"""Checks of a book rendered in several languages: each page's `lang`, the language switch
landing on the same chapter both ways, search by a word from inside a Chinese sentence, and
ticks shared between the languages (a checklist item has one id in every language, and the
site keeps ticks by id: the learner's progress is about their app, not the language they read).

Each check takes the `Browser` of site_test.py and site folders, raises `Failure` with what it
saw, and returns a line saying what it measured.
"""

import pathlib

from selenium.webdriver.common.by import By

from learner_checks import Failure, chapter_pages, resize, search


def page_language(browser):
    return browser.driver.execute_script("return document.documentElement.lang")


def switch_link(browser, language):
    links = browser.driver.find_elements(By.CSS_SELECTOR, f'nav.languages a[hreflang="{language}"]')
    if not links:
        raise Failure(f"{browser.driver.current_url} has no switch to {language}")
    return links[0]


def check_switch(browser, site, translation, language):
    """Every chapter page of both languages carries its language in `lang`, and the switch opens
    the same chapter in the other language and comes back to where it started."""
    resize(browser, 1366)
    source_language = None
    visited = 0
    for page in chapter_pages(site):
        browser.open(page)
        source_language = source_language or page_language(browser)
        if page_language(browser) != source_language:
            raise Failure(f"{page.name} has lang={page_language(browser)}, the book {source_language}")
        switch_link(browser, language).click()
        landed = pathlib.Path(browser.driver.current_url.split("#")[0]).name
        expected = page.name if (pathlib.Path(translation) / page.name).exists() else "index.html"
        if landed != expected or page_language(browser) != language:
            raise Failure(f"{page.name} switched to {landed} (lang={page_language(browser)}), not {expected}")
        switch_link(browser, source_language).click()
        back = pathlib.Path(browser.driver.current_url.split("#")[0]).name
        if expected == page.name and back != page.name:
            raise Failure(f"{page.name} -> {language} -> {back}: the switch did not come back")
        visited += 1
    for page in chapter_pages(translation):
        browser.open(page)
        if page_language(browser) != language:
            raise Failure(f"{language}/{page.name} has lang={page_language(browser)}")
    return f"{visited} chapters switch to {language} and back; every page's lang is its language"


def check_interface_language(browser, translation, expected_placeholder):
    """The interface around the text speaks the page's language: the search box, and what the
    script writes (the theme button, the copy buttons)."""
    browser.open(pathlib.Path(translation) / "index.html")
    placeholder = browser.driver.find_element(By.ID, "iapkit-search").get_attribute("placeholder")
    if placeholder != expected_placeholder:
        raise Failure(f"the search box says '{placeholder}'")
    theme = browser.driver.find_element(By.ID, "iapkit-theme").text
    if "Theme" in theme:
        raise Failure(f"the theme button says '{theme}'")
    copies = [button.text for button in browser.driver.find_elements(By.CLASS_NAME, "copy-button")]
    if any(text == "Copy" for text in copies):
        raise Failure("a copy button says 'Copy'")
    return f"search box '{placeholder}', theme button '{theme}', {len(copies)} copy buttons '{copies[0] if copies else ''}'"


def check_chinese_search(browser, translation, page_name):
    """A word taken from the middle of a sentence of a chapter (no spaces around it in Chinese)
    finds that chapter."""
    resize(browser, 1366)
    browser.open(pathlib.Path(translation) / page_name)
    paragraphs = [element.text for element in browser.driver.find_elements(By.CSS_SELECTOR, "article p")]
    sentence = next((text for text in paragraphs
                     if len(text) > 20 and all("\u4e00" <= character <= "\u9fff" for character in text[6:10])), None)
    if sentence is None:
        raise Failure(f"{page_name} has no Chinese sentence")
    word = sentence[6:10]
    browser.open(pathlib.Path(translation) / "index.html")
    _, results = search(browser, word)
    links = [link.get_attribute("href").split("#")[0] for link in results.find_elements(By.TAG_NAME, "a")]
    if not any(link.endswith("/" + page_name) for link in links):
        raise Failure(f"searching '{word}' found {links[:5]}")
    marks = [mark.text for mark in results.find_elements(By.TAG_NAME, "mark")]
    if word not in marks:
        raise Failure(f"'{word}' is not marked in the results: {marks[:5]}")
    return f"'{word}' (from inside '{sentence[:16]}…') finds {page_name}"


def check_shared_ticks(browser, site, translation):
    """A tick in one language shows in the other, and a page reset in either clears it."""
    resize(browser, 1366)
    page = next(page for page in chapter_pages(translation)
                if 'data-task="' in page.read_text(encoding="utf-8") and (pathlib.Path(site) / page.name).exists())
    browser.open(page)
    box = browser.driver.find_element(By.CSS_SELECTOR, "input[data-task]:not(:checked)")
    task = box.get_attribute("data-task")
    box.click()
    browser.open(pathlib.Path(site) / page.name)
    boxes = browser.driver.find_elements(By.CSS_SELECTOR, f'input[data-task="{task}"]')
    if not boxes or not boxes[0].is_selected():
        raise Failure(f"{task}, ticked in {page.parent.name}/{page.name}, is not ticked in {page.name}")
    browser.driver.find_element(By.ID, "iapkit-reset-page").click()
    browser.open(page)
    if browser.driver.find_element(By.CSS_SELECTOR, f'input[data-task="{task}"]').is_selected():
        raise Failure(f"{task} stayed ticked in {page.parent.name}/{page.name} after a reset in the other language")
    return f"{task} ticked in {page.parent.name}/{page.name} is ticked in {page.name}; reset there clears both"


def check_chinese_typography(browser, site, translation):
    """Chinese pages name Chinese faces first and set emphasis in weight, not slanted; English
    pages keep italics, and code keeps its monospaced face in both."""
    resize(browser, 1366)
    script = """
        const em = document.querySelector('article em');
        const code = document.querySelector('article code');
        return [getComputedStyle(document.body).fontFamily,
                em ? getComputedStyle(em).fontStyle : null,
                code ? getComputedStyle(code).fontFamily : null];
    """
    seen = {}
    for folder, chinese in ((translation, True), (site, False)):
        for page in chapter_pages(folder):
            browser.open(page)
            family, emphasis, code = browser.driver.execute_script(script)
            if emphasis is None:
                continue
            if chinese and ("PingFang SC" not in family or emphasis != "normal"):
                raise Failure(f"{page.parent.name}/{page.name}: body font '{family}', emphasis {emphasis}")
            if not chinese and (emphasis != "italic" or "PingFang" in family):
                raise Failure(f"{page.name}: body font '{family}', emphasis {emphasis}")
            if code is not None and "monospace" not in code:
                raise Failure(f"{page.parent.name}/{page.name}: code is set in '{code}'")
            seen[chinese] = page.name
            break
    if set(seen) != {True, False}:
        raise Failure(f"no page with emphasis found in both languages: {seen}")
    return f"zh-Hans/{seen[True]}: Chinese faces first, emphasis upright and bold; {seen[False]}: italic"
