/// The site's script, a file that each page's loader adds (the content security policy runs no
/// other script). It keeps checkbox states in `localStorage`, counts progress, resets a page's
/// ticks or (after asking) the whole book's, searches the index that `search-index.js`
/// defines, opens the chapter list on a phone, switches the theme, adds copy buttons to code,
/// and turns ←/→ into the previous and next chapter. It writes text with `textContent` only,
/// never as markup.
enum SiteScript {
    static let source = #"""
        (function () {
          "use strict";
          var root = document.documentElement;
          root.classList.add("js");
          var site = window.IAPKIT_SITE || { book: "iapkit", tasks: [] };
          var index = window.IAPKIT_SEARCH || [];
          var prefix = "iapkit:" + site.book + ":task:";
          // The page's interface text, in its language (the page writes it in data-interface).
          var words = \#(PageLayout.scriptStrings(.english));
          try {
            var given = JSON.parse(root.getAttribute("data-interface") || "{}");
            Object.keys(given).forEach(function (key) { if (typeof given[key] === "string") { words[key] = given[key]; } });
          } catch (error) { /* keep English */ }
          function say(key, values) {
            return words[key].replace(/\{(\w+)\}/g, function (whole, name) {
              return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
            });
          }

          function storage() {
            try { return window.localStorage; } catch (error) { return null; }
          }
          var store = storage();

          function read(key) {
            if (!store) { return null; }
            try { return store.getItem(key); } catch (error) { return null; }
          }

          function write(key, value) {
            if (!store) { return; }
            try {
              if (value === null) { store.removeItem(key); } else { store.setItem(key, value); }
            } catch (error) { /* storage full or denied */ }
          }

          // ----- theme: automatic (the system's), light or dark, remembered for every book
          var themeKey = "iapkit:theme";
          var themes = ["automatic", "light", "dark"];
          function applyTheme(theme) {
            if (theme === "light" || theme === "dark") { root.setAttribute("data-theme", theme); }
            else { root.removeAttribute("data-theme"); }
          }
          var theme = read(themeKey);
          if (themes.indexOf(theme) < 0) { theme = "automatic"; }
          applyTheme(theme);
          var themeButton = document.getElementById("iapkit-theme");
          if (themeButton) {
            themeButton.hidden = false;
            themeButton.textContent = say("theme", { theme: words[theme] });
            themeButton.addEventListener("click", function () {
              theme = themes[(themes.indexOf(theme) + 1) % themes.length];
              write(themeKey, theme === "automatic" ? null : theme);
              applyTheme(theme);
              themeButton.textContent = say("theme", { theme: words[theme] });
            });
          }

          // ----- the chapter list behind the menu button on narrow screens
          var menu = document.getElementById("iapkit-menu");
          var sidebar = document.getElementById("iapkit-sidebar");
          // A long book's pages carry only the first and the current chapter; the whole list
          // comes from the search index, once for the site.
          var deferred = sidebar && sidebar.querySelector("ol.chapters[data-deferred]");
          if (deferred && site.chapters) {
            var here = deferred.getAttribute("data-current");
            var list = document.createDocumentFragment();
            site.chapters.forEach(function (entry) {
              var item = document.createElement("li");
              var link = document.createElement("a");
              link.setAttribute("href", entry[0]);
              link.textContent = entry[1];
              if (entry[0] === here) { link.setAttribute("aria-current", "page"); }
              item.appendChild(link);
              list.appendChild(item);
            });
            deferred.textContent = "";
            deferred.appendChild(list);
            deferred.removeAttribute("data-deferred");
          }
          function setMenu(open) {
            if (!menu) { return; }
            root.classList.toggle("menu-open", open);
            menu.setAttribute("aria-expanded", open ? "true" : "false");
          }
          if (menu && sidebar) {
            menu.addEventListener("click", function () {
              var open = menu.getAttribute("aria-expanded") !== "true";
              setMenu(open);
              if (open) {
                var current = sidebar.querySelector("[aria-current]") || sidebar.querySelector("a");
                if (current) { current.focus(); }
              }
            });
          }

          // ----- the outline: open beside the text, folded above it on a narrow screen
          var outline = document.querySelector("#iapkit-outline details");
          var wide = window.matchMedia ? window.matchMedia("(min-width: 62.01em)") : null;
          function fitOutline() { if (outline && wide) { outline.open = wide.matches; } }
          fitOutline();
          if (wide && wide.addEventListener) { wide.addEventListener("change", fitOutline); }

          // ----- checklists
          function isChecked(task) {
            var value = read(prefix + task.id);
            return value === null ? task.done : value === "1";
          }

          var boxes = Array.prototype.slice.call(document.querySelectorAll("input[data-task]"));

          function showProgress(id, done, total, where) {
            var element = document.getElementById(id);
            if (!element) { return; }
            if (total === 0) { element.hidden = true; return; }
            element.hidden = false;
            element.querySelector(".count").textContent = say(where, { done: done, total: total });
            var bar = element.querySelector("progress");
            bar.max = total;
            bar.value = done;
          }

          function update() {
            var pageDone = boxes.filter(function (box) { return box.checked; }).length;
            showProgress("iapkit-page-progress", pageDone, boxes.length, "onPage");
            showProgress("iapkit-book-progress", site.tasks.filter(isChecked).length, site.tasks.length, "inBook");
          }

          boxes.forEach(function (box) {
            var id = box.getAttribute("data-task");
            var value = read(prefix + id);
            if (value !== null) { box.checked = value === "1"; }
            box.addEventListener("change", function () {
              write(prefix + id, box.checked ? "1" : "0");
              update();
            });
          });

          function resetBoxes(ids) {
            ids.forEach(function (id) { write(prefix + id, null); });
            boxes.forEach(function (box) {
              if (ids.indexOf(box.getAttribute("data-task")) >= 0) {
                box.checked = box.getAttribute("data-default") === "checked";
              }
            });
            update();
          }

          var resetPage = document.getElementById("iapkit-reset-page");
          if (resetPage) {
            resetPage.addEventListener("click", function () {
              resetBoxes(boxes.map(function (box) { return box.getAttribute("data-task"); }));
            });
          }

          var resetBook = document.getElementById("iapkit-reset-book");
          var confirmPanel = document.getElementById("iapkit-reset-confirm");
          var confirmYes = document.getElementById("iapkit-reset-book-confirm");
          var confirmNo = document.getElementById("iapkit-reset-book-cancel");
          function askToReset(open) {
            confirmPanel.hidden = !open;
            resetBook.setAttribute("aria-expanded", open ? "true" : "false");
            (open ? confirmNo : resetBook).focus();
          }
          if (resetBook && confirmPanel && confirmYes && confirmNo) {
            resetBook.addEventListener("click", function () { askToReset(confirmPanel.hidden); });
            confirmNo.addEventListener("click", function () { askToReset(false); });
            confirmYes.addEventListener("click", function () {
              resetBoxes(site.tasks.map(function (task) { return task.id; }));
              askToReset(false);
            });
          }
          update();

          // ----- a copy button on every code block
          Array.prototype.slice.call(document.querySelectorAll("main pre")).forEach(function (pre) {
            var frame = document.createElement("div");
            frame.className = "code-block";
            pre.parentNode.insertBefore(frame, pre);
            frame.appendChild(pre);
            var button = document.createElement("button");
            button.type = "button";
            button.className = "copy-button";
            button.textContent = say("copy");
            button.setAttribute("aria-label", say("copyLabel"));
            frame.appendChild(button);
            button.addEventListener("click", function () {
              var text = pre.textContent;
              function done(ok) {
                button.textContent = say(ok ? "copied" : "copyFailed");
                window.setTimeout(function () { button.textContent = say("copy"); }, 1500);
              }
              if (navigator.clipboard && navigator.clipboard.writeText) {
                navigator.clipboard.writeText(text).then(function () { done(true); }, function () { done(copyBySelection(pre)); });
              } else {
                done(copyBySelection(pre));
              }
            });
          });

          function copyBySelection(element) {
            var range = document.createRange();
            range.selectNodeContents(element);
            var selection = window.getSelection();
            selection.removeAllRanges();
            selection.addRange(range);
            var ok = false;
            try { ok = document.execCommand("copy"); } catch (error) { ok = false; }
            return ok;
          }

          // ----- on paper, each chapter's web links as numbered notes at its end
          if (document.body.classList.contains("print-view")) {
            Array.prototype.slice.call(document.querySelectorAll("main article.chapter")).forEach(function (chapter) {
              var urls = [];
              // A link whose words are its address is printed already.
              var links = chapter.querySelectorAll(
                "a[href^=\"http:\"]:not(.address-link), a[href^=\"https:\"]:not(.address-link), a[href^=\"mailto:\"]:not(.address-link)");
              Array.prototype.slice.call(links).forEach(function (link) {
                var url = link.getAttribute("href");
                var number = urls.indexOf(url) + 1;
                if (number === 0) { urls.push(url); number = urls.length; }
                var mark = document.createElement("sup");
                mark.className = "footnote-ref";
                mark.textContent = String(number);
                link.parentNode.insertBefore(mark, link.nextSibling);
              });
              if (urls.length === 0) { return; }
              var notes = document.createElement("ol");
              notes.className = "print-footnotes";
              notes.setAttribute("aria-label", say("linkNotes"));
              urls.forEach(function (url) {
                var item = document.createElement("li");
                item.textContent = url;
                notes.appendChild(item);
              });
              chapter.appendChild(notes);
            });
          }

          // ----- anchors written for GitHub, which ignores letter case (#Steps for #steps)
          function findAnchor(hash) {
            if (!hash || hash.length < 2) { return null; }
            var id;
            try { id = decodeURIComponent(hash.slice(1)); } catch (error) { id = hash.slice(1); }
            if (document.getElementById(id)) { return null; }
            var wanted = id.toLowerCase();
            var all = document.querySelectorAll("[id]");
            for (var i = 0; i < all.length; i += 1) {
              if (all[i].id.toLowerCase() === wanted) { return all[i]; }
            }
            return null;
          }
          function followHash() {
            var target = findAnchor(window.location.hash);
            if (target) { target.scrollIntoView(); }
          }
          window.addEventListener("hashchange", followHash);
          followHash();

          // ----- ← and → for the previous and next chapter, when no field has the keys
          document.addEventListener("keydown", function (event) {
            if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
            var target = event.target;
            var tag = target && target.tagName ? target.tagName.toLowerCase() : "";
            if (tag === "input" || tag === "textarea" || tag === "select" || (target && target.isContentEditable)) { return; }
            if (target && target.closest && target.closest(".search, .table-scroll, pre")) { return; }
            var rel = event.key === "ArrowLeft" ? "prev" : event.key === "ArrowRight" ? "next" : null;
            if (!rel) { return; }
            var link = document.querySelector(".pager a[rel=\"" + rel + "\"]");
            if (link) { event.preventDefault(); window.location.href = link.href; }
          });

          // ----- search: sections ranked by where the words are, matches marked
          var input = document.getElementById("iapkit-search");
          var results = document.getElementById("iapkit-results");
          if (!input || !results) { return; }
          index.forEach(function (entry, position) {
            entry.position = position;
            entry.titleLower = entry.title.toLowerCase();
            entry.pageLower = entry.page.toLowerCase();
            entry.productsLower = entry.products.map(function (id) { return id.toLowerCase(); });
            entry.textLower = entry.text.toLowerCase();
          });

          // A product ID named exactly ranks first, then words in the section's heading, in a
          // product ID, in the chapter's title, and last in the text.
          function score(entry, words) {
            var total = 0;
            for (var i = 0; i < words.length; i += 1) {
              var word = words[i];
              var points = 0;
              if (entry.productsLower.indexOf(word) >= 0) { points += 100; }
              if (entry.titleLower.indexOf(word) >= 0) { points += 40; }
              if (entry.productsLower.some(function (id) { return id.indexOf(word) >= 0; })) { points += 20; }
              if (entry.pageLower.indexOf(word) >= 0) { points += 10; }
              if (entry.textLower.indexOf(word) >= 0) { points += 1; }
              if (points === 0) { return 0; }
              total += points;
            }
            return total;
          }

          function appendMarked(parent, text, words) {
            var lower = text.toLowerCase();
            var at = 0;
            while (at < text.length) {
              var next = -1;
              var length = 0;
              words.forEach(function (word) {
                var found = lower.indexOf(word, at);
                if (found >= 0 && (next < 0 || found < next || (found === next && word.length > length))) {
                  next = found;
                  length = word.length;
                }
              });
              if (next < 0) { parent.appendChild(document.createTextNode(text.slice(at))); return; }
              if (next > at) { parent.appendChild(document.createTextNode(text.slice(at, next))); }
              var mark = document.createElement("mark");
              mark.textContent = text.slice(next, next + length);
              parent.appendChild(mark);
              at = next + length;
            }
          }

          function snippet(entry, words) {
            var at = -1;
            words.forEach(function (word) {
              var found = entry.textLower.indexOf(word);
              if (found >= 0 && (at < 0 || found < at)) { at = found; }
            });
            if (at < 0) { return entry.products.length > 0 ? entry.products.join(", ") : entry.text.substr(0, 120); }
            var start = Math.max(0, at - 40);
            while (start > 0 && start < at && entry.text.charAt(start - 1) !== " ") { start -= 1; if (at - start > 60) { break; } }
            var end = Math.min(entry.text.length, start + 140);
            return (start > 0 ? "\u2026" : "") + entry.text.slice(start, end) + (end < entry.text.length ? "\u2026" : "");
          }

          function resultLinks() { return Array.prototype.slice.call(results.querySelectorAll("a")); }

          function search() {
            var words = input.value.toLowerCase().split(/\s+/).filter(function (word) { return word.length > 0; });
            while (results.firstChild) { results.removeChild(results.firstChild); }
            if (words.length === 0) { results.hidden = true; return; }
            var found = [];
            index.forEach(function (entry) {
              var points = score(entry, words);
              if (points > 0) { found.push({ entry: entry, points: points }); }
            });
            found.sort(function (left, right) {
              return right.points - left.points || left.entry.position - right.entry.position;
            });
            if (found.length === 0) {
              var none = document.createElement("li");
              none.className = "no-results";
              none.textContent = say("noResults");
              results.appendChild(none);
            }
            found.slice(0, 20).forEach(function (hit) {
              var entry = hit.entry;
              var item = document.createElement("li");
              var link = document.createElement("a");
              link.href = entry.url;
              var title = document.createElement("span");
              title.className = "result-title";
              appendMarked(title, entry.title, words);
              link.appendChild(title);
              if (entry.title !== entry.page) {
                var page = document.createElement("span");
                page.className = "result-page";
                page.textContent = entry.page;
                link.appendChild(page);
              }
              var context = document.createElement("span");
              context.className = "snippet";
              appendMarked(context, snippet(entry, words), words);
              link.appendChild(context);
              item.appendChild(link);
              results.appendChild(item);
            });
            results.hidden = false;
          }

          function close() {
            input.value = "";
            search();
            input.focus();
          }

          input.addEventListener("input", search);
          input.addEventListener("keydown", function (event) {
            var links = resultLinks();
            if (event.key === "Escape") { close(); }
            else if (event.key === "ArrowDown" && links.length > 0) { event.preventDefault(); links[0].focus(); }
            else if (event.key === "Enter" && links.length > 0) { event.preventDefault(); window.location.href = links[0].href; }
          });
          results.addEventListener("keydown", function (event) {
            var links = resultLinks();
            var at = links.indexOf(document.activeElement);
            if (event.key === "ArrowDown") { event.preventDefault(); if (at + 1 < links.length) { links[at + 1].focus(); } }
            else if (event.key === "ArrowUp") { event.preventDefault(); if (at > 0) { links[at - 1].focus(); } else { input.focus(); } }
            else if (event.key === "Escape") { event.preventDefault(); close(); }
          });
          document.addEventListener("keydown", function (event) {
            if (event.key === "Escape" && root.classList.contains("menu-open")) { setMenu(false); if (menu) { menu.focus(); } }
          });
        })();

        """#
}
