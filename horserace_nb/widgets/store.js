// The results kept in the learner's browser (see store.py), in localStorage under the keys of
// this site: "horserace_nb." + the site's root path + "|" + an entry ("r.<hash>" a result,
// "learner" the name, "backup.<hash>" a value set aside). Python decides every entry; this
// module only
//  - writes the entries Python gives it (pending), each where its key is still free (a key never
//    gets a second text, so two tabs never overwrite each other: nothing to merge here),
//  - removes an entry Python names, only while it still holds the text Python saw,
//  - keeps the learner's name, and clears this site's keys when the learner asks,
//  - reports every key of this site, and the old keys of no site (which Python copies in),
//  - saves the file Python wrote when the learner asks.
// Nothing is sent anywhere.

export const PREFIX = "horserace_nb.";
const APPS = /\/(?:lab|notebooks|voila|repl|tree|edit|consoles|doc)(?:\/|$)/;

// The path of the site this page belongs to ("/" or "/3a/"): the JupyterLite site's root, else
// the server's base URL, else the address up to the application's part (/lab/, /voila/…).
export function siteRoot(doc, loc) {
  const config = doc.getElementById("jupyter-config-data");
  let base = null;
  if (config) {
    base = config.getAttribute("data-jupyter-lite-root");
    if (base) base = base.replace(/\/?$/, "/");
    else {
      try {
        const data = JSON.parse(config.textContent || "{}");
        if (data && typeof data.baseUrl === "string" && data.baseUrl) base = data.baseUrl;
      } catch (e) { /* not JSON: the address below */ }
    }
  }
  let path = null;
  if (base) {
    try { path = new URL(base, loc.href).pathname; } catch (e) { path = null; }
  }
  if (!path) {
    const found = APPS.exec(loc.pathname);
    path = found ? loc.pathname.slice(0, found.index + 1) : loc.pathname.replace(/[^/]*$/, "");
  }
  return path.endsWith("/") ? path : `${path}/`;
}

// The keys of the site at *root* start with this ("|" ends the root: no site's keys start with
// another's).
export function sitePrefix(root) {
  return `${PREFIX}${root.replace(/%/g, "%25").replace(/\|/g, "%7C")}|`;
}

function isLegacy(key) {
  return key.startsWith(PREFIX) && !key.startsWith(`${PREFIX}/`);
}

// What the store holds: this site's entries, and the old keys of no site.
export function snapshot(s, prefix) {
  const stored = {};
  const legacy = {};
  const keys = [];
  for (let i = 0; i < s.length; i++) keys.push(s.key(i));
  for (const key of keys) {
    if (key === null) continue;
    if (key.startsWith(prefix)) stored[key.slice(prefix.length)] = s.getItem(key);
    else if (isLegacy(key)) legacy[key] = s.getItem(key);
  }
  return { stored, legacy };
}

// Write each [entry, text] whose key is free; "full" when the storage refused one.
export function writeEntries(s, prefix, entries) {
  let problem = null;
  for (const entry of entries || []) {
    if (!Array.isArray(entry) || typeof entry[0] !== "string" || typeof entry[1] !== "string") {
      continue;
    }
    const key = prefix + entry[0];
    if (s.getItem(key) !== null) continue;
    try {
      s.setItem(key, entry[1]);
    } catch (e) {
      problem = "full";
    }
  }
  return problem;
}

// Remove each [entry, text] of this site (and each [key, text] of the old keys) that still holds
// that text.
export function removeEntries(s, prefix, entries, legacy) {
  const named = [...(entries || []).map((e) => [prefix + e[0], e[1]]),
                 ...(legacy || []).filter((e) => typeof e[0] === "string" && isLegacy(e[0]))];
  for (const [key, text] of named) {
    if (typeof text === "string" && s.getItem(key) === text) s.removeItem(key);
  }
}

// Remove this site's keys and the old keys of no site (they would be copied into this site).
export function clearSite(s, prefix) {
  const keys = [];
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (key !== null && (key.startsWith(prefix) || isLegacy(key))) keys.push(key);
  }
  for (const key of keys) s.removeItem(key);
}

function storage() {
  try {
    const s = window.localStorage;
    s.getItem(PREFIX);
    return s;
  } catch (e) {
    return null;
  }
}

function download(model, el) {
  const blob = new Blob([model.get("file_text")], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = model.get("file_name") || "horserace-results.json";
  el.append(a);  // in the page for the click (Firefox), inside this view's own element
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function render({ model, el }) {
  el.classList.add("hr-store");
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  const notice = document.createElement("div");
  notice.className = "hr-store-notice";
  notice.setAttribute("role", "status");
  notice.setAttribute("aria-live", "polite");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "hr-store-download jupyter-button";
  button.style.minHeight = "44px";
  button.style.minWidth = "44px";
  button.addEventListener("click", () => download(model, el));
  el.append(notice, button);

  const root = siteRoot(document, window.location);
  const prefix = sitePrefix(root);
  let timer = null;
  let problems = new Set();

  function report() {
    timer = null;
    const said = [...problems];
    problems = new Set();
    const s = storage();
    const site = (window.location.origin + root).slice(0, 80);
    if (s === null) {
      model.send({ kind: "read", site, prefix, stored: {}, legacy: {},
                   problems: ["unavailable"] });
      return;
    }
    model.send({ kind: "read", site, prefix, ...snapshot(s, prefix), problems: said });
  }

  // Reports are sent at most every 50 ms (another tab writing many results is one report).
  function later(problem) {
    if (problem) problems.add(problem);
    if (timer === null) timer = setTimeout(report, 50);
  }

  function sync() {
    const s = storage();
    later(s === null ? null : writeEntries(s, prefix, model.get("pending")));
  }

  function show() {
    const lang = model.get("lang");
    notice.textContent = model.get("notice") || "";
    notice.style.display = notice.textContent ? "" : "none";
    notice.style.color = "var(--jp-warn-color0, #8a4b00)";
    for (const node of [notice, button]) node.setAttribute("lang", lang);
    const label = model.get("download_label") || "";
    // an icon as its neighbours have (ipywidgets' buttons: Font Awesome 4, the same markup)
    const icon = document.createElement("i");
    icon.className = "fa fa-download";
    icon.setAttribute("aria-hidden", "true");
    button.replaceChildren(icon, document.createTextNode(label));
    button.style.display = label && model.get("file_text") ? "" : "none";
  }

  function onMessage(msg) {
    const s = storage();
    if (!msg || s === null) {
      later(null);
      return;
    }
    if (msg.kind === "clear") {
      clearSite(s, prefix);
    } else if (msg.kind === "remove") {
      removeEntries(s, prefix, msg.entries, msg.legacy);
    } else if (msg.kind === "learner") {
      try {
        s.setItem(`${prefix}learner`, String(msg.name || "").slice(0, 80));
      } catch (e) {
        later("name");
        return;
      }
    }
    sync();
  }

  function onStorage(event) {
    if (event.key === null || event.key.startsWith(PREFIX)) sync();
  }

  const shown = ["notice", "lang", "download_label", "file_text"];
  model.on("change:pending", sync);
  for (const name of shown) model.on(`change:${name}`, show);
  model.on("msg:custom", onMessage);
  window.addEventListener("storage", onStorage);
  show();
  sync();
  return () => {
    window.removeEventListener("storage", onStorage);
    if (timer !== null) clearTimeout(timer);
    model.off("change:pending", sync);
    for (const name of shown) model.off(`change:${name}`, show);
    model.off("msg:custom", onMessage);
  };
}

export default { render };
