/* Corrections to the theme's behaviour, loaded just before the theme's bundle.
 *
 * The theme fetches the search index as every page loads; with the articles the
 * index outweighs the page itself. The request is held back until the reader
 * first opens search: focuses the search field or opens the search dialog.
 *
 * The theme wraps wide tables in a scrolling box a keyboard cannot reach, and
 * puts each code block's copy button in an unnamed <nav>, so a page with several
 * code blocks has several navigation landmarks no one can tell apart. Such boxes
 * get a tab stop, and the button's wrapper is no landmark.
 */
(function () {
  var openSearch;
  var searchOpened = new Promise(function (resolve) { openSearch = resolve; });
  var indexRequests = new WeakSet();
  var open = XMLHttpRequest.prototype.open;
  var send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url) {
    if (/\/search\/search_index\.json$/.test(String(url))) indexRequests.add(this);
    return open.apply(this, arguments);
  };
  XMLHttpRequest.prototype.send = function () {
    var request = this, args = arguments;
    if (!indexRequests.has(request)) return send.apply(request, args);
    searchOpened.then(function () { send.apply(request, args); });
  };
  document.addEventListener("focusin", function (event) {
    if (event.target.closest && event.target.closest("form[name=search]")) openSearch();
  });
  document.addEventListener("change", function (event) {
    if (event.target.id === "__search") openSearch();
  });

  function fix() {
    document.querySelectorAll(".md-typeset__scrollwrap:not([tabindex])").forEach(function (box) { box.tabIndex = 0; });
    document.querySelectorAll("nav.md-code__nav:not([role])").forEach(function (nav) { nav.setAttribute("role", "none"); });
  }
  new MutationObserver(fix).observe(document.documentElement, { childList: true, subtree: true });
})();
