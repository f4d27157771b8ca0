// The replay's keys (ReplayKeys in replay.py): while the replay has focus, ← and → step,
// Space plays or pauses (or steps, when there is no play), Home and End go to the first and the
// last step, Escape leaves the replay for the notebook. This module only reports the key;
// Python decides what it does. It has no visible part.
//
// here -> Python, model.send:  { kind: "key", key: "previous" | "next" | "play" | "first" |
//                                 "last" }
// Python -> here, synced traits: label (the replay's accessible name, saying its keys), lang.
//
// The replay's root (.hr-replay) is made focusable (a click on its background focuses it) and,
// like every focusable control in it, carries data-lm-suppress-shortcuts: JupyterLab's and
// Notebook 7's command-mode shortcuts skip a key event whose target carries it (the keys
// handled here never reach the notebook; neither do a, b, x, d d … pressed on the replay).

const SUPPRESS = "data-lm-suppress-shortcuts";
const KEYS = { ArrowLeft: "previous", ArrowRight: "next", " ": "play", Home: "first",
               End: "last" };
// where a key means something else already: typing, a slider's own steps, the board's points
const OWN_KEYS = "input, textarea, select, [contenteditable], [role='slider'], .noUi-handle, " +
                 ".hr-board-w [role='button']";
// where Space activates the focused control itself (a button, a checkbox, a tab)
const SPACE_OWN = "button, [role='button'], [role='checkbox'], [role='tab'], label";

function render({ model, el }) {
  el.classList.add("hr-replay-keys");
  let root = null;
  let watcher = null;

  function mark() {
    if (!root) return;
    if (root.getAttribute("tabindex") !== "0") root.setAttribute("tabindex", "0");
    root.setAttribute(SUPPRESS, "true");
    root.setAttribute("role", "group");
    root.setAttribute("aria-keyshortcuts", "ArrowLeft ArrowRight Space Home End");
    if (root.getAttribute("aria-label") !== model.get("label")) {
      root.setAttribute("aria-label", model.get("label"));
    }
    for (const node of root.querySelectorAll("button, input, select, textarea, [tabindex]")) {
      if (!node.hasAttribute(SUPPRESS)) node.setAttribute(SUPPRESS, "true");
    }
  }

  function leave() {
    root.blur();
    const notebook = root.closest(".jp-Notebook");
    const cell = root.closest(".jp-Cell");
    if (notebook) notebook.focus(); else if (cell) cell.focus();
  }

  function onKey(event) {
    const target = event.target;
    if (!(target instanceof Element) || event.defaultPrevented) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key === "Escape" && target === root) { event.preventDefault(); leave(); return; }
    const key = KEYS[event.key];
    if (key === undefined || target.closest(OWN_KEYS)) return;
    if (key === "play" && target !== root && target.closest(SPACE_OWN)) return;
    event.preventDefault();  // no page scrolling, no notebook shortcut
    event.stopPropagation();
    // the step may disable the focused button (Next at the last step): keep the focus here
    if (target !== root && target.closest("button")) root.focus();
    model.send({ kind: "key", key });
  }

  function attach() {
    const found = el.closest(".hr-replay");
    if (!found || found === root) return;
    root = found;
    root.addEventListener("keydown", onKey);
    watcher = new MutationObserver(mark);
    watcher.observe(root, { subtree: true, childList: true });
    mark();
  }

  model.on("change:label", mark);
  requestAnimationFrame(attach);  // the replay's root exists once the view is on the page
  for (const ms of [300, 1000, 3000]) setTimeout(attach, ms);
  return () => {
    if (watcher) watcher.disconnect();
    if (root) root.removeEventListener("keydown", onKey);
  };
}

export default { render };
