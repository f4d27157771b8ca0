// @ts-check
// Rule links (no build step: Python joins this module's text before a widget's own, at class
// creation, as one ES module; see widgets/text.py). A widget's texts hold
// <a class="hr-rule" href="../rules.md#r11" data-rule="r11" data-notebook="../rules.ipynb">,
// relative to the notebook's folder: the rules page and the same page as a notebook. A click
// opens the page where it is: in JupyterLab and the JupyterLite site's lab, JupyterLab's own
// link command opens the rendered page at the rule, as a link in a lesson's text does (the
// notebook's path from the app where the page exposes it, window.jupyterapp, as the site does:
// its address drops ?path=); in Notebook 7 (/notebooks/…), Voilà showing a folder
// (/voila/render/…) and the site's notebook app, a new tab shows the page's notebook, which
// this module then scrolls to the rule. Elsewhere the link's own address opens.
//
// It only reads the page around the widget (its address, its configuration, which app it is)
// and writes only to the link clicked and to the tab it opens.

/** @typedef {{ app: "lab" | "notebook" | "voila", path: string, base: string | null }} Where */

// where the notebook is shown, read from the page's address: { app, path, base } with app
// "lab" (JupyterLab, the site's lab), "notebook" (Notebook 7, the site's notebook app),
// "voila" (Voilà showing a folder: /voila/render/…), path the notebook's path on its server
// (or in the site), or null where the address does not say (Voilà showing one notebook)
/** @param {Element} node @returns {Where | null} */
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

/** @param {string} folder @param {string} relative */
function joinPath(folder, relative) {
  const parts = folder ? folder.split("/") : [];
  for (const part of relative.split("/")) {
    if (part === "..") parts.pop(); else if (part && part !== ".") parts.push(part);
  }
  return parts.join("/");
}

const encodePath = (/** @type {string} */ path) => path.split("/").map(encodeURIComponent).join("/");

// the rule's heading in a page (a rules page's anchor <a id="r14"> sits in its heading;
// JupyterLab's sanitizer keeps it as data-jupyter-id)
/** @param {Document} doc @param {string} rule */
function ruleHeading(doc, rule) {
  const anchor = doc.querySelector(`[data-jupyter-id="${rule}"], [id="${rule}"]`);
  return anchor ? (anchor.closest("h1, h2, h3, h4, h5, h6") || anchor) : null;
}

// open *url* in a new tab and, as the page is the same site's, scroll it to the rule once
// its front end has drawn it (Notebook 7 and Voilà do not follow an address's #fragment into
// a rendered notebook); scrolled again for a moment while the page settles
/** @param {string} url @param {string} rule */
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

/** @param {Element} anchor @param {Event} event */
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

