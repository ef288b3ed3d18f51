#!/usr/bin/env bash
# Exits 0 when the browser test can run here: Chromium, its driver, and Selenium and axe-core
# (the axe-selenium-python package) for Python.
# CHROMIUM and CHROMEDRIVER may name the programs when they are not on PATH.
command -v "${CHROMIUM:-chromium}" >/dev/null 2>&1 || exit 1
command -v "${CHROMEDRIVER:-chromedriver}" >/dev/null 2>&1 || exit 1
/usr/bin/python3 -c 'import selenium, axe_selenium_python' >/dev/null 2>&1 \
    || python3 -c 'import selenium, axe_selenium_python' >/dev/null 2>&1
