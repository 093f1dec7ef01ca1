/* Corrections to Material's script (checked with 9.8.2), loaded just before its bundle; listed in
 * hooks/chapter/theme_fixes.py as table-tab-stop and code-copy-landmark.
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
