// The conformance page's logic, in plain JavaScript (no build step).
//
// The client is Algolia's JavaScript API client v5 (the "lite" search client that DocSearch bundles; npm is
// out of reach here, so it comes from PyPI's sphinx-docsearch wheel). DocSearch hands its client to
// `transformSearchClient`; we keep it and point its hosts at `instantsearch serve`, changing nothing else.
//
// The page sends what algoliasearch-helper sends for the same widgets (refinements as `facetFilters`; one
// extra query per refined disjunctive facet and per level of a refined hierarchical menu) and merges the
// answers the helper's way, so that the result can be compared with the library's HitsSearcher playing the
// same session against the same server (scripts/conformance/browser_client.py).
"use strict";

const settings = new URLSearchParams(location.search);
const port = Number(settings.get("port"));
const appId = settings.get("appId");
const apiKey = settings.get("apiKey");
const indexName = settings.get("index");

const state = { query: "", refinements: {}, path: [] };
let layout = null; // the session script's widgets
let client = null;
let sequence = 0;
let pending = 0;
let latest = null;
let failures = [];

// DocSearch creates its client when its modal opens; we open it once, keep the client, and close it.
function captureClient() {
  return new Promise((resolve, reject) => {
    docsearch({
      container: "#ds", appId, apiKey, indexName,
      transformSearchClient(searchClient) {
        const hosts = searchClient.transporter.hosts;
        hosts.splice(0, hosts.length, { url: "127.0.0.1", port, accept: "readWrite", protocol: "http" });
        resolve(searchClient);
        return searchClient;
      },
    });
    document.querySelector(".DocSearch-Button").click();
    setTimeout(() => reject(new Error("DocSearch did not create its search client")), 5000);
  }).then((searchClient) => {
    // The modal closes on a press on its backdrop, as when a user clicks beside it.
    const backdrop = document.querySelector(".DocSearch-Container");
    if (backdrop) backdrop.dispatchEvent(new MouseEvent("mousedown", { bubbles: true }));
    return searchClient;
  });
}

// `facetFilters` for every refinement but those of `skipAttribute` and, when `skipMenu`, the menu's.
function facetFilters(skipAttribute, skipMenu) {
  const filters = [];
  for (const list of layout.refinementLists) {
    const values = state.refinements[list.attribute] || [];
    if (list.attribute === skipAttribute || values.length === 0) continue;
    const terms = values.map((value) => `${list.attribute}:${value}`);
    if (list.operator === "or") filters.push(terms);
    else for (const term of terms) filters.push([term]);
  }
  if (layout.hierarchical && !skipMenu && state.path.length > 0) {
    const level = state.path.length - 1;
    filters.push([`${layout.hierarchical.attributes[level]}:${state.path[level]}`]);
  }
  return filters;
}

function auxiliary(facet, filters) {
  return {
    indexName, query: state.query, facets: [facet], facetFilters: filters, hitsPerPage: 0, page: 0,
    attributesToRetrieve: [], attributesToHighlight: [], attributesToSnippet: [], analytics: false,
    clickAnalytics: false,
  };
}

function menuLevels() {
  if (!layout.hierarchical) return [];
  return layout.hierarchical.attributes.slice(0, Math.min(layout.hierarchical.attributes.length, state.path.length + 1));
}

function requests() {
  const attributes = layout.refinementLists.map((list) => list.attribute).concat(menuLevels());
  const all = [{ indexName, query: state.query, hitsPerPage: layout.hitsPerPage, page: 0, facets: attributes,
    facetFilters: facetFilters(null, false) }];
  const roles = [];
  for (const list of layout.refinementLists) {
    if (list.operator !== "or" || !(state.refinements[list.attribute] || []).length) continue;
    all.push(auxiliary(list.attribute, facetFilters(list.attribute, false)));
    roles.push({ attribute: list.attribute, disjunctive: true });
  }
  if (state.path.length > 0) {
    menuLevels().forEach((attribute, level) => {
      const filters = facetFilters(null, true);
      if (level > 0) filters.push([`${layout.hierarchical.attributes[level - 1]}:${state.path[level - 1]}`]);
      all.push(auxiliary(attribute, filters));
      roles.push({ attribute, disjunctive: false });
    });
  }
  return { all, roles };
}

function merge(results, roles) {
  const main = results[0];
  const facets = {};
  for (const attribute of Object.keys(main.facets || {})) facets[attribute] = Object.assign({}, main.facets[attribute]);
  roles.forEach((role, position) => {
    const counts = (results[position + 1].facets || {})[role.attribute] || {};
    if (role.disjunctive) {
      // The helper's rule: the auxiliary counts, defaulted by the main ones; a refined value missing from
      // both shows 0.
      const merged = Object.assign({}, facets[role.attribute] || {}, counts);
      for (const value of state.refinements[role.attribute] || []) if (!(value in merged)) merged[value] = 0;
      facets[role.attribute] = merged;
    } else {
      facets[role.attribute] = Object.assign({}, counts);
    }
  });
  const shown = {};
  for (const list of layout.refinementLists) shown[list.attribute] = facets[list.attribute] || {};
  for (const attribute of menuLevels()) shown[attribute] = facets[attribute] || {};
  return { query: state.query, nbHits: main.nbHits, hits: main.hits.map((hit) => hit.objectID), facets: shown,
    names: main.hits.map((hit) => hit.name) };
}

async function search() {
  const mine = ++sequence;
  pending += 1;
  const { all, roles } = requests();
  try {
    const response = await client.search({ requests: all });
    if (mine === sequence) {
      latest = merge(response.results, roles);
      render();
    }
  } catch (error) {
    failures.push(String(error && error.message || error));
  } finally {
    pending -= 1;
  }
}

function sortedValues(counts, refined) {
  return Object.keys(counts).sort((a, b) => {
    const selected = Number(refined.includes(b)) - Number(refined.includes(a));
    return selected || counts[b] - counts[a] || a.localeCompare(b);
  });
}

function render() {
  document.getElementById("stats").textContent = `${latest.nbHits} results`;
  const hits = document.getElementById("hits");
  hits.replaceChildren(...latest.hits.map((objectID, position) => {
    const item = document.createElement("li");
    item.dataset.objectId = objectID;
    item.textContent = latest.names[position] || objectID;
    return item;
  }));
  const aside = document.getElementById("facets");
  aside.replaceChildren();
  for (const list of layout.refinementLists) {
    const refined = state.refinements[list.attribute] || [];
    const title = document.createElement("h3");
    title.textContent = `${list.attribute} (${list.operator})`;
    const items = document.createElement("ul");
    items.dataset.attribute = list.attribute;
    for (const value of sortedValues(latest.facets[list.attribute], refined)) {
      const item = document.createElement("li");
      const label = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.checked = refined.includes(value);
      box.dataset.value = value;
      box.addEventListener("change", () => toggle(list.attribute, value));
      const count = document.createElement("span");
      count.className = "count";
      count.textContent = latest.facets[list.attribute][value];
      label.append(box, ` ${value}`, count);
      item.append(label);
      items.append(item);
    }
    aside.append(title, items);
  }
  if (layout.hierarchical) {
    const title = document.createElement("h3");
    title.textContent = "categories";
    aside.append(title, menu(0, null));
  }
}

function menu(level, parent) {
  const attributes = layout.hierarchical.attributes;
  const separator = layout.hierarchical.separator;
  const list = document.createElement("ul");
  if (level >= attributes.length || !latest.facets[attributes[level]]) return list;
  const counts = latest.facets[attributes[level]];
  const values = Object.keys(counts)
    .filter((value) => parent === null || value.startsWith(parent + separator))
    .sort((a, b) => a.localeCompare(b));
  for (const value of values) {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.dataset.hierValue = value;
    link.textContent = value.split(separator).pop();
    link.addEventListener("click", () => select(value));
    const count = document.createElement("span");
    count.className = "count";
    count.textContent = counts[value];
    item.append(link, count);
    if (state.path[level] === value) {
      item.className = "selected";
      item.append(menu(level + 1, value));
    }
    list.append(item);
  }
  return list;
}

function toggle(attribute, value) {
  const values = state.refinements[attribute] || [];
  state.refinements[attribute] = values.includes(value) ? values.filter((each) => each !== value) : values.concat([value]);
  search();
}

// InstantSearch's hierarchical menu: a click selects the value (its ancestors stay, deeper levels go); a
// click on the deepest selected value goes back to its parent.
function select(value) {
  const separator = layout.hierarchical.separator;
  const parts = value.split(separator);
  const path = parts.map((_, end) => parts.slice(0, end + 1).join(separator));
  const current = state.path.join("\u0000");
  state.path = current === path.join("\u0000") ? path.slice(0, -1) : path;
  search();
}

window.conformance = {
  idle: () => client !== null && pending === 0 && latest !== null && latest.query === state.query,
  snapshot: () => latest && { query: latest.query, nbHits: latest.nbHits, hits: latest.hits, facets: latest.facets },
  failures: () => failures,
  client: () => client,
};

(async () => {
  try {
    layout = await (await fetch(settings.get("script"))).json();
    client = await captureClient();
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (document.querySelector(".DocSearch-Container")) throw new Error("the DocSearch modal did not close");
    document.getElementById("q").addEventListener("input", (event) => {
      state.query = event.target.value;
      search();
    });
    await search();
  } catch (error) {
    failures.push(`start: ${error && error.message || error}`);
  }
})();
