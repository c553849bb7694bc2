// Site-wide behaviour the theme leaves out (loaded on every page by book/_ext/aot_site.py).
(() => {
  "use strict";
  // Its few words are catalogue messages in the page's language (book/_ext/engine/i18n.js, loaded before it).
  const msg = (template) => (window.aotI18n ? window.aotI18n.msg(template) : template);

  // 1. Drawers that open on tap.  pydata-sphinx-theme and sphinx-book-theme bind their open/collapse handlers to
  // the FIRST .primary-toggle / .secondary-toggle of the page, a header icon the book theme hides; the visible
  // buttons (in the article header) had no handler.  Every other toggle forwards its tap to that first one, so
  // the theme's own code decides what opens: the drawer on a phone, the collapsible sidebar on a laptop.
  const forwardToggles = () => {
    for (const kind of ["primary-toggle", "secondary-toggle"]) {
      const all = Array.from(document.querySelectorAll("." + kind));
      const bound = all[0];
      for (const button of all.slice(1)) {
        button.addEventListener("click", (event) => {
          event.preventDefault();
          event.stopPropagation();
          bound.click();
        });
      }
    }
  };

  // 2. Bokeh widgets live in shadow DOM, where neither the page's stylesheet nor its dark mode reach.
  // Each open shadow root gets the site's widget sheet (legible in dark mode, 16 px text and 44 px targets on
  // a phone) and every form control gets an accessible name from its visible label.
  // Colours come from the theme's own custom properties, which inherit across the shadow boundary and follow
  // its light/dark switch; the fallbacks are the light theme's.
  const SHEET = `
    .bk-input, select, input[type="text"], input[type="number"] {
      color: var(--pst-color-text-base, #222832); background-color: var(--pst-color-surface, #f3f4f5);
      border-color: var(--pst-color-border, #d1d5da); }
    select option { color: var(--pst-color-text-base, #222832); background-color: var(--pst-color-background, #fff); }
    :host, label, .bk-slider-title, .bk-input-group, .aot-info, .aot-other, .aot-stats, .aot-ev {
      color: var(--pst-color-text-base, inherit); }
    table.aot th { background: var(--pst-color-surface, #f3f5f8); color: var(--pst-color-text-base, inherit); }
    table.aot th, table.aot td { border-bottom-color: var(--pst-color-border, #e3e6ea); }
    @media (max-width: 600px) {
      :host { font-size: 16px; }
      .bk-input, select, input, label, small { font-size: 16px; }
      select.bk-input, input.bk-input, .bk-btn { min-height: 44px; }
      .bk-btn { font-size: 16px; }
      input[type="checkbox"] { width: 24px; height: 24px; margin: 10px 8px 10px 0; }
      .bk-input-group label, .bk-checkbox-group label { min-height: 44px; display: inline-flex; align-items: center; }
      .noUi-handle { min-width: 34px; min-height: 34px; }
      .noUi-target { margin: 12px 0; }
    }`;
  let sheet = null;
  const siteSheet = () => {
    if (!sheet) { sheet = new CSSStyleSheet(); sheet.replaceSync(SHEET); }
    return sheet;
  };

  const nameControls = (root) => {
    for (const control of root.querySelectorAll("select, input, textarea")) {
      if (control.getAttribute("aria-label") || control.getAttribute("aria-labelledby")) continue;
      const group = control.closest(".bk-input-group") || control.parentElement;
      const label = control.closest("label") || (group && group.querySelector("label"));
      const text = (label ? label.textContent : control.title || "").trim().replace(/:$/, "");
      if (text && !control.closest("label")) control.setAttribute("aria-label", text);
    }
    for (const el of root.querySelectorAll("[role=slider]")) {
      if (!el.getAttribute("aria-label")) {
        const title = root.querySelector(".bk-slider-title");
        el.setAttribute("aria-label", title ? title.textContent.split(":")[0].trim() : msg("value"));
      }
    }
  };

  const seen = new WeakSet();
  const visit = (root) => {
    for (const el of root.querySelectorAll("*")) {
      const sr = el.shadowRoot;
      if (!sr) continue;
      if (!seen.has(sr)) {
        seen.add(sr);
        if (!sr.adoptedStyleSheets.includes(siteSheet())) sr.adoptedStyleSheets = [...sr.adoptedStyleSheets, siteSheet()];
        new MutationObserver(() => { nameControls(sr); visit(sr); }).observe(sr, {childList: true, subtree: true});
      }
      nameControls(sr);
      visit(sr);
    }
  };

  // 3. A table wider than its column (the readings appendix's four columns of prose, on a phone) becomes a
  // stack of cards: each cell is labelled with its column's header and aot.css lays the rows out as cards.
  const PHONE = window.matchMedia("(max-width: 600px)");
  const cardTables = () => {
    for (const table of document.querySelectorAll(".bd-article table")) {
      const head = table.tHead ? table.tHead.rows[0] : table.rows[0];
      if (!head || head.cells.length < 3) continue;
      const names = Array.from(head.cells, (c) => c.textContent.trim());
      if (!table.tHead && !Array.from(head.cells).every((c) => c.tagName === "TH")) continue;
      for (const row of Array.from(table.rows)) {
        if (row === head) { row.classList.add("aot-cards-head"); continue; }
        Array.from(row.cells).forEach((cell, i) => { if (names[i]) cell.dataset.label = names[i]; });
      }
      table.classList.remove("aot-cards");
      const box = table.parentElement;
      // too wide for the column, or squeezed so hard that a header breaks a letter per line
      const squeezed = Array.from(head.cells).some((c) => c.getBoundingClientRect().width < 64);
      if (PHONE.matches && box && (table.offsetWidth > box.clientWidth + 2 || squeezed)) table.classList.add("aot-cards");
    }
  };

  // 4. The theme's search field shows "Search Ctrl+K" but is named only "Search": a speech-input user saying what
  // they see would miss it.  Its visible text becomes its name.
  const nameSearch = () => {
    for (const b of document.querySelectorAll(".search-button-field[aria-label]")) b.removeAttribute("aria-label");
    // …and so does the "Show code cell outputs" toggle, named only "Toggle hidden content"
    for (const s of document.querySelectorAll("summary[aria-label='Toggle hidden content']")) s.removeAttribute("aria-label");
  };

  // 5. A box that scrolls sideways (a wide table in a cell's output) must take keyboard focus to be scrolled
  // without a mouse; the theme does this for code blocks and notebook outputs only.
  const focusScrollers = () => {
    for (const el of document.querySelectorAll(".bd-article div, .bd-article figure")) {
      if (el.hasAttribute("tabindex") || el.scrollWidth <= el.clientWidth + 1) continue;
      const o = getComputedStyle(el).overflowX;
      if (o === "auto" || o === "scroll") el.setAttribute("tabindex", "0");
    }
  };

  const start = () => {
    forwardToggles();
    nameSearch();
    focusScrollers();
    window.addEventListener("resize", focusScrollers);
    cardTables();
    PHONE.addEventListener("change", cardTables);
    if (!document.querySelector(".aot-widget")) return;
    visit(document);
    // Bokeh renders after the page has loaded: watch the widgets' containers for their shadow roots.
    const mo = new MutationObserver(() => visit(document));
    for (const w of document.querySelectorAll(".aot-widget")) mo.observe(w, {childList: true, subtree: true});
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
