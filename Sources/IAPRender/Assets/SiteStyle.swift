/// The site's style sheet: system fonts only, colours as variables so that one media query
/// switches to the dark theme, and a print style that leaves only the text.
enum SiteStyle {
    /// The light colours, also used on paper whatever the screen's theme.
    static let lightPalette = """
          --background: #ffffff;
          --text: #1d2026;
          --muted: #545b68;
          --border: #d9dde4;
          --panel: #f5f7fa;
          --accent: #0a5bd3;
          --code-background: #f3f4f7;
          --mark: #fff3a3;
          --note: #0a5bd3;
          --tip: #1a7f37;
          --important: #8250df;
          --warning: #8a5c00;
          --caution: #cf222e;
          --hl-comment: #57606a;
          --hl-string: #a0301b;
          --hl-keyword: #a626a4;
          --hl-number: #1c00cf;
          --hl-type: #0b6e76;
          --hl-attribute: #7a4c00;
          --hl-key: #0550ae;
          --hl-variable: #953800;
        """

    static let darkPalette = """
          --background: #15171c;
          --text: #e4e7ec;
          --muted: #a3acba;
          --border: #343a46;
          --panel: #1d2027;
          --accent: #6ea8ff;
          --code-background: #1f232b;
          --mark: #5c4a00;
          --note: #6ea8ff;
          --tip: #56c271;
          --important: #b48cff;
          --warning: #d8a23a;
          --caution: #ff7b7b;
          --hl-comment: #9aa3ae;
          --hl-string: #f0a58a;
          --hl-keyword: #e29ae5;
          --hl-number: #9ab4ff;
          --hl-type: #6fd0c8;
          --hl-attribute: #e7c07a;
          --hl-key: #8cc4ff;
          --hl-variable: #ffb77a;
        """

    /// The theme follows the system unless the reader chose one with the theme button, which
    /// the script records as `data-theme` on the root element.
    static let source = """
        :root {
          color-scheme: light;
        \(lightPalette)
        }

        @media (prefers-color-scheme: dark) {
          :root:not([data-theme="light"]) {
            color-scheme: dark;
        \(darkPalette)
          }
        }

        :root[data-theme="dark"] {
          color-scheme: dark;
        \(darkPalette)
        }

        """ + layout

    static let layout = #"""
        * { box-sizing: border-box; }

        [hidden] { display: none !important; }

        html { background: var(--background); color: var(--text); }

        body {
          margin: 0;
          background: var(--background);
          color: var(--text);
          font: 16px/1.6 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
        }

        /* A Chinese page names the system's Chinese faces before the generic fallback, which
           is a serif face on some systems; set on body so that code keeps its own font. */
        html:lang(zh-Hans) body, html:lang(zh-CN) body, html:lang(zh-SG) body {
          font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB",
            "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", sans-serif;
        }
        html:lang(zh-Hant) body, html:lang(zh-TW) body, html:lang(zh-HK) body, html:lang(zh-MO) body {
          font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang TC", "Microsoft JhengHei",
            "Noto Sans CJK TC", "Source Han Sans TC", sans-serif;
        }

        /* Chinese is not set in italics: a slanted Han character is only a distorted one. */
        em:lang(zh) { font-style: normal; font-weight: 600; }

        a { color: var(--accent); }

        :focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }

        /* Anchor jumps land below the sticky bar. */
        [id] { scroll-margin-top: 4.5em; }

        img { max-width: 100%; height: auto; }

        code, pre, kbd, samp { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 0.9em; }

        /* A key to press, as a guide writes <kbd>⌘</kbd>: a key cap, in both themes and on paper. */
        kbd { border: 1px solid var(--border); border-bottom-width: 2px; border-radius: 4px; padding: 0.05em 0.35em; background: var(--panel); white-space: nowrap; }

        code { background: var(--code-background); padding: 0.1em 0.3em; border-radius: 4px; }

        /* Product IDs, paths and URLs break where they must rather than widen the page. */
        main { overflow-wrap: anywhere; }
        :not(pre) > code { overflow-wrap: anywhere; }

        pre { background: var(--code-background); padding: 0.8em 1em; border-radius: 6px; overflow-x: auto; line-height: 1.45; overflow-wrap: normal; }

        pre code { background: none; padding: 0; }

        .code-block { position: relative; }
        .code-block pre { padding-right: 4.5em; }
        .copy-button {
          position: absolute; top: 0.4em; right: 0.4em; font: inherit; font-size: 0.8em; padding: 0.15em 0.6em;
          color: var(--text); background: var(--background); border: 1px solid var(--border); border-radius: 6px; cursor: pointer;
        }

        .skip-link { position: absolute; left: -999px; }
        .skip-link:focus { left: 1em; top: 1em; background: var(--panel); padding: 0.5em; z-index: 3; }

        .topbar {
          display: flex; align-items: center; gap: 0.8em;
          padding: 0.6em 1.2em; border-bottom: 1px solid var(--border); background: var(--panel);
          position: sticky; top: 0; z-index: 2;
        }

        .book-title { font-weight: 600; color: var(--text); text-decoration: none; margin-right: auto; }

        .menu-button, .theme-button, .reset {
          font: inherit; font-size: 0.85em; padding: 0.3em 0.7em; color: var(--text); background: var(--background);
          border: 1px solid var(--border); border-radius: 6px; cursor: pointer;
        }
        .menu-button { display: none; }
        .theme-button { white-space: nowrap; }

        /* The language switch: each language by its own name, the current one plain. */
        .languages ul { display: flex; gap: 0.6em; margin: 0; padding: 0; list-style: none; font-size: 0.85em; }
        .languages a { white-space: nowrap; }
        .languages a[aria-current] { color: var(--text); font-weight: 600; text-decoration: none; }

        .search { position: relative; width: min(26em, 60vw); }
        .search input {
          width: 100%; padding: 0.4em 0.6em; font: inherit; color: var(--text);
          background: var(--background); border: 1px solid var(--border); border-radius: 6px;
        }
        .search-results {
          position: absolute; right: 0; left: 0; margin: 0.3em 0 0; padding: 0; list-style: none;
          background: var(--background); border: 1px solid var(--border); border-radius: 6px;
          max-height: 70vh; overflow-y: auto; box-shadow: 0 6px 20px rgba(0, 0, 0, 0.2); z-index: 3;
        }
        .search-results li { border-bottom: 1px solid var(--border); }
        .search-results a { display: block; padding: 0.5em 0.8em; text-decoration: none; color: var(--text); }
        .search-results a:hover, .search-results a:focus { background: var(--panel); }
        .search-results .result-title { display: block; color: var(--accent); font-weight: 600; }
        .search-results .result-page { display: block; color: var(--muted); font-size: 0.8em; }
        .search-results .snippet { display: block; color: var(--muted); font-size: 0.85em; }
        .search-results .no-results { padding: 0.5em 0.8em; color: var(--muted); }
        mark { background: var(--mark); color: var(--text); border-radius: 2px; }

        .layout {
          display: grid; grid-template-columns: 16em minmax(0, 1fr) 14em; gap: 2em;
          grid-template-areas: "sidebar main outline";
          max-width: 90em; margin: 0 auto; padding: 0 1.2em;
        }
        .sidebar { grid-area: sidebar; }
        .outline { grid-area: outline; }
        main { grid-area: main; }

        .sidebar, .outline { position: sticky; top: 4em; align-self: start; max-height: calc(100vh - 5em); overflow-y: auto; padding-top: 1.5em; font-size: 0.92em; }

        .chapters { list-style: none; padding: 0; margin: 0 0 1em; }
        .chapters a { display: block; padding: 0.3em 0.6em; border-radius: 6px; color: var(--text); text-decoration: none; }
        .chapters a:hover { background: var(--panel); }
        .chapters a[aria-current="page"] { background: var(--panel); color: var(--accent); font-weight: 600; border-left: 3px solid var(--accent); }

        .outline ol { list-style: none; padding: 0; margin: 0.4em 0 0; }
        .outline .level-3 { padding-left: 1em; }
        .outline a { color: var(--muted); text-decoration: none; }
        .outline-title { font-weight: 600; margin-top: 0; cursor: pointer; }

        main { min-width: 0; padding: 1.5em 0 3em; display: flex; flex-direction: column; }
        main > * { min-width: 0; }

        .page-tools { display: flex; align-items: center; gap: 0.5em 1em; flex-wrap: wrap; margin-bottom: 1em; }
        .page-tools .progress { flex: 1 1 12em; margin: 0; }
        .progress { display: flex; flex-direction: column; gap: 0.2em; font-size: 0.9em; color: var(--muted); margin-bottom: 1em; }
        .progress progress { width: 100%; }
        .reset { background: var(--panel); }
        .reset.danger { color: var(--caution); border-color: var(--caution); }
        .reset-confirm { margin-top: 0.6em; padding: 0.5em 0.7em; border: 1px solid var(--caution); border-radius: 6px; }
        .reset-confirm p { margin: 0 0 0.5em; }
        .reset-confirm .reset { margin: 0 0.3em 0.3em 0; }

        h1, h2, h3, h4 { line-height: 1.25; }
        h2 { border-bottom: 1px solid var(--border); padding-bottom: 0.3em; margin-top: 2em; }
        .anchor { visibility: hidden; text-decoration: none; color: var(--muted); }
        h1:hover .anchor, h2:hover .anchor, h3:hover .anchor, h4:hover .anchor, h5:hover .anchor, h6:hover .anchor, .anchor:focus { visibility: visible; }

        blockquote { margin: 1em 0; padding: 0 1em; border-left: 4px solid var(--border); color: var(--muted); }

        .callout { margin: 1em 0; padding: 0.6em 1em; border-left: 4px solid var(--note); background: var(--panel); border-radius: 0 6px 6px 0; }
        .callout p { margin: 0.4em 0; }
        .guide-footnote { font-size: 0.9em; }
        .guide-footnote-number { font-weight: 600; margin-inline-end: 0.25em; }
        .guide-footnote-ref { line-height: 0; }
        .callout-title { font-weight: 600; color: var(--note); }
        .callout-tip { border-color: var(--tip); } .callout-tip .callout-title { color: var(--tip); }
        .callout-important { border-color: var(--important); } .callout-important .callout-title { color: var(--important); }
        .callout-warning { border-color: var(--warning); } .callout-warning .callout-title { color: var(--warning); }
        .callout-caution { border-color: var(--caution); } .callout-caution .callout-title { color: var(--caution); }

        table { border-collapse: collapse; margin: 1em 0; }
        th, td { border: 1px solid var(--border); padding: 0.4em 0.7em; text-align: left; vertical-align: top; }
        thead th { background: var(--panel); }
        /* A wide table scrolls inside its frame, which takes keyboard focus so it can be scrolled without a mouse. */
        .table-scroll { overflow-x: auto; margin: 1em 0; }
        .table-scroll > table { margin: 0; }
        /* Words in an ordinary table stay whole: a wide table scrolls rather than break every word. */
        .table-scroll th, .table-scroll td { overflow-wrap: break-word; }
        .table-scroll td > code, .table-scroll th > code { overflow-wrap: break-word; }
        .align-left { text-align: left; }
        .align-center { text-align: center; }
        .align-right { text-align: right; }
        /* The product and app tables fit the text's width, every column wrapping, none cut off. */
        .product-table, .app-table { width: 100%; }
        .product-table th:last-child { width: 35%; }
        .reference-name, .offer { color: var(--muted); font-size: 0.85em; }
        .localizations { margin: 0; padding-left: 1em; }
        .locale { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.85em; color: var(--muted); }
        .config-source summary { cursor: pointer; color: var(--muted); }
        details.folded { border: 1px solid var(--border); border-radius: 6px; padding: 0.4em 0.9em; margin: 1em 0; }
        details.folded > summary { cursor: pointer; font-weight: 600; }
        details.folded[open] > summary { margin-bottom: 0.5em; }

        ul.tasks { list-style: none; padding-left: 0.4em; }
        li.task { display: flex; gap: 0.5em; align-items: baseline; flex-wrap: wrap; }
        li.task > input { flex: none; transform: scale(1.15); }
        li.task > label { flex: 1; }
        li.task > input:checked + label { color: var(--muted); text-decoration: line-through; }

        .pager { display: flex; justify-content: space-between; gap: 1em; margin-top: 3em; border-top: 1px solid var(--border); padding-top: 1em; }
        .pager a { text-decoration: none; }
        .pager span { display: block; font-size: 0.8em; color: var(--muted); }
        .pager .next { margin-left: auto; text-align: right; }

        .footnote-ref, .print-footnotes { display: none; }

        .hl-comment { color: var(--hl-comment); font-style: italic; }
        .hl-string { color: var(--hl-string); }
        .hl-keyword, .hl-directive { color: var(--hl-keyword); }
        .hl-number, .hl-literal { color: var(--hl-number); }
        .hl-type { color: var(--hl-type); }
        .hl-attribute { color: var(--hl-attribute); }
        .hl-key { color: var(--hl-key); }
        .hl-variable { color: var(--hl-variable); }

        .print-view .chapter + .chapter { border-top: 2px solid var(--border); margin-top: 3em; }

        /* A phone or a narrow window: the page first, its outline folded above it, and the
           chapter list behind the menu button (at the end of the page when the script is off). */
        @media (max-width: 62em) {
          .layout { grid-template-columns: minmax(0, 1fr); grid-template-areas: "outline" "main" "sidebar"; gap: 0; padding: 0 1em; }
          .menu-open .layout { grid-template-areas: "sidebar" "outline" "main"; }
          .sidebar, .outline { position: static; max-height: none; }
          .sidebar { padding-bottom: 1em; border-bottom: 1px solid var(--border); }
          .js .sidebar { display: none; }
          .js.menu-open .sidebar { display: block; }
          .js .menu-button { display: inline-block; }
          .outline { padding-top: 1em; }
          /* On a phone the page's progress follows its text, where its checklist usually is. */
          .page-tools { order: 2; margin-top: 1.5em; }
          .pager { order: 3; }
          .outline details { border: 1px solid var(--border); border-radius: 6px; padding: 0.4em 0.8em; }
          .topbar { position: static; flex-wrap: wrap; padding: 0.5em 1em; }
          .search { order: 3; width: 100%; }
          [id] { scroll-margin-top: 0.5em; }
        }

        /* Where a product table cannot fit its columns side by side, each product is a card that
           names every value. */
        @media (max-width: 40em) {
          .product-table, .product-table tbody, .product-table tr, .product-table td { display: block; width: 100%; }
          .product-table thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
          .product-table tr { border: 1px solid var(--border); border-radius: 6px; margin-bottom: 0.8em; padding: 0.3em 0; }
          .product-table td { border: none; padding: 0.2em 0.8em; }
          .product-table td:empty { display: none; }
          .product-table td::before { content: attr(data-label); display: block; font-size: 0.8em; color: var(--muted); }
        }

        /* Paper: light colours, every chapter on a new page, tables whole, the config source
           shown, and each link's address written out after it. */
        @media print {
          :root, :root[data-theme="dark"] {
            color-scheme: light;
        \#(lightPalette)
          }
          .topbar, .sidebar, .outline, .pager, .page-tools, .anchor, .skip-link, .copy-button, .reset-confirm { display: none !important; }
          .layout { display: block; max-width: none; padding: 0; }
          main { padding: 0; }
          .chapter { break-before: page; }
          .print-view .chapter:first-of-type { break-before: auto; }
          .table-scroll { overflow: visible; }
          table { width: 100%; font-size: 0.85em; }
          thead { display: table-header-group; }
          tr, .config-block, pre { break-inside: avoid; }
          h1, h2, h3, h4 { break-after: avoid; }
          details.config-source > summary { list-style: none; font-weight: 600; }
          details.config-source::details-content, details.folded::details-content { content-visibility: visible; display: block; }
          pre { white-space: pre-wrap; overflow-wrap: anywhere; }
          a { color: inherit; }
          main a[href^="http"]::after, main a[href^="mailto:"]::after { content: " (" attr(href) ")"; font-size: 0.85em; overflow-wrap: anywhere; }
          main a.address-link::after { content: none; }
          /* The print view numbers the addresses instead, and lists them at the chapter's end. */
          .print-view main a[href^="http"]::after, .print-view main a[href^="mailto:"]::after { content: none; }
          .print-view .footnote-ref { display: inline; font-size: 0.7em; }
          .print-view .print-footnotes { display: block; font-size: 0.8em; border-top: 1px solid var(--border); padding-top: 0.5em; overflow-wrap: anywhere; }
          /* A guide's own footnotes are bracketed on paper, apart from the addresses' numbers. */
          .guide-footnote-ref a::before, .guide-footnote-number::before { content: "["; }
          .guide-footnote-ref a::after, .guide-footnote-number::after { content: "]"; }
        }

        """#
}
