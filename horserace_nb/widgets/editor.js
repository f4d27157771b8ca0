// The code line of the position editor and the puzzle maker (horserace_nb.widgets.editor):
// a position, puzzle-set or example code shown in a read-only box, a Copy button and a link
// that opens the code in the classroom site. Python gives the code, the link relative to the
// site's root and the words; this only shows them, copies, and finds the site's root.
//
// Traits: code, path (the link, relative to the site's root; "" for none), site (the site's
// address, "" to find it from this page's address in the site), words {label, copy, copied,
// link, empty}, lang.

function siteRoot(site) {
  if (site) return site.endsWith("/") ? site : `${site}/`;
  // in the classroom site the page is <root>/lab/index.html, <root>/repl/index.html, …
  const here = window.location.href.split(/[?#]/)[0];
  const found = here.match(/^(.*\/)(?:lab|repl|notebooks|tree|edit|consoles)\/(?:index\.html)?$/);
  return found ? found[1] : null;
}

function render({ model, el }) {
  el.classList.add("hr-code-line");
  const label = document.createElement("label");
  const id = `hr-code-${Math.random().toString(36).slice(2)}`;
  label.htmlFor = id;
  const box = document.createElement("input");
  box.id = id;
  box.type = "text";
  box.readOnly = true;
  box.className = "hr-code-box";
  box.spellcheck = false;
  const copy = document.createElement("button");
  copy.type = "button";
  copy.className = "hr-code-copy";
  const link = document.createElement("a");
  link.className = "hr-code-link";
  link.target = "_blank";
  link.rel = "noopener";
  const live = document.createElement("span");
  live.className = "hr-code-live";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  el.append(label, box, copy, link, live);
  // keys typed here never reach the notebook's shortcuts
  el.addEventListener("keydown", (event) => event.stopPropagation());

  function draw() {
    const words = model.get("words") || {};
    const code = model.get("code") || "";
    el.setAttribute("lang", model.get("lang") || "en");
    label.textContent = words.label || "";
    box.value = code || words.empty || "";
    copy.textContent = words.copy || "Copy";
    copy.disabled = !code;
    live.textContent = "";
    const path = model.get("path") || "";
    const root = siteRoot(model.get("site") || "");
    if (code && path) {
      link.textContent = words.link || "";
      link.href = root === null ? path : new URL(path, new URL(root, window.location.href)).href;
      link.hidden = false;
    } else {
      link.hidden = true;
      link.removeAttribute("href");
    }
  }

  copy.addEventListener("click", async () => {
    const code = model.get("code") || "";
    if (!code) return;
    const words = model.get("words") || {};
    try {
      await navigator.clipboard.writeText(code);
    } catch (error) {  // no clipboard permission (an http page): select it for Ctrl+C
      box.focus();
      box.select();
      try { document.execCommand("copy"); } catch (ignored) { /* selected is enough */ }
    }
    live.textContent = words.copied || "";
  });
  box.addEventListener("focus", () => box.select());
  for (const name of ["code", "path", "site", "words", "lang"]) model.on(`change:${name}`, draw);
  draw();
}

export default { render };
