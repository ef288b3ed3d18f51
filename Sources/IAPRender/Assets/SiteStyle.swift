/// The site's style sheet: system fonts only, colours as variables so that one media query
/// switches to the dark theme, and a print style that leaves only the text.
enum SiteStyle {
    static let source = #"""
        :root {
          color-scheme: light dark;
          --background: #ffffff;
          --text: #1d2026;
          --muted: #5b6270;
          --border: #d9dde4;
          --panel: #f5f7fa;
          --accent: #0a5bd3;
          --code-background: #f3f4f7;
          --note: #0a5bd3;
          --tip: #1a7f37;
          --important: #8250df;
          --warning: #9a6700;
          --caution: #cf222e;
          --hl-comment: #6a737d;
          --hl-string: #a0301b;
          --hl-keyword: #a626a4;
          --hl-number: #1c00cf;
          --hl-type: #0b6e76;
          --hl-attribute: #805000;
          --hl-key: #0550ae;
          --hl-variable: #953800;
        }

        @media (prefers-color-scheme: dark) {
          :root {
            --background: #15171c;
            --text: #e4e7ec;
            --muted: #9aa3b2;
            --border: #343a46;
            --panel: #1d2027;
            --accent: #6ea8ff;
            --code-background: #1f232b;
            --note: #6ea8ff;
            --tip: #56c271;
            --important: #b48cff;
            --warning: #d8a23a;
            --caution: #ff6b6b;
            --hl-comment: #8b949e;
            --hl-string: #f0a58a;
            --hl-keyword: #e29ae5;
            --hl-number: #9ab4ff;
            --hl-type: #6fd0c8;
            --hl-attribute: #e7c07a;
            --hl-key: #8cc4ff;
            --hl-variable: #ffb77a;
          }
        }

        * { box-sizing: border-box; }

        html { background: var(--background); color: var(--text); }

        body {
          margin: 0;
          background: var(--background);
          color: var(--text);
          font: 16px/1.6 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
        }

        a { color: var(--accent); }

        code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 0.9em; }

        code { background: var(--code-background); padding: 0.1em 0.3em; border-radius: 4px; }

        pre { background: var(--code-background); padding: 0.8em 1em; border-radius: 6px; overflow-x: auto; line-height: 1.45; }

        pre code { background: none; padding: 0; }

        .skip-link { position: absolute; left: -999px; }
        .skip-link:focus { left: 1em; top: 1em; background: var(--panel); padding: 0.5em; z-index: 2; }

        .topbar {
          display: flex; align-items: center; justify-content: space-between; gap: 1em;
          padding: 0.6em 1.2em; border-bottom: 1px solid var(--border); background: var(--panel);
          position: sticky; top: 0; z-index: 1;
        }

        .book-title { font-weight: 600; color: var(--text); text-decoration: none; }

        .search { position: relative; width: min(26em, 60vw); }
        .search input {
          width: 100%; padding: 0.4em 0.6em; font: inherit; color: var(--text);
          background: var(--background); border: 1px solid var(--border); border-radius: 6px;
        }
        .search-results {
          position: absolute; right: 0; left: 0; margin: 0.3em 0 0; padding: 0; list-style: none;
          background: var(--background); border: 1px solid var(--border); border-radius: 6px;
          max-height: 70vh; overflow-y: auto; box-shadow: 0 6px 20px rgba(0, 0, 0, 0.2);
        }
        .search-results li { padding: 0.5em 0.8em; border-bottom: 1px solid var(--border); }
        .search-results .snippet { display: block; color: var(--muted); font-size: 0.85em; }

        .layout {
          display: grid; grid-template-columns: 16em minmax(0, 1fr) 14em; gap: 2em;
          max-width: 90em; margin: 0 auto; padding: 0 1.2em;
        }

        .sidebar, .outline { position: sticky; top: 4em; align-self: start; max-height: calc(100vh - 5em); overflow-y: auto; padding-top: 1.5em; font-size: 0.92em; }

        .chapters { list-style: none; padding: 0; margin: 0 0 1em; }
        .chapters a { display: block; padding: 0.3em 0.6em; border-radius: 6px; color: var(--text); text-decoration: none; }
        .chapters a:hover { background: var(--panel); }
        .chapters a[aria-current="page"] { background: var(--panel); color: var(--accent); font-weight: 600; border-left: 3px solid var(--accent); }

        .outline ol { list-style: none; padding: 0; margin: 0; }
        .outline .level-3 { padding-left: 1em; }
        .outline a { color: var(--muted); text-decoration: none; }
        .outline-title { font-weight: 600; margin-top: 0; }

        main { min-width: 0; padding: 1.5em 0 3em; }

        .progress { display: flex; flex-direction: column; gap: 0.2em; font-size: 0.9em; color: var(--muted); margin-bottom: 1em; }
        .progress progress { width: 100%; }
        .reset { font: inherit; font-size: 0.85em; padding: 0.3em 0.7em; color: var(--text); background: var(--panel); border: 1px solid var(--border); border-radius: 6px; cursor: pointer; }

        h1, h2, h3, h4 { line-height: 1.25; }
        h2 { border-bottom: 1px solid var(--border); padding-bottom: 0.3em; margin-top: 2em; }
        .anchor { visibility: hidden; text-decoration: none; color: var(--muted); }
        h1:hover .anchor, h2:hover .anchor, h3:hover .anchor, h4:hover .anchor, h5:hover .anchor, h6:hover .anchor { visibility: visible; }

        blockquote { margin: 1em 0; padding: 0 1em; border-left: 4px solid var(--border); color: var(--muted); }

        .callout { margin: 1em 0; padding: 0.6em 1em; border-left: 4px solid var(--note); background: var(--panel); border-radius: 0 6px 6px 0; }
        .callout p { margin: 0.4em 0; }
        .callout-title { font-weight: 600; color: var(--note); }
        .callout-tip { border-color: var(--tip); } .callout-tip .callout-title { color: var(--tip); }
        .callout-important { border-color: var(--important); } .callout-important .callout-title { color: var(--important); }
        .callout-warning { border-color: var(--warning); } .callout-warning .callout-title { color: var(--warning); }
        .callout-caution { border-color: var(--caution); } .callout-caution .callout-title { color: var(--caution); }

        table { border-collapse: collapse; margin: 1em 0; display: block; overflow-x: auto; }
        th, td { border: 1px solid var(--border); padding: 0.4em 0.7em; text-align: left; vertical-align: top; }
        thead th { background: var(--panel); }
        .align-left { text-align: left; }
        .align-center { text-align: center; }
        .align-right { text-align: right; }
        .reference-name, .offer { color: var(--muted); font-size: 0.85em; }
        .localizations { margin: 0; padding-left: 1em; }
        .locale { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.85em; color: var(--muted); }
        .config-source summary { cursor: pointer; color: var(--muted); }

        ul.tasks { list-style: none; padding-left: 0.4em; }
        li.task { display: flex; gap: 0.5em; align-items: baseline; flex-wrap: wrap; }
        li.task > input { flex: none; transform: scale(1.15); }
        li.task > label { flex: 1; }
        li.task > input:checked + label { color: var(--muted); text-decoration: line-through; }

        .pager { display: flex; justify-content: space-between; gap: 1em; margin-top: 3em; border-top: 1px solid var(--border); padding-top: 1em; }
        .pager a { text-decoration: none; }
        .pager span { display: block; font-size: 0.8em; color: var(--muted); }
        .pager .next { margin-left: auto; text-align: right; }

        .hl-comment { color: var(--hl-comment); font-style: italic; }
        .hl-string { color: var(--hl-string); }
        .hl-keyword, .hl-directive { color: var(--hl-keyword); }
        .hl-number, .hl-literal { color: var(--hl-number); }
        .hl-type { color: var(--hl-type); }
        .hl-attribute { color: var(--hl-attribute); }
        .hl-key { color: var(--hl-key); }
        .hl-variable { color: var(--hl-variable); }

        .print-view .chapter + .chapter { border-top: 2px solid var(--border); margin-top: 3em; }

        @media (max-width: 62em) {
          .layout { grid-template-columns: minmax(0, 1fr); }
          .sidebar, .outline { position: static; max-height: none; }
          .outline { display: none; }
        }

        @media print {
          .topbar, .sidebar, .outline, .pager, .progress, .anchor, .skip-link { display: none; }
          .layout { display: block; max-width: none; padding: 0; }
          .chapter { break-before: page; }
          details.config-source { display: none; }
          a { color: inherit; }
        }

        """#
}
