import Hummingbird

/// The style sheet and the one small script, served by the program itself (it works offline).
enum Assets {
    static func response(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=3600"],
                 body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static let css = """
        :root { color-scheme: light dark; --accent: #1f5f8b; --muted: #666; --line: #ccc; --bad: #a40000; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 16px/1.45 system-ui, sans-serif; }
        header { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1rem; padding: .6rem 1rem; border-bottom: 1px solid var(--line); }
        header .brand { font-weight: 700; text-decoration: none; color: inherit; }
        nav ul { display: flex; flex-wrap: wrap; gap: .25rem .9rem; list-style: none; margin: 0; padding: 0; }
        nav form { display: inline; margin: 0; }
        main { padding: 1rem; max-width: 72rem; margin: 0 auto; }
        h1 { font-size: 1.5rem; margin: .2rem 0 1rem; overflow-wrap: anywhere; }
        h2 { font-size: 1.15rem; margin-top: 1.6rem; }
        a { color: var(--accent); }
        table { border-collapse: collapse; width: 100%; }
        th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; overflow-wrap: break-word; }
        th { white-space: nowrap; }
        td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        /* A wide table scrolls sideways on a phone instead of breaking words letter by letter. */
        .scroll { overflow-x: auto; }
        .scroll > table { min-width: 40rem; }
        .marks { font-size: .8rem; color: var(--muted); }
        .error { color: var(--bad); font-weight: 600; }
        .note { color: var(--muted); }
        ul.changes { margin: .2em 0 0; padding-left: 1.2em; font-size: .9em; overflow-wrap: anywhere; }
        .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); gap: .8rem; list-style: none; padding: 0; }
        .grid li { border: 1px solid var(--line); border-radius: .4rem; padding: .4rem; overflow-wrap: anywhere; }
        .grid img { display: block; width: 100%; height: 8rem; object-fit: contain; }
        .preview { max-width: 100%; max-height: 70vh; border: 1px solid var(--line); }
        dl.fields { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
        dl.fields dt { font-weight: 600; }
        dl.fields dd { margin: 0; overflow-wrap: anywhere; }
        .field { display: flex; flex-direction: column; gap: .15rem; margin: .5rem 0; max-width: 30rem; }
        .field small { color: var(--muted); }
        input, select, textarea, button { font: inherit; padding: .4rem .5rem; }
        input.link-copy { display: block; width: 100%; box-sizing: border-box; margin-top: .4rem; font-family: monospace; font-size: .85rem; }
        button { cursor: pointer; }
        button.link { background: none; border: none; color: var(--accent); text-decoration: underline; padding: 0; }
        form.inline { display: inline; }
        fieldset { border: 1px solid var(--line); margin: 1rem 0; }
        mark { background: #ffe58a; color: #000; }
        pre.page { white-space: pre-wrap; overflow-wrap: anywhere; border-left: 3px solid var(--line); padding-left: .8rem; }
        .outcomes li { margin: .3rem 0; }
        :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        @media (max-width: 40rem) { dl.fields { grid-template-columns: 1fr; } dl.fields dd { margin-bottom: .4rem; } main { padding: .7rem; } }
        """

    /// Niceties only: every page works without it.
    /// The site's icon (also answered at /favicon.ico, which browsers and feed readers ask for):
    /// a house on the accent colour.
    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1f5f8b"/>\
        <path d="M16 6 5 15h3v10h6v-6h4v6h6V15h3z" fill="#fff"/></svg>
        """

    static let script = """
        document.addEventListener('submit', function (event) {
          var message = event.target.getAttribute('data-confirm');
          if (message && !window.confirm(message)) { event.preventDefault(); }
        });
        // A choice that changes what the rest of the form offers (the upload's household and its staff) reloads the page.
        document.addEventListener('change', function (event) {
          var base = event.target.getAttribute('data-reload');
          if (base) { window.location = base + encodeURIComponent(event.target.value); }
        });
        """
}
