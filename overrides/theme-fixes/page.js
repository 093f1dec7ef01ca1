/* What the site's pages do in the browser, in place of Material's script bundle.
 *
 * The theme's bundle mounts a framework of observers on every page, and on a long
 * article that is a long task of forced style and layout passes before the reader
 * can scroll (hooks/chapter/theme_fixes.py, page-script). This script does the
 * same work for the parts the site uses: the colour-scheme toggle, copy buttons on
 * code, the back-to-top button, the table of contents following the reader, the
 * page title in the header, a tab stop on boxes that scroll sideways, the mark
 * the theme's stylesheet uses to show keyboard focus, and collapsed blocks and
 * tabs opened for a link into them (the features and Markdown extensions it
 * answers for are declared in hooks/chapter/theme_contract.py). It writes
 * without reading layout, and reads layout only where the browser has just done it
 * (in observers, and after a frame is drawn), so it forces no layout pass of its own.
 * Without scripts the pages still read and navigate: these are all additions.
 */
(function () {
  "use strict";

  var script = document.currentScript;
  var COLOURS = ["media", "scheme", "primary", "accent"];

  function afterLayout(callback) {
    requestAnimationFrame(function () { setTimeout(callback, 0); });
  }

  /* The scheme toggle: a radio group in the header, one label shown at a time. A choice
   * the reader made is remembered; until then the page follows the system's preference. */
  function palette() {
    var form = document.querySelector("form[data-md-component=palette]");
    if (!form) return;
    var inputs = Array.prototype.slice.call(form.querySelectorAll("input.md-option"));
    var scheme = document.createElement("meta");
    var theme = document.createElement("meta");
    scheme.name = "color-scheme";
    theme.name = "theme-color";
    document.head.append(scheme, theme);
    var media = inputs.map(function (input) { return matchMedia(input.getAttribute("data-md-color-media")); });

    function show(index, remember) {
      var input = inputs[index];
      COLOURS.forEach(function (key) {
        var value = input.getAttribute("data-md-color-" + key);
        if (document.body.getAttribute("data-md-color-" + key) !== value) document.body.setAttribute("data-md-color-" + key, value);
      });
      inputs.forEach(function (other, i) {
        var label = other.nextElementSibling;  // a scheme without a toggle has no label
        other.checked = i === index;
        if (label && label.tagName === "LABEL") label.hidden = i !== index;
      });
      if (remember) {
        var color = {};
        COLOURS.forEach(function (key) { color[key] = input.getAttribute("data-md-color-" + key); });
        __md_set("__palette", { index: index, color: color });
      }
      afterLayout(function () {
        var header = getComputedStyle(document.querySelector(".md-header"));
        scheme.content = getComputedStyle(document.body).colorScheme;
        theme.content = header.backgroundColor;
      });
    }

    function preferred() {
      var stored = __md_get("__palette");
      if (stored && inputs[stored.index]) return stored.index;
      return Math.max(0, media.findIndex(function (query) { return query.matches; }));
    }

    inputs.forEach(function (input, index) {
      input.addEventListener("change", function () { if (input.checked) show(index, true); });
    });
    // Enter on the focused toggle switches, as Space does on other buttons.
    form.addEventListener("keydown", function (event) {
      if (event.key !== "Enter") return;
      event.preventDefault();
      var next = inputs[(inputs.indexOf(event.target) + 1) % inputs.length];
      next.click();
      next.focus();
    });
    media.forEach(function (query) {
      query.addEventListener("change", function () { if (!__md_get("__palette")) show(preferred(), false); });
    });
    show(preferred(), false);
  }

  /* A copy button on each code block, and a short notice when the code is copied. */
  function copyButtons() {
    var dialog = document.querySelector("[data-md-component=dialog]");
    var notice = dialog && dialog.querySelector(".md-dialog__inner");
    var hide;
    if (notice) notice.setAttribute("role", "status");

    function say(text) {
      if (!notice) return;
      notice.textContent = text;
      dialog.classList.add("md-dialog--active");
      clearTimeout(hide);
      hide = setTimeout(function () { dialog.classList.remove("md-dialog--active"); }, 2000);
    }

    document.querySelectorAll(".md-content .highlight pre > code").forEach(function (code) {
      var bar = document.createElement("div");
      var button = document.createElement("button");
      bar.className = "md-code__nav";
      button.className = "md-code__button";
      button.type = "button";
      button.title = script.dataset.copy;
      button.setAttribute("aria-label", script.dataset.copy);
      button.dataset.mdType = "copy";
      button.addEventListener("click", function () {
        // Without a clipboard (an insecure origin) or without permission, the reader is told it failed.
        Promise.resolve()
          .then(function () { return navigator.clipboard.writeText(code.textContent.replace(/\n$/, "")); })
          .then(function () { say(script.dataset.copied); }, function () { say(script.dataset.copyFailed); });
      });
      bar.append(button);
      code.before(bar);
    });
  }

  /* The back-to-top button appears while the reader scrolls back up a long page. */
  function backToTop() {
    var button = document.querySelector(".md-top");
    if (!button) return;
    var last = scrollY;
    onScroll(function () {
      var y = scrollY;
      button.hidden = !(y < last && y > innerHeight);
      last = y;
    });
    button.addEventListener("click", function () {
      button.hidden = true;
      scrollTo({ top: 0 });
    });
  }

  /* The table of contents marks the section being read, and keeps it in view in the sidebar.
   * A section is reached once its heading is above the line under the header: each heading is
   * observed in an area that ends at that line and reaches far above the window, so a heading
   * is in it once it is passed, however far the page jumped. */
  function tableOfContents() {
    var links = Array.prototype.slice.call(document.querySelectorAll(".md-nav--secondary a.md-nav__link[href^='#']"));
    var headings = [];
    // Each link with the place of its section on the page; the page's outline appears in both sidebars.
    var marks = links.map(function (link) {
      var target = document.getElementById(decodeURIComponent(link.hash.slice(1)));
      if (target && headings.indexOf(target) < 0) headings.push(target);
      return { link: link, index: headings.indexOf(target) };
    });
    if (!headings.length) return;
    var header = document.querySelector(".md-header");
    var passed = headings.map(function () { return false; });
    var current = -1;
    var observer;

    function update() {
      var at = passed.lastIndexOf(true);
      if (at === current) return;
      current = at;
      marks.forEach(function (mark) {
        var active = at >= 0 && mark.index === at;
        mark.link.classList.toggle("md-nav__link--active", active);
        mark.link.classList.toggle("md-nav__link--passed", mark.index >= 0 && mark.index < at);
        if (active) mark.link.setAttribute("aria-current", "true");
        else mark.link.removeAttribute("aria-current");
      });
      if (at >= 0) afterLayout(function () { if (current === at) keepInView(headings[at].id); });
    }

    function observe() {
      var line = header.offsetHeight + 1;
      if (observer) observer.disconnect();
      observer = new IntersectionObserver(function (entries) {
        entries.forEach(function (entry) { passed[headings.indexOf(entry.target)] = entry.isIntersecting; });
        update();
      }, { rootMargin: "100000px 0px " + (line - innerHeight) + "px 0px" });
      headings.forEach(function (heading) { observer.observe(heading); });
    }

    function keepInView(id) {
      var link = document.querySelector(".md-sidebar--secondary a.md-nav__link[href='#" + CSS.escape(id) + "']");
      var box = link && link.closest(".md-sidebar__scrollwrap");
      if (!box) return;
      var inner = link.getBoundingClientRect();
      var outer = box.getBoundingClientRect();
      if (inner.top < outer.top || inner.bottom > outer.bottom) box.scrollTop += inner.top - outer.top - outer.height / 2;
    }

    var queued = false;  // the window's height sets where the line is, against the observed area's bottom
    addEventListener("resize", function () {
      if (queued) return;
      queued = true;
      afterLayout(function () { queued = false; observe(); });
    });
    afterLayout(observe);
  }

  /* A link into a collapsed block (pymdownx.details) or a tab not shown (pymdownx.tabbed) opens the
   * block and selects the tab, as the theme's bundle did: on load and whenever the #fragment changes. */
  function revealTarget() {
    var target, changed = false;
    try {
      target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    } catch (error) {
      return;  // a fragment that is not valid percent-encoding names no element
    }
    function set(element, property) {
      if (!element || element[property]) return;
      element[property] = true;
      changed = true;
    }
    for (var node = target; node; node = node.parentElement) {
      var tabs = node.parentElement;
      if (node.tagName === "DETAILS") set(node, "open");
      if (node.matches(".tabbed-set > input")) set(node, "checked");
      if (tabs && tabs.classList.contains("tabbed-content")) {
        var index = Array.prototype.indexOf.call(tabs.children, node);
        set(tabs.parentElement.querySelectorAll(":scope > input")[index], "checked");
      }
    }
    if (changed) target.scrollIntoView();
  }

  /* Past the page's own heading, the header shows the page's title instead of the chapter's. */
  function headerTitle() {
    var title = document.querySelector("[data-md-component=header-title]");
    var heading = document.querySelector(".md-content h1");
    if (!title || !heading) return;
    new IntersectionObserver(function (entries) {
      var entry = entries[entries.length - 1];
      title.classList.toggle("md-header__title--active", !entry.isIntersecting && entry.boundingClientRect.top < 0);
    }).observe(heading);
  }

  /* A code block or table wider than the page scrolls sideways; a keyboard reaches it. */
  function scrollingBoxes() {
    var boxes = document.querySelectorAll(".md-content pre > code, .md-typeset table:not([class])");
    var observer = new ResizeObserver(function (entries) {
      var wide = entries.map(function (entry) { return entry.target.scrollWidth > entry.target.clientWidth; });
      entries.forEach(function (entry, i) {
        if (wide[i]) entry.target.tabIndex = 0;
        else entry.target.removeAttribute("tabindex");
      });
    });
    boxes.forEach(function (box) { observer.observe(box); });
  }

  /* The theme's stylesheet shows keyboard focus on elements of class "focus-visible", which its
   * bundle set; the class follows the browser's own :focus-visible. */
  function focusRings() {
    document.addEventListener("focusin", function (event) {
      event.target.classList.toggle("focus-visible", event.target.matches(":focus-visible"));
    });
    document.addEventListener("focusout", function (event) {
      event.target.classList.remove("focus-visible");
    });
  }

  function onScroll(callback) {
    var queued = false;
    addEventListener("scroll", function () {
      if (queued) return;
      queued = true;
      requestAnimationFrame(function () { queued = false; callback(); });
    }, { passive: true });
  }

  focusRings();
  palette();
  copyButtons();
  backToTop();
  tableOfContents();
  headerTitle();
  scrollingBoxes();
  revealTarget();
  addEventListener("hashchange", revealTarget);
})();
