// The results kept in the learner's browser (see store.py): localStorage under keys prefixed
// "horserace_nb.". Python decides what a result is and reads what this module reports; this
// module only writes the results Python gives it (merged with what is stored, so that two tabs
// lose nothing), reads them back, sets aside a stored value it cannot read, and saves the file
// Python wrote when the learner asks. Nothing is sent anywhere.

export const KEY = "horserace_nb.results.v1";
export const LEARNER = "horserace_nb.learner";
export const PREFIX = "horserace_nb.";
const FORMAT = "horserace_nb.store";
const VERSION = 1;

export function idOf(r) {
  return [r.lesson, r.kind, r.case, r.seed, r.when].join("|");
}

// The better of two copies of one result, as Result.rank in Python: more stars, fewer tries,
// fewer hints, a game's points lost known, then the larger text.
export function better(a, b) {
  const ka = [a.stars, -a.tries, -a.hints, a.lost !== undefined && a.lost !== null ? 1 : 0];
  const kb = [b.stars, -b.tries, -b.hints, b.lost !== undefined && b.lost !== null ? 1 : 0];
  for (let i = 0; i < ka.length; i++) {
    if (ka[i] !== kb[i]) return ka[i] > kb[i] ? a : b;
  }
  const text = (r) => JSON.stringify(r, Object.keys(r).sort());
  return text(a) >= text(b) ? a : b;
}

// Every result of both lists once (the better copy of one found in both).
export function merge(stored, extra) {
  const byId = new Map();
  for (const r of [...stored, ...extra]) {
    if (r === null || typeof r !== "object") continue;
    const id = idOf(r);
    const old = byId.get(id);
    byId.set(id, old === undefined ? r : better(old, r));
  }
  return [...byId.values()];
}

function storage() {
  try {
    const s = window.localStorage;
    s.getItem(KEY);
    return s;
  } catch (e) {
    return null;
  }
}

// The stored results, or [] with the unreadable value moved to a backup key.
function readStored(s) {
  const raw = s.getItem(KEY);
  if (raw === null) return { results: [], backup: null };
  try {
    const value = JSON.parse(raw);
    if (value && value.format === FORMAT && value.version === VERSION
        && Array.isArray(value.results)) {
      return { results: value.results, backup: null };
    }
  } catch (e) { /* set aside below */ }
  const backup = `${PREFIX}backup.${new Date().toISOString()}`;
  try { s.setItem(backup, raw); } catch (e) { /* full: the value is dropped */ }
  s.removeItem(KEY);
  return { results: [], backup };
}

function report(model, extra) {
  const s = storage();
  if (s === null) {
    model.send({ kind: "read", results: [], learner: "", site: location.origin,
                 backup: null, problem: "unavailable" });
    return;
  }
  const { results, backup } = readStored(s);
  let learner = s.getItem(LEARNER) || "";
  if (learner.length > 80) learner = learner.slice(0, 80);
  model.send({ kind: "read", results, learner, site: location.origin,
               backup: backup || (extra && extra.backup) || null,
               problem: (extra && extra.problem) || null });
}

function write(model) {
  const pending = model.get("pending") || [];
  const s = storage();
  if (pending.length === 0 || s === null) { report(model); return; }
  const { results, backup } = readStored(s);
  let problem = null;
  try {
    s.setItem(KEY, JSON.stringify({ format: FORMAT, version: VERSION,
                                    results: merge(results, pending) }));
  } catch (e) {
    problem = "full";
  }
  report(model, { problem, backup });
}

function download(model) {
  const blob = new Blob([model.get("file_text")], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = model.get("file_name") || "horserace-results.json";
  document.body.append(a);
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
  button.addEventListener("click", () => download(model));
  el.append(notice, button);

  function show() {
    const lang = model.get("lang");
    notice.textContent = model.get("notice") || "";
    notice.style.display = notice.textContent ? "" : "none";
    notice.style.color = "var(--jp-warn-color0, #8a4b00)";
    for (const node of [notice, button]) node.setAttribute("lang", lang);
    const label = model.get("download_label") || "";
    button.textContent = label;
    button.style.display = label && model.get("file_text") ? "" : "none";
  }

  function onMessage(msg) {
    const s = storage();
    if (msg && msg.kind === "reset" && s !== null) {
      const keys = [];
      for (let i = 0; i < s.length; i++) {
        const k = s.key(i);
        if (k !== null && k.startsWith(PREFIX)) keys.push(k);
      }
      for (const k of keys) s.removeItem(k);
    } else if (msg && msg.kind === "learner" && s !== null) {
      s.setItem(LEARNER, String(msg.name || "").slice(0, 80));
    }
    report(model);
  }

  function onStorage(event) {
    if (event.key === null || event.key.startsWith(PREFIX)) report(model);
  }

  const onPending = () => write(model);
  const shown = ["notice", "lang", "download_label", "file_text"];
  model.on("change:pending", onPending);
  for (const name of shown) model.on(`change:${name}`, show);
  model.on("msg:custom", onMessage);
  window.addEventListener("storage", onStorage);
  show();
  write(model);
  return () => {
    window.removeEventListener("storage", onStorage);
    model.off("change:pending", onPending);
    for (const name of shown) model.off(`change:${name}`, show);
    model.off("msg:custom", onMessage);
  };
}

export default { render };
