/// The site's script, a file that each page's loader adds (the content security policy runs no
/// other script). It keeps checkbox states in `localStorage`, counts progress, and searches the index
/// that `search-index.js` defines. It writes text with `textContent` only, never as markup.
enum SiteScript {
    static let source = #"""
        (function () {
          "use strict";
          var site = window.IAPKIT_SITE || { book: "iapkit", tasks: [] };
          var index = window.IAPKIT_SEARCH || [];
          var prefix = "iapkit:" + site.book + ":task:";

          function storage() {
            try { return window.localStorage; } catch (error) { return null; }
          }
          var store = storage();

          function stored(id) {
            if (!store) { return null; }
            try { return store.getItem(prefix + id); } catch (error) { return null; }
          }

          function save(id, checked) {
            if (!store) { return; }
            try { store.setItem(prefix + id, checked ? "1" : "0"); } catch (error) { /* storage full or denied */ }
          }

          function forget(id) {
            if (!store) { return; }
            try { store.removeItem(prefix + id); } catch (error) { /* storage denied */ }
          }

          function isChecked(task) {
            var value = stored(task.id);
            return value === null ? task.done : value === "1";
          }

          var boxes = Array.prototype.slice.call(document.querySelectorAll("input[data-task]"));

          function showProgress(id, done, total, where) {
            var element = document.getElementById(id);
            if (!element) { return; }
            if (total === 0) { element.hidden = true; return; }
            element.hidden = false;
            element.querySelector(".count").textContent = done + " of " + total + " done " + where;
            var bar = element.querySelector("progress");
            bar.max = total;
            bar.value = done;
          }

          function update() {
            var pageDone = boxes.filter(function (box) { return box.checked; }).length;
            var where = document.body.classList.contains("print-view") ? "in the book" : "on this page";
            showProgress("iapkit-page-progress", pageDone, boxes.length, where);
            showProgress("iapkit-book-progress", site.tasks.filter(isChecked).length, site.tasks.length, "in the book");
          }

          boxes.forEach(function (box) {
            var id = box.getAttribute("data-task");
            var value = stored(id);
            if (value !== null) { box.checked = value === "1"; }
            box.addEventListener("change", function () {
              save(id, box.checked);
              update();
            });
          });

          var reset = document.getElementById("iapkit-reset");
          if (reset) {
            reset.addEventListener("click", function () {
              site.tasks.forEach(function (task) { forget(task.id); });
              boxes.forEach(function (box) { box.checked = box.getAttribute("data-default") === "checked"; });
              update();
            });
          }
          update();

          var input = document.getElementById("iapkit-search");
          var results = document.getElementById("iapkit-results");
          if (!input || !results) { return; }
          index.forEach(function (entry) {
            entry.haystack = (entry.title + " " + entry.products.join(" ") + " " + entry.text).toLowerCase();
          });

          function snippet(entry, word) {
            var at = entry.text.toLowerCase().indexOf(word);
            if (at < 0) { return entry.products.join(", "); }
            var start = Math.max(0, at - 40);
            return (start > 0 ? "\u2026" : "") + entry.text.substr(start, 120) + "\u2026";
          }

          function search() {
            var words = input.value.toLowerCase().split(/\s+/).filter(function (word) { return word.length > 0; });
            while (results.firstChild) { results.removeChild(results.firstChild); }
            if (words.length === 0) { results.hidden = true; return; }
            var found = index.filter(function (entry) {
              return words.every(function (word) { return entry.haystack.indexOf(word) >= 0; });
            });
            found.sort(function (left, right) {
              var leftProduct = left.products.some(function (id) { return id.toLowerCase() === words[0]; }) ? 0 : 1;
              var rightProduct = right.products.some(function (id) { return id.toLowerCase() === words[0]; }) ? 0 : 1;
              return leftProduct - rightProduct;
            });
            if (found.length === 0) {
              var none = document.createElement("li");
              none.className = "no-results";
              none.textContent = "No page mentions that.";
              results.appendChild(none);
            }
            found.slice(0, 20).forEach(function (entry) {
              var item = document.createElement("li");
              var link = document.createElement("a");
              link.href = entry.url;
              link.textContent = entry.title;
              var context = document.createElement("span");
              context.className = "snippet";
              context.textContent = snippet(entry, words[0]);
              item.appendChild(link);
              item.appendChild(context);
              results.appendChild(item);
            });
            results.hidden = false;
          }

          input.addEventListener("input", search);
          input.addEventListener("keydown", function (event) {
            if (event.key === "Escape") { input.value = ""; search(); }
          });
        })();

        """#
}
