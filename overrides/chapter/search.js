/* The chapter's search, loaded when a reader first opens the search dialog.
 *
 * Pagefind's bundle (written beside the site by the build) picks the index of
 * the page's language from <html lang> and fetches only the index chunks the
 * query's words need. This module asks it, and writes the results into the
 * dialog the page already holds: title, label, the section that matched and a
 * highlighted excerpt. Everything the index returns is put in as text; only
 * its <mark> highlights become elements.
 */

// Results whose details are fetched at first, and then at each "show more": every
// result costs a request for its page's text (about 10 KiB for a long article).
const FIRST = 3;
const MORE = 5;
const KEYS = ["ArrowDown", "ArrowUp", "Home", "End"];

export async function mount(box) {
  const strings = JSON.parse(box.dataset.strings);
  const bundle = new URL(box.dataset.bundle, location.href);
  const input = box.querySelector(".ci-search__query");
  const status = box.querySelector(".ci-search__status");
  const list = box.querySelector(".ci-search__results");
  const more = box.querySelector(".ci-search__more");
  const filters = box.querySelector(".ci-search__filters");
  const selects = [...filters.querySelectorAll("select")];
  const plural = new Intl.PluralRules(document.documentElement.lang);

  const pagefind = await import(new URL("pagefind.js", bundle).href);
  // The index is small enough to search on the main thread, which saves the reader the worker's download.
  await pagefind.options({ baseUrl: new URL("..", bundle).pathname, excerptLength: 24, noWorker: true });
  await pagefind.init();
  fillFilters(await pagefind.filters());

  let results = [];
  let shown = 0;

  async function run() {
    const query = input.value.trim();
    const chosen = Object.fromEntries(selects.filter((select) => select.value).map((select) => [select.dataset.filter, select.value]));
    if (!query && !Object.keys(chosen).length) {
      list.replaceChildren();
      status.textContent = "";
      more.hidden = true;
      return;
    }
    list.setAttribute("aria-busy", "true");
    status.textContent = strings.searching;
    const search = await pagefind.debouncedSearch(query || null, { filters: chosen }, 150);
    if (search === null) return; // a newer query took over
    results = search.results;
    shown = 0;
    list.replaceChildren();
    status.textContent = results.length ? found(results.length) : strings.none;
    await showMore(FIRST);
  }

  async function showMore(count = MORE) {
    const batch = results.slice(shown, shown + count);
    shown += batch.length;
    const items = await Promise.all(batch.map((result) => result.data()));
    list.append(...items.map(item));
    more.hidden = shown >= results.length;
    list.setAttribute("aria-busy", "false");
  }

  function found(count) {
    const form = strings[`found.${plural.select(count)}`] || strings["found.other"] || strings["found.many"];
    return form.replace("{count}", count.toLocaleString(document.documentElement.lang));
  }

  function item(data) {
    const section = (data.sub_results || []).find((sub) => sub.title && sub.title !== data.meta.title);
    const link = element("a", "ci-search__link");
    link.href = section ? section.url : data.url;
    link.append(element("span", "ci-search__title", data.meta.title || data.url));
    if (data.meta.label) {
      const badge = element("span", `ci-badge ci-badge--${data.meta.variant || "neutral"}`);
      badge.append(element("span", "ci-visually-hidden", `${strings.label}: `), data.meta.label);
      link.append(" ", badge);
    }
    if (section) link.append(element("span", "ci-search__section", section.title));
    link.append(highlighted(section ? section.excerpt : data.excerpt));
    const entry = element("li", "ci-search__result");
    entry.append(link);
    return entry;
  }

  function fillFilters(available) {
    for (const select of selects) {
      const values = available[select.dataset.filter] || {};
      for (const [value, count] of Object.entries(values).sort(([a], [b]) => a.localeCompare(b, document.documentElement.lang))) {
        const option = element("option", "", `${value} (${count})`);
        option.value = value;
        select.append(option);
      }
    }
    filters.hidden = false;
  }

  function links() {
    return [...list.querySelectorAll("a")];
  }

  function move(event) {
    if (event.key === "Escape") {
      event.preventDefault(); // a search field would spend the first Escape on clearing itself
      box.querySelector("dialog").close();
      return;
    }
    if (!KEYS.includes(event.key)) return;
    const all = links();
    if (!all.length) return;
    const at = all.indexOf(document.activeElement);
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 }[event.key];
    if (event.target === input && event.key !== "ArrowDown") return; // the field keeps Home/End for its text
    event.preventDefault();
    if (next < 0) input.focus();
    else if (next >= all.length && shown < results.length) loadMore(); // past the last result: the next ones
    else all[Math.min(next, all.length - 1)].focus();
  }

  function loadMore() {
    const first = shown;
    list.setAttribute("aria-busy", "true");
    showMore().then(() => links()[first]?.focus());
  }

  input.addEventListener("input", run);
  selects.forEach((select) => select.addEventListener("change", run));
  more.addEventListener("click", loadMore);
  box.querySelector("dialog").addEventListener("keydown", move);
  run();
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/* An excerpt as text with its <mark> highlights; anything else the index holds stays text. */
function highlighted(excerpt) {
  const template = document.createElement("template");
  template.innerHTML = excerpt || "";
  const paragraph = element("span", "ci-search__excerpt");
  for (const node of template.content.childNodes) {
    if (node.nodeName === "MARK") paragraph.append(element("mark", "", node.textContent));
    else paragraph.append(node.textContent);
  }
  return paragraph;
}
