// The board widget's front end: the SVG picture as the control (see board.py).
// Python decides every rule; this module only lights what Python said is legal, previews it,
// sends the learner's choice back, says what Python announces, and marks what just changed.
// No CDN, no build step.
//
// The protocol, typed in horserace_nb/sessions/protocol.py (keep the two in step):
//
// Python -> here, synced traits of the Board model:
//   svg       string  the picture (hand tiles: g.hr-svg-hand-tile[data-tile];
//                     points: circle.hr-svg-spot[data-tile][data-side], rect.hr-svg-spot.hr-svg-open)
//   moves     Moves = { [tile: string]: TileMoves }, every hand tile that may be played now
//             TileMoves = { announce: string, points: Point[] }   (built by board_moves())
//             Point = { on: string | null, side: SideName | null, label: string,
//                       preview: string }   ("" when previews are off; always present)
//             (on/side null: the open place of an empty layout; the site's Pyodide kernel
//             sends Python's None as a missing key, read here as == null too)
//             SideName = "low" | "high" | "straight_a" | "straight_b" | "branch_a" | "branch_b"
//   selected  string  a tile chosen by Python (a drawn tile that must be placed), or ""
//   readonly  boolean nothing is clickable
//   label     string  the board's accessible name
//   revision  number  counts the pictures shown
//   lang      string  the language of the labels (the texts above are already in it)
//   hand      string  the viewer's hand as a strip of finger-sized tiles (render.svg.hand_strip)
//   announcement {n: number, text: string}  said once by the live region when n changes
//   palette   {[css property]: colour}  the theme's role colours (--hr-ok …)
//   lang_names {[name]: code}  each language's own name, to mark the switch's labels
//   spots     Spot[] = [{on, side, label}]  a board that asks for points: each spot
//             (circle.hr-svg-spot[data-tile][data-side]) becomes a toggle button
//   picked    PointRef[] = [{on, side}]  the spots chosen now (Python keeps them)
//   marks     {kind: "ok"|"error"|"hint"|"", points: PointRef[], tiles: string[]}  what a
//             feedback sentence or a hint talks about: marked on the picture
//
// here -> Python, model.send (every message carries the revision of the picture it was sent
// from; Python refuses an older one, except the placement it just applied sent again):
//   SelectMessage = { kind: "select", tile: string, rev: number }
//   PlaceMessage  = { kind: "place", tile: string, on: string | null,
//                     side: SideName | null, rev: number }
//                   (the open place of an empty layout: on and side left out, which Python
//                   reads as None; a null would reach the site's Pyodide kernel as JsNull)
//   PointMessage  = { kind: "point", on: string, side: SideName, rev: number }  (a spot toggled)
//
// Rule links: a widget's texts hold <a class="hr-rule" href="../rules.md#r11" data-rule="r11"
// data-notebook="../rules.ipynb">, relative to the notebook's folder: the rules page and the
// same page as a notebook. A click opens the page where it is: in JupyterLab and the
// JupyterLite site's lab, JupyterLab's own link command opens the rendered page at the rule,
// as a link in a lesson's text does (the notebook's path from the app where the page exposes
// it, window.jupyterapp, as the site does: its address drops ?path=); in Notebook 7 (/notebooks/…), Voilà showing a folder
// (/voila/render/…) and the site's notebook app, a new tab shows the page's notebook, which
// this module then scrolls to the rule. Elsewhere the link's own address opens.
//
// Keys: every control this module makes focusable carries data-lm-suppress-shortcuts, so that
// JupyterLab's and Notebook 7's command-mode shortcuts (a, b, x, m, d d …) skip its key events
// (Lumino checks the focused element itself); Escape leaves the board for the notebook.

const SUPPRESS = "data-lm-suppress-shortcuts";
const SCOPE = ".hr-play, .hr-exercise, .hr-puzzle, .hr-replay, .hr-review";

// A point with no tile ("on") and no side is the open place of an empty layout (== null: see
// the protocol above).
function pointSelector(p) {
  if (p.on == null || p.side == null) return "rect.hr-svg-spot.hr-svg-open";
  return `circle.hr-svg-spot[data-tile="${p.on}"][data-side="${p.side}"]`;
}

const spotSelector = (p) => `circle.hr-svg-spot[data-tile="${p.on}"][data-side="${p.side}"]`;

// where the notebook is shown, read from the page's address: { app, path, base } with app
// "lab" (JupyterLab, the site's lab), "notebook" (Notebook 7, the site's notebook app),
// "voila" (Voilà showing a folder: /voila/render/…), path the notebook's path on its server
// (or in the site), or null where the address does not say (Voilà showing one notebook)
function whereAmI(node) {
  const params = new URLSearchParams(window.location.search);
  const hasLab = !!document.querySelector(".jp-LabShell");
  const app = window.jupyterapp;  // the JupyterLite site's app (its address loses ?path=)
  if (hasLab && app && app.shell && typeof app.shell.widgets === "function") {
    for (const widget of app.shell.widgets("main")) {
      if (widget.node && widget.node.contains(node) && widget.context && widget.context.path) {
        return { app: "lab", path: widget.context.path, base: null };
      }
    }
  }
  if (params.get("path")) {  // the JupyterLite site
    return { app: hasLab ? "lab" : "notebook", path: params.get("path"), base: null };
  }
  const config = document.getElementById("jupyter-config-data");
  let base = "/";
  try { base = JSON.parse(config ? config.textContent : "{}").baseUrl || "/"; } catch (e) { /* none */ }
  if (!base.endsWith("/")) base += "/";
  let path = decodeURIComponent(window.location.pathname);
  if (path.startsWith(base)) path = path.slice(base.length);
  let m = path.match(/^(?:lab|doc)(?:\/workspaces\/[^/]+)?\/tree\/(.*)$/);
  if (m && hasLab) return { app: "lab", path: m[1], base };
  m = path.match(/^notebooks\/(.*)$/);
  if (m) return { app: "notebook", path: m[1], base };
  m = path.match(/^voila\/render\/(.*)$/);
  if (m) return { app: "voila", path: m[1], base };
  return null;
}

function joinPath(folder, relative) {
  const parts = folder ? folder.split("/") : [];
  for (const part of relative.split("/")) {
    if (part === "..") parts.pop(); else if (part && part !== ".") parts.push(part);
  }
  return parts.join("/");
}

const encodePath = (path) => path.split("/").map(encodeURIComponent).join("/");

// the rule's heading in a page (a rules page's anchor <a id="r14"> sits in its heading;
// JupyterLab's sanitizer keeps it as data-jupyter-id)
function ruleHeading(doc, rule) {
  const anchor = doc.querySelector(`[data-jupyter-id="${rule}"], [id="${rule}"]`);
  return anchor ? (anchor.closest("h1, h2, h3, h4, h5, h6") || anchor) : null;
}

// open *url* in a new tab and, as the page is the same site's, scroll it to the rule once
// its front end has drawn it (Notebook 7 and Voilà do not follow an address's #fragment into
// a rendered notebook); scrolled again for a moment while the page settles
function openAtRule(url, rule) {
  const win = window.open(url, "_blank");
  if (!win) return false;
  const started = Date.now();
  let found = 0;
  const tick = () => {
    let heading = null;
    try { heading = win.closed ? null : ruleHeading(win.document, rule); } catch (e) { return; }
    if (heading) {
      heading.scrollIntoView({ block: "start" });
      if (!found) found = Date.now();
    }
    if (win.closed || (found && Date.now() - found > 2000) || Date.now() - started > 90000) return;
    setTimeout(tick, found ? 250 : 200);
  };
  tick();
  return true;
}

function routeRuleLink(anchor, event) {
  // in a JupyterLab app (JupyterLab, the site's lab) its link command opens the rendered page
  // at the rule; it acts on the click as it reaches the page's body
  const where = whereAmI(anchor);
  if (where === null) return;  // the link's own address: the page beside the notebook
  const [relative, rule] = anchor.getAttribute("href").split("#");
  const folder = where.path.includes("/") ? where.path.slice(0, where.path.lastIndexOf("/")) : "";
  if (where.app === "lab") {
    anchor.setAttribute("data-commandlinker-command", "rendermime:handle-local-link");
    anchor.setAttribute("data-commandlinker-args",
      JSON.stringify({ path: joinPath(folder, relative), id: `#${rule}` }));
    return;
  }
  // Notebook 7, Voilà, the site's notebook app: the rules page as a notebook, at the rule
  const page = joinPath(folder, anchor.getAttribute("data-notebook") || relative);
  let url;
  if (where.base === null) {
    const here = new URL(window.location.href);
    here.searchParams.set("path", page);
    here.hash = "";
    url = here.href;
  } else {
    url = `${where.base}${where.app === "voila" ? "voila/render" : "notebooks"}/${encodePath(page)}`;
  }
  if (openAtRule(`${url}#${rule}`, rule)) event.preventDefault();
}

function control(node, label) {
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", label);
  node.setAttribute(SUPPRESS, "true");
}

function render({ model, el }) {
  el.classList.add("hr-board-w");
  el.setAttribute("tabindex", "-1");
  const frame = document.createElement("div");  // the picture: may scale down or scroll
  frame.className = "hr-board-svg";
  const strip = document.createElement("div");  // the hand: finger-sized, never scaled
  strip.className = "hr-board-hand";
  const preview = document.createElement("div");
  preview.className = "hr-board-preview";
  const live = document.createElement("div");  // the widget's one polite live region
  live.className = "hr-board-live";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  el.append(frame, strip, preview, live);
  let selected = null;
  let lastChange = null;  // what the picture showed as just placed, to mark only a new one

  const moves = () => model.get("moves") || {};
  const say = (text) => { preview.textContent = text || ""; };
  const tileNode = (tile) => el.querySelector(`g.hr-svg-hand-tile[data-tile="${tile}"]`);

  function clearLit() {
    for (const spot of frame.querySelectorAll(".hr-lit")) {
      spot.classList.remove("hr-lit");
      for (const a of ["role", "tabindex", "aria-label", "aria-description", SUPPRESS]) {
        spot.removeAttribute(a);
      }
      delete spot.dataset.preview;
    }
    for (const g of el.querySelectorAll("g.hr-svg-hand-tile[aria-pressed]")) {
      g.setAttribute("aria-pressed", "false");
      g.classList.remove("hr-chosen");
    }
  }

  function select(tile, notify) {
    clearLit();
    const entry = tile === null ? undefined : moves()[tile];
    if (entry === undefined || model.get("readonly")) {
      selected = null;
      return;
    }
    selected = tile;
    const g = tileNode(tile);
    if (g) { g.setAttribute("aria-pressed", "true"); g.classList.add("hr-chosen"); }
    const previews = [];
    for (const p of entry.points) {
      const spot = frame.querySelector(pointSelector(p));
      if (!spot) continue;
      spot.classList.add("hr-lit");
      control(spot, p.label);
      if (p.preview) spot.setAttribute("aria-description", p.preview);
      spot.dataset.preview = p.preview;
      spot.dataset.on = p.on == null ? "" : p.on;
      spot.dataset.placeSide = p.side == null ? "" : p.side;
      if (p.preview) previews.push(entry.points.length > 1 ? p.said : p.preview);
    }
    // no hover needed: the choice itself shows what each point would make
    say([entry.announce, ...previews].filter(Boolean).join("\n"));
    if (notify) model.send({ kind: "select", tile, rev: model.get("revision") });
  }

  function place(spot) {
    if (selected === null) return;
    el.classList.add("hr-busy");
    model.send({
      kind: "place", tile: selected, rev: model.get("revision"),
      ...(spot.dataset.on ? { on: spot.dataset.on, side: spot.dataset.placeSide } : {}),
    });
  }

  function decorate() {
    const svg = frame.querySelector("svg");
    if (svg) {
      // the picture holds controls now: a group named by its title (the desc stays)
      svg.setAttribute("role", "group");
      svg.setAttribute("aria-roledescription", model.get("label"));
      // never scaled below the size where a lit point is a finger wide (board.css)
      const box = svg.viewBox && svg.viewBox.baseVal;
      if (box && box.width) frame.style.setProperty("--hr-natural", `${box.width}px`);
    }
    const readonly = model.get("readonly");
    const playable = moves();
    for (const g of el.querySelectorAll("g.hr-svg-hand-tile")) {
      const tile = g.dataset.tile;
      if (!readonly && tile in playable) {
        control(g, tile);
        g.setAttribute("aria-pressed", "false");
        g.classList.add("hr-playable");
      } else if (!readonly) {
        g.classList.add("hr-idle");  // a click still asks Python why it cannot be played
      }
    }
  }

  function decorateSpots() {
    const readonly = model.get("readonly");
    for (const p of model.get("spots") || []) {
      const spot = frame.querySelector(spotSelector(p));
      if (!spot || readonly) continue;
      spot.classList.add("hr-pickable");
      control(spot, p.label);
      spot.setAttribute("aria-pressed", "false");
    }
    showPicked();
  }

  function showPicked() {
    const picked = new Set((model.get("picked") || []).map((p) => `${p.on} ${p.side}`));
    for (const spot of frame.querySelectorAll(".hr-svg-spot.hr-pickable")) {
      const on = picked.has(`${spot.dataset.tile} ${spot.dataset.side}`);
      spot.setAttribute("aria-pressed", on ? "true" : "false");
      spot.classList.toggle("hr-picked", on);
    }
  }

  function showMarks() {
    for (const node of frame.querySelectorAll(".hr-mark")) {
      node.classList.remove("hr-mark");
      node.removeAttribute("data-mark");
    }
    const marks = model.get("marks") || {};
    if (!marks.kind) return;
    const nodes = [];
    for (const p of marks.points || []) {
      // the point's spot, or its number or dot in a picture with numbers
      const node = frame.querySelector(spotSelector(p)) || frame.querySelector(
        `[data-tile="${p.on}"][data-side="${p.side}"]`);
      if (node) nodes.push(node);
    }
    for (const tile of marks.tiles || []) {
      const node = frame.querySelector(`g.hr-svg-tile[data-tile="${tile}"]`);
      if (node) nodes.push(node);
    }
    for (const node of nodes) {
      node.classList.add("hr-mark");
      node.setAttribute("data-mark", marks.kind);
    }
  }

  function markChange() {
    // the tile just placed (by anyone) is the picture's highlight: mark it once, when new
    const glow = frame.querySelector("rect.hr-svg-highlight");
    const count = frame.querySelectorAll("g.hr-svg-tile").length;
    const now = glow ? `${glow.getAttribute("data-tile")}/${count}` : null;
    if (now !== null && lastChange !== null && now !== lastChange) {
      const svg = frame.querySelector("svg");
      const tile = frame.querySelector(`g.hr-svg-tile[data-tile="${glow.getAttribute("data-tile")}"]`);
      if (svg) svg.classList.add("hr-changed");
      if (tile) tile.classList.add("hr-new");
      // once only: the mark's animation is over in 300 ms, the glow of the highlight stays
      setTimeout(() => {
        if (svg) svg.classList.remove("hr-changed");
        if (tile) tile.classList.remove("hr-new");
      }, 400);
    }
    lastChange = now === null ? (count ? lastChange : "") : now;
  }

  function scope() {
    // the widget this board belongs to: its texts' language, its other key-taking controls
    const root = el.closest(SCOPE) || el;
    const lang = model.get("lang");
    if (root.getAttribute("lang") !== lang) root.setAttribute("lang", lang);
    for (const [name, value] of Object.entries(model.get("palette") || {})) {
      if (root.style.getPropertyValue(name) !== value) root.style.setProperty(name, value);
    }
    const names = model.get("lang_names") || {};
    for (const b of root.querySelectorAll(".hr-lang button, .hr-lang .widget-toggle-button")) {
      const code = names[b.textContent.trim()];
      if (code && b.getAttribute("lang") !== code) b.setAttribute("lang", code);
    }
    for (const input of root.querySelectorAll("input, textarea, select")) {
      if (!input.hasAttribute(SUPPRESS)) input.setAttribute(SUPPRESS, "true");
    }
  }
  let scoped = false;
  const rescope = () => {
    if (scoped) return;
    scoped = true;
    queueMicrotask(() => { scoped = false; scope(); });
  };
  let watcher = null;
  const watch = () => {
    const root = el.closest(SCOPE);
    if (!root || watcher) return;
    if (!root.dataset.hrRules) {  // one handler a widget, whichever of its boards comes first
      root.dataset.hrRules = "1";
      root.addEventListener("click", (event) => {
        const anchor = event.target.closest && event.target.closest("a.hr-rule[href]");
        if (anchor) routeRuleLink(anchor, event);
      });
    }
    watcher = new MutationObserver(rescope);
    watcher.observe(root, { subtree: true, childList: true, characterData: true });
    scope();
  };

  function draw() {
    const hadFocus = el.contains(document.activeElement) && document.activeElement !== el;
    frame.innerHTML = model.get("svg");
    strip.innerHTML = model.get("hand");
    el.classList.remove("hr-busy");
    el.setAttribute("aria-label", model.get("label"));
    el.setAttribute("lang", model.get("lang"));
    decorate();
    decorateSpots();
    showMarks();
    markChange();
    const wanted = model.get("selected") || (selected in moves() ? selected : null);
    selected = null;
    say("");
    if (wanted !== null) select(wanted, false);
    if (hadFocus) {  // a keyboard user keeps their place: the first control, or the board
      const first = el.querySelector(".hr-lit[tabindex], g.hr-playable") || el;
      first.focus();
    }
    rescope();
  }

  function target(event) {
    return event.target.closest &&
      event.target.closest("g.hr-svg-hand-tile, .hr-svg-spot.hr-lit, .hr-svg-spot.hr-pickable");
  }

  function activate(item, byKey) {
    if (model.get("readonly")) return;
    if (item.classList.contains("hr-pickable")) {  // Python toggles it (the picked trait)
      model.send({ kind: "point", on: item.dataset.tile, side: item.dataset.side,
                   rev: model.get("revision") });
    } else if (item.classList.contains("hr-svg-spot")) {
      place(item);
    } else if (item.classList.contains("hr-playable")) {
      select(item.dataset.tile === selected ? null : item.dataset.tile, true);
      if (selected === null) say("");
      const first = byKey && selected !== null && frame.querySelector(".hr-lit[tabindex]");
      if (first) first.focus();  // from the keyboard: on to the first lit point
    } else {
      model.send({ kind: "select", tile: item.dataset.tile, rev: model.get("revision") });
    }
  }

  // click is the one activation event of mouse, touch, pen and keyboard alike
  el.addEventListener("click", (event) => {
    const item = target(event);
    if (item) activate(item, false);
  });
  el.addEventListener("keydown", (event) => {
    if (event.target === el) return;
    const items = [...el.querySelectorAll('[tabindex="0"]')];
    const here = items.indexOf(document.activeElement);
    if (event.key === "Enter" || event.key === " ") {
      const item = target(event);
      if (item) { event.preventDefault(); activate(item, true); }
    } else if (event.key === "Escape") {
      event.preventDefault();
      const tile = selected;
      select(null, false);
      say("");
      const g = tile && tileNode(tile);
      if (g) { g.focus(); return; }
      // nothing chosen: leave the board for the notebook (its cell, in command mode)
      const host = el.closest(".jp-Cell") || el.closest(".jp-Notebook");
      document.activeElement.blur();
      const notebook = el.closest(".jp-Notebook");
      if (notebook) notebook.focus(); else if (host) host.focus();
    } else if (["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"].includes(event.key)) {
      if (!items.length) return;
      event.preventDefault();
      const step = event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : -1;
      const next = here < 0 ? 0 : (here + step + items.length) % items.length;
      items[next].focus();
    }
  });
  const showPreview = (event) => {
    const spot = event.target.closest && event.target.closest(".hr-svg-spot.hr-lit");
    if (spot && spot.dataset.preview) say(spot.dataset.preview);
  };
  el.addEventListener("mouseover", showPreview);
  el.addEventListener("focusin", showPreview);

  // what Python announces (a placement and its score, a draw, a pass, the computer's move, the
  // end of a hand): once each, even when the same sentence comes twice
  let heard = model.get("announcement").n;
  const announce = () => {
    const { n, text } = model.get("announcement");
    if (n === heard) return;
    heard = n;
    live.textContent = "";
    setTimeout(() => { live.textContent = text; }, 60);
  };
  model.on("change:announcement", announce);

  // one update message may change several traits: draw once, after all of them are set
  let queued = false;
  const redraw = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => { queued = false; draw(); });
  };
  for (const name of ["svg", "hand", "moves", "selected", "readonly", "spots"]) {
    model.on(`change:${name}`, redraw);
  }
  model.on("change:picked", () => { if (!queued) showPicked(); });
  model.on("change:marks", () => { if (!queued) showMarks(); });
  model.on("change:label", () => el.setAttribute("aria-label", model.get("label")));
  model.on("change:lang", () => {
    el.setAttribute("lang", model.get("lang"));
    live.setAttribute("lang", model.get("lang"));
    rescope();
  });
  live.setAttribute("lang", model.get("lang"));
  draw();
  // the widget's root exists once this view is attached to the page
  requestAnimationFrame(watch);
  setTimeout(watch, 500);

  // The width the board has on the page, for Python to draw the picture to (on a phone its
  // texts stay readable): from the board's left edge to the right of the output it is in (not
  // the board's own width, which follows the picture), inside the frame's border, in steps
  // of 10 px, once a resize has settled.
  let roomTimer = null;
  const reportRoom = () => {
    const host = el.closest(".jp-OutputArea-output") || el.parentElement;
    if (!host || !el.isConnected) return;
    const right = host.getBoundingClientRect().right -
      (parseFloat(getComputedStyle(host).paddingRight) || 0);
    const room = Math.floor((right - el.getBoundingClientRect().left - 4) / 10) * 10;
    if (room > 0 && room !== model.get("room")) {
      model.set("room", room);
      model.save_changes();
    }
  };
  const sizer = typeof ResizeObserver === "function" ? new ResizeObserver(() => {
    clearTimeout(roomTimer);
    roomTimer = setTimeout(reportRoom, 150);
  }) : null;
  requestAnimationFrame(() => {
    const host = el.closest(".jp-OutputArea-output") || el.parentElement;
    if (sizer && host) sizer.observe(host);
    reportRoom();
  });
  return () => {
    if (watcher) watcher.disconnect();
    if (sizer) sizer.disconnect();
    clearTimeout(roomTimer);
  };
}

export default { render };
