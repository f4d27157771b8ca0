// @ts-check
// The board widget's front end: the SVG picture as the control (see board.py).
// Python decides every rule; this module only lights what Python said is legal, previews it,
// sends the learner's choice back, says what Python announces, and marks what just changed.
// No CDN, no build step. It draws only inside the element anywidget gives it (el): the
// widget around it gets its language, colours and classes from Python.
//
// The protocol is typed in horserace_nb/sessions/protocol.py; its JSDoc twin, protocol.d.ts
// beside this file, is generated from it (tests/tools/protocol_dts.py; a test keeps the two
// equal) and `tsc --noEmit` checks this module against it (.ci/run's lint stage):
//
// Python -> here, synced traits of the Board model (BoardTraits):
//   svg, hand, moves (Moves: TileMoves with Point[]), selected, readonly, label, revision,
//   lang, announcement, spots (Spot[]), picked (PointRef[]), marks (Marks), takes_keys, room
// here -> Python, model.send (FrontEndMessage): SelectMessage, PlaceMessage (the open place
// of an empty layout: on and side left out, which Python reads as None; a null would reach
// the site's Pyodide kernel as JsNull), PointMessage (a spot toggled), KeyMessage (a board
// with keys: a replay's ← → Space Home End). Every message but a key carries the revision of
// the picture it was sent from; Python refuses an older one, except the placement it just
// applied sent again.
//
// Keys: the board's element and every control in it carry data-lm-suppress-shortcuts, and the
// board keeps its keys to itself (stopPropagation: JupyterLab's and Notebook 7's command-mode
// shortcuts a, b, x, m, d d … never see them); Escape leaves the board for the notebook.

/** @typedef {import("./protocol").BoardModel} BoardModel */
/** @typedef {import("./protocol").Point} Point */
/** @typedef {import("./protocol").PointRef} PointRef */
/** @typedef {import("./protocol").ReplayKey} ReplayKey */

const SUPPRESS = "data-lm-suppress-shortcuts";
// a board with keys (a replay): what each key reports (Python decides what it does)
/** @type {Record<string, ReplayKey>} */
const KEYS = { ArrowLeft: "previous", ArrowRight: "next", " ": "play", Home: "first",
               End: "last" };

// A point with no tile ("on") and no side is the open place of an empty layout (== null: see
// the protocol above).
function pointSelector(p) {
  if (p.on == null || p.side == null) return "rect.hr-svg-spot.hr-svg-open";
  return `circle.hr-svg-spot[data-tile="${p.on}"][data-side="${p.side}"]`;
}

const spotSelector = (p) => `circle.hr-svg-spot[data-tile="${p.on}"][data-side="${p.side}"]`;

// the picture's parts (an SVG's groups, circles, rects) this module decorates
/** @param {ParentNode} root @param {string} selector @returns {SVGElement | null} */
const one = (root, selector) => root.querySelector(selector);
/** @param {ParentNode} root @param {string} selector @returns {SVGElement[]} */
const all = (root, selector) => /** @type {SVGElement[]} */ ([...root.querySelectorAll(selector)]);

function control(node, label) {
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", label);
  node.setAttribute(SUPPRESS, "true");
}

/** @param {{ model: BoardModel, el: HTMLElement }} view */
function render({ model, el }) {
  el.classList.add("hr-board-w");
  el.setAttribute(SUPPRESS, "true");
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
  const tileNode = (tile) => one(el, `g.hr-svg-hand-tile[data-tile="${tile}"]`);

  function clearLit() {
    for (const spot of all(frame, ".hr-lit")) {
      spot.classList.remove("hr-lit");
      for (const a of ["role", "tabindex", "aria-label", "aria-description", SUPPRESS]) {
        spot.removeAttribute(a);
      }
      delete spot.dataset.preview;
    }
    for (const g of all(el, "g.hr-svg-hand-tile[aria-pressed]")) {
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
      const spot = one(frame, pointSelector(p));
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
    const svg = /** @type {SVGSVGElement | null} */ (one(frame, "svg"));
    if (svg) {
      // the picture holds controls now: a group named by its title (the desc stays)
      svg.setAttribute("role", "group");
      svg.setAttribute("aria-roledescription", model.get("label"));
    }
    const readonly = model.get("readonly");
    // a board a finger taps is never scaled below the size where a lit point is a finger
    // wide (board.css, touch screens: it scrolls in its frame instead); a picture only looked
    // at scales to the width of its box, its legend with it
    const box = svg && svg.viewBox && svg.viewBox.baseVal;
    if (box && box.width && !readonly) frame.style.setProperty("--hr-natural", `${box.width}px`);
    else frame.style.removeProperty("--hr-natural");
    const playable = moves();
    for (const g of all(el, "g.hr-svg-hand-tile")) {
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
      const spot = one(frame, spotSelector(p));
      if (!spot || readonly) continue;
      spot.classList.add("hr-pickable");
      control(spot, p.label);
      spot.setAttribute("aria-pressed", "false");
    }
    showPicked();
  }

  function showPicked() {
    const picked = new Set((model.get("picked") || []).map((p) => `${p.on} ${p.side}`));
    for (const spot of all(frame, ".hr-svg-spot.hr-pickable")) {
      const on = picked.has(`${spot.dataset.tile} ${spot.dataset.side}`);
      spot.setAttribute("aria-pressed", on ? "true" : "false");
      spot.classList.toggle("hr-picked", on);
    }
  }

  function showMarks() {
    for (const node of all(frame, ".hr-mark")) {
      node.classList.remove("hr-mark");
      node.removeAttribute("data-mark");
    }
    const marks = model.get("marks");
    if (!marks || !marks.kind) return;
    const nodes = [];
    for (const p of marks.points || []) {
      // the point's spot, or its number or dot in a picture with numbers
      const node = one(frame, spotSelector(p)) || one(frame,
        `[data-tile="${p.on}"][data-side="${p.side}"]`);
      if (node) nodes.push(node);
    }
    for (const tile of marks.tiles || []) {
      const node = one(frame, `g.hr-svg-tile[data-tile="${tile}"]`);
      if (node) nodes.push(node);
    }
    for (const node of nodes) {
      node.classList.add("hr-mark");
      node.setAttribute("data-mark", marks.kind);
    }
  }

  function markChange() {
    // the tile just placed (by anyone) is the picture's highlight: mark it once, when new
    const glow = one(frame, "rect.hr-svg-highlight");
    const count = all(frame, "g.hr-svg-tile").length;
    const now = glow ? `${glow.getAttribute("data-tile")}/${count}` : null;
    if (now !== null && lastChange !== null && now !== lastChange) {
      const svg = one(frame, "svg");
      const tile = one(frame, `g.hr-svg-tile[data-tile="${glow.getAttribute("data-tile")}"]`);
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

  // The one element outside its own the board writes to: the view it is in (the element
  // Python gave the class hr-view) gets the board's lang, so that every text of the view (its
  // buttons' labels too) is read and drawn in its language, and the shortcut mark, so that a
  // key pressed on the view's menus, check boxes and buttons (ipywidgets' own views) never
  // reaches JupyterLab's or Notebook 7's command-mode shortcuts either: Lumino looks for a
  // shortcut's selector only below the nearest element carrying the mark. An ipywidgets box
  // has no trait for an attribute; a class, which Python can set, is neither.
  function markView() {
    const view = el.parentElement && el.parentElement.closest(".hr-view");
    if (!view) return;
    if (view.getAttribute("lang") !== model.get("lang")) {
      view.setAttribute("lang", model.get("lang"));
    }
    if (!view.hasAttribute(SUPPRESS)) view.setAttribute(SUPPRESS, "true");
  }

  function draw() {
    const hadFocus = el.contains(document.activeElement) && document.activeElement !== el;
    frame.innerHTML = model.get("svg");
    strip.innerHTML = model.get("hand");
    el.classList.remove("hr-busy");
    el.setAttribute("aria-label", model.get("label"));
    el.setAttribute("lang", model.get("lang"));
    markView();
    decorate();
    decorateSpots();
    showMarks();
    markChange();
    const wanted = model.get("selected") || (selected in moves() ? selected : null);
    selected = null;
    say("");
    if (wanted !== null) select(wanted, false);
    if (hadFocus) {  // a keyboard user keeps their place: the first control, or the board
      const first = one(el, ".hr-lit[tabindex], g.hr-playable") || el;
      first.focus();
    }
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
      const first = byKey && selected !== null && one(frame, ".hr-lit[tabindex]");
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
  // the notebook around the board (JupyterLab, Notebook 7, the site): only read, to give it
  // the focus back on Escape
  function leave() {
    const active = document.activeElement;
    if (active instanceof HTMLElement || active instanceof SVGElement) active.blur();
    const notebook = el.closest(".jp-Notebook");
    const cell = el.closest(".jp-Cell");
    if (notebook instanceof HTMLElement) notebook.focus();
    else if (cell instanceof HTMLElement) cell.focus();
  }

  el.addEventListener("keydown", (event) => {
    const modified = event.altKey || event.ctrlKey || event.metaKey;
    // the board's keys are its own: the notebook's command-mode shortcuts never see them
    // (JupyterLab's keydown listener is on the page, reached by bubbling)
    if (!modified) event.stopPropagation();
    if (event.target === el) {  // the board itself has the focus: a replay's keys
      const key = KEYS[event.key];
      if (event.key === "Escape") { event.preventDefault(); leave(); return; }
      if (!model.get("takes_keys") || modified || event.shiftKey || key === undefined) return;
      event.preventDefault();  // no page scrolling
      model.send({ kind: "key", key });
      return;
    }
    const items = all(el, '[tabindex="0"]');
    const here = items.indexOf(/** @type {SVGElement} */ (document.activeElement));
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
      leave();  // nothing chosen: leave the board for the notebook (its cell, in command mode)
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
    markView();
  });
  // a board with keys (a replay's): the board itself takes the focus and the keys
  const keyed = () => {
    if (model.get("takes_keys")) {
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "group");
      el.setAttribute("aria-keyshortcuts", "ArrowLeft ArrowRight Space Home End");
    } else {
      el.setAttribute("tabindex", "-1");
      el.removeAttribute("role");
      el.removeAttribute("aria-keyshortcuts");
    }
  };
  model.on("change:takes_keys", keyed);
  keyed();
  live.setAttribute("lang", model.get("lang"));
  draw();

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
    markView();  // laid out: on the page (where a frame came too soon for it)
    clearTimeout(roomTimer);
    roomTimer = setTimeout(reportRoom, 150);
  }) : null;
  requestAnimationFrame(() => {  // on the page by now: the view it is in, the room it has
    markView();
    const host = el.closest(".jp-OutputArea-output") || el.parentElement;
    if (sizer && host) sizer.observe(host);
    if (sizer) sizer.observe(el);
    reportRoom();
  });
  return () => {
    if (sizer) sizer.disconnect();
    clearTimeout(roomTimer);
  };
}

export default { render };
