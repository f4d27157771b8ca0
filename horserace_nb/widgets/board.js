// The board widget's front end: the SVG picture as the control (see board.py).
// Python decides every rule; this module only lights what Python said is legal, previews it,
// and sends the learner's choice back. No CDN, no build step.
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
//             SideName = "low" | "high" | "straight_a" | "straight_b" | "branch_a" | "branch_b"
//   selected  string  a tile chosen by Python (a drawn tile that must be placed), or ""
//   readonly  boolean nothing is clickable
//   label     string  the board's accessible name
//   revision  number  counts the pictures shown
//   lang      string  the language of the labels (the texts above are already in it)
//
// here -> Python, model.send (every message carries the revision of the picture it was sent
// from; Python refuses an older one, except the placement it just applied sent again):
//   SelectMessage = { kind: "select", tile: string, rev: number }
//   PlaceMessage  = { kind: "place", tile: string, on: string | null,
//                     side: SideName | null, rev: number }

function pointSelector(p) {
  if (p.on === null || p.side === null) return "rect.hr-svg-spot.hr-svg-open";
  return `circle.hr-svg-spot[data-tile="${p.on}"][data-side="${p.side}"]`;
}

function render({ model, el }) {
  el.classList.add("hr-board-w");
  el.setAttribute("tabindex", "-1");
  const holder = document.createElement("div");
  holder.className = "hr-board-svg";
  const preview = document.createElement("div");
  preview.className = "hr-board-preview";
  preview.setAttribute("role", "status");
  preview.setAttribute("aria-live", "polite");
  el.append(holder, preview);
  let selected = null;

  const moves = () => model.get("moves") || {};
  const say = (text) => { preview.textContent = text || ""; };

  function clearLit() {
    for (const spot of holder.querySelectorAll(".hr-lit")) {
      spot.classList.remove("hr-lit");
      for (const a of ["role", "tabindex", "aria-label"]) spot.removeAttribute(a);
      delete spot.dataset.preview;
    }
    for (const g of holder.querySelectorAll("g.hr-svg-hand-tile[aria-pressed]")) {
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
    const g = holder.querySelector(`g.hr-svg-hand-tile[data-tile="${tile}"]`);
    if (g) { g.setAttribute("aria-pressed", "true"); g.classList.add("hr-chosen"); }
    for (const p of entry.points) {
      const spot = holder.querySelector(pointSelector(p));
      if (!spot) continue;
      spot.classList.add("hr-lit");
      spot.setAttribute("role", "button");
      spot.setAttribute("tabindex", "0");
      spot.setAttribute("aria-label", p.label);
      spot.dataset.preview = p.preview;
      spot.dataset.on = p.on === null ? "" : p.on;
      spot.dataset.placeSide = p.side === null ? "" : p.side;
    }
    say(entry.announce);
    if (notify) model.send({ kind: "select", tile, rev: model.get("revision") });
  }

  function place(spot) {
    if (selected === null) return;
    el.classList.add("hr-busy");
    model.send({
      kind: "place", tile: selected,
      on: spot.dataset.on || null, side: spot.dataset.placeSide || null,
      rev: model.get("revision"),
    });
  }

  function decorate() {
    const svg = holder.querySelector("svg");
    if (!svg) return;
    // the picture holds controls now: a group named by its title (the desc stays)
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-roledescription", model.get("label"));
    const readonly = model.get("readonly");
    const playable = moves();
    for (const g of holder.querySelectorAll("g.hr-svg-hand-tile")) {
      const tile = g.dataset.tile;
      if (!readonly && tile in playable) {
        g.setAttribute("role", "button");
        g.setAttribute("tabindex", "0");
        g.setAttribute("aria-label", tile);
        g.setAttribute("aria-pressed", "false");
        g.classList.add("hr-playable");
      } else if (!readonly) {
        g.classList.add("hr-idle");  // a click still asks Python why it cannot be played
      }
    }
  }

  function draw() {
    const hadFocus = holder.contains(document.activeElement);
    holder.innerHTML = model.get("svg");
    el.classList.remove("hr-busy");
    el.setAttribute("aria-label", model.get("label"));
    decorate();
    const wanted = model.get("selected") || (selected in moves() ? selected : null);
    selected = null;
    say("");
    if (wanted !== null) select(wanted, false);
    if (hadFocus) {  // a keyboard user keeps their place: the first control, or the board
      const first = holder.querySelector(".hr-lit[tabindex], g.hr-playable") || el;
      first.focus();
    }
  }

  function target(event) {
    return event.target.closest("g.hr-svg-hand-tile, .hr-svg-spot.hr-lit");
  }

  function activate(item, byKey) {
    if (model.get("readonly")) return;
    if (item.classList.contains("hr-svg-spot")) {
      place(item);
    } else if (item.classList.contains("hr-playable")) {
      select(item.dataset.tile === selected ? null : item.dataset.tile, true);
      if (selected === null) say("");
      const first = byKey && selected !== null && holder.querySelector(".hr-lit[tabindex]");
      if (first) first.focus();  // from the keyboard: on to the first lit point
    } else {
      model.send({ kind: "select", tile: item.dataset.tile, rev: model.get("revision") });
    }
  }

  holder.addEventListener("click", (event) => {
    const item = target(event);
    if (item) activate(item, false);
  });
  holder.addEventListener("keydown", (event) => {
    const items = [...holder.querySelectorAll('[tabindex="0"]')];
    const here = items.indexOf(document.activeElement);
    if (event.key === "Enter" || event.key === " ") {
      const item = target(event);
      if (item) { event.preventDefault(); activate(item, true); }
    } else if (event.key === "Escape") {
      const tile = selected;
      select(null, false);
      say("");
      const g = tile && holder.querySelector(`g.hr-svg-hand-tile[data-tile="${tile}"]`);
      if (g) g.focus();
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
    if (spot) say(spot.dataset.preview);
  };
  holder.addEventListener("mouseover", showPreview);
  holder.addEventListener("focusin", showPreview);

  // one update message may change several traits: draw once, after all of them are set
  let queued = false;
  const redraw = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => { queued = false; draw(); });
  };
  for (const name of ["svg", "moves", "selected", "readonly"]) model.on(`change:${name}`, redraw);
  model.on("change:label", () => el.setAttribute("aria-label", model.get("label")));
  draw();
}

export default { render };
