/* Corrections to the theme's behaviour, loaded just before the theme's bundle.
 *
 * The theme wraps wide tables in a scrolling box a keyboard cannot reach, and
 * puts each code block's copy button in an unnamed <nav>, so a page with several
 * code blocks has several navigation landmarks no one can tell apart. Such boxes
 * get a tab stop, and the button's wrapper is no landmark.
 */
(function () {
  function fix() {
    document.querySelectorAll(".md-typeset__scrollwrap:not([tabindex])").forEach(function (box) { box.tabIndex = 0; });
    document.querySelectorAll("nav.md-code__nav:not([role])").forEach(function (nav) { nav.setAttribute("role", "none"); });
  }
  new MutationObserver(fix).observe(document.documentElement, { childList: true, subtree: true });
})();
