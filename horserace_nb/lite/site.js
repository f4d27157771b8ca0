// The classroom site's own script, added by horserace_nb.lite to the pages of its apps (lab,
// repl). It does six small things and nothing else:
//
// 1. While the Python kernel of the notebook (or of the classroom page) starts, it shows
//    "Starting Python in your browser — about N seconds the first time" in the notebook's
//    language, and removes it once the kernel is idle (in JupyterLab: the public
//    ISessionContext of the current widget; in the REPL, which has no public handle on it:
//    once the page's code has shown its output); a screen reader hears both.
// 2. On the classroom page (repl/index.html?…&hr=classroom) it hides the console's empty
//    input box, the prompts and their overlays (which would take the clicks meant for the
//    board): no code on screen.
// 3. A link in a notebook to a page of the site (lab/… or repl/…) opens that page: JupyterLab
//    would take it for a file to open.
// 4. It starts the kernel of the address's notebook (lab/index.html?path=….ipynb) as soon as
//    the app's services can, through the app's public session manager, in a session named by
//    the notebook's path: JupyterLab would start it about a second after the notebook is on
//    screen, in a session named by the file's name, and JupyterLite gives a new session the
//    running one of the same name (ja/04_turns.ipynb and ko/04_turns.ipynb would share a
//    kernel). The notebook joins the running session of its path (as it joins one a server
//    already runs) instead of starting a second kernel.
// 5. On a narrow screen (a phone, a tablet held upright) it folds JupyterLab's file browser
//    away when a lesson opened by its link shows, so that the lesson has the whole width; and
//    it keeps that lesson in front of the ones JupyterLab reopens beside it.
// 6. A picture in a notebook's output fits the output's width, keeping its proportions (on a
//    phone a lesson's pictures were cut at the right): JupyterLab draws an SVG output as an
//    <img>, and its style fits only an <svg> to the width.
// 7. An address naming a file the site does not hold (lab/index.html?path=ko/99.ipynb) says
//    so in the page's language, with a link to the start page, instead of "Starting Python"
//    for good.
// 8. JupyterLab's own menus and dialogs are in the page's language (a Korean lesson: Korean
//    menus, from the site's language pack), in the same load: no reload.
//
// The address's path is taken as JupyterLab takes it (addressPath): "/en/04_turns.ipynb",
// "./en/…", "en//…" and "ko/../en/…" all open en/04_turns.ipynb, and the kernel started early
// is named by that path, so that the notebook joins it instead of starting a second one.
//
// The builder fills in MESSAGES (from the package's catalog) and the site's languages.
(function () {
  "use strict";
  const MESSAGES = __HR_MESSAGES__;
  const LANGS = Object.keys(MESSAGES);
  const params = new URLSearchParams(window.location.search);
  const APPS = /^(lab|repl|notebooks|tree)\/(index\.html)?$/;
  const PRINTABLE = new Set(__HR_PRINTABLE__);  // files opened as they are, in a tab of their own
  const REPL = /\/repl\/(index\.html)?$/.test(window.location.pathname);

  // ------------------------------------------------------------------ the address's path
  // JupyterLab's opener decodes the parameter once more (decodeURIComponent), and its contents
  // manager normalises it: a drive's prefix ("drive:") kept, the rest as Node's
  // path.posix.normalize makes it, less one leading slash (PathExt.normalize).
  function posixNormalize(path) {
    const absolute = path.startsWith("/");
    const parts = [];
    for (const part of path.split("/")) {
      if (part === "" || part === ".") continue;
      if (part !== "..") parts.push(part);
      else if (parts.length && parts[parts.length - 1] !== "..") parts.pop();
      else if (!absolute) parts.push("..");
    }
    let out = parts.join("/");
    if (!out && !absolute) out = ".";
    if (out && path.endsWith("/")) out += "/";
    return (absolute ? "/" : "") + out;
  }

  function labNormalize(path) {
    return path === "" ? "" : posixNormalize(path).replace(/^\//, "");
  }

  function addressPath(asked) {  // null: no path, or one JupyterLab cannot decode
    if (asked === null) return null;
    let path;
    try {
      path = decodeURIComponent(asked);
    } catch (err) {
      return null;
    }
    const colon = path.indexOf(":");
    return colon === -1 ? labNormalize(path)
      : path.slice(0, colon + 1) + labNormalize(path.slice(colon + 1));
  }

  const ASKED = params.get("path") || "";  // as written in the address
  const PATH = ASKED ? addressPath(ASKED) : null;  // as JupyterLab opens it
  // a path of the site's own tree: the kernel can be started early, in a session of that path
  const PLAIN = PATH !== null && PATH !== "." && !PATH.includes(":") &&
    !PATH.split("/").includes("..");

  function langOfPath(path) {
    const first = String(path || "").split("/")[0];
    return LANGS.includes(first) ? first : null;
  }

  function pageLang() {
    const asked = params.get("lang") || langOfPath(PATH);
    if (asked && LANGS.includes(asked)) return asked;
    for (const wanted of navigator.languages || [navigator.language || "en"]) {
      const short = String(wanted).slice(0, 2).toLowerCase();
      if (LANGS.includes(short)) return short;
    }
    return "en";
  }

  // ------------------------------------------------------------------ JupyterLab's language
  // JupyterLab's menus in the page's language (a Korean lesson: Korean menus), in this load:
  // when JupyterLite writes the page's configuration (jupyter-config-data, before the app
  // reads it), the configuration's settingsOverrides get the language pack's locale as the
  // default of JupyterLab's "locale" setting. A language the learner chose under Settings →
  // Language (a setting of theirs) still wins. LOCALES: see horserace_nb.lite.pages.LAB_LOCALES.
  const LOCALES = __HR_LOCALES__;
  const LOCALE = LOCALES[pageLang()] || null;
  const TRANSLATION = "@jupyterlab/translation-extension:plugin";

  function withLocale(data) {  // the configuration with the locale as a default
    const overrides = data.settingsOverrides || {};
    const plugin = overrides[TRANSLATION] || {};
    return { ...data, settingsOverrides: { ...overrides,
                                           [TRANSLATION]: { ...plugin, locale: LOCALE } } };
  }

  if (LOCALE !== null) {
    // JupyterLite's configuration, once merged from the site's files (it then has the site's
    // baseUrl), replaces the page's own; the app reads it after that, in a later task.
    const configWatch = new MutationObserver(() => {
      const config = document.getElementById("jupyter-config-data");
      let data;
      try {
        data = JSON.parse((config && config.textContent) || "{}");
      } catch (err) {
        return;
      }
      if (!("baseUrl" in data)) return;
      configWatch.disconnect();
      config.textContent = JSON.stringify(withLocale(data));
    });
    configWatch.observe(document.head, { childList: true, subtree: true, characterData: true });
  }

  // ------------------------------------------------------------------ the start-up message
  const style = document.createElement("style");
  style.textContent = `
    #hr-kernel-start { position: fixed; z-index: 10000; left: 50%; bottom: 40px;
      transform: translateX(-50%); max-width: min(90vw, 36rem); box-sizing: border-box;
      padding: 12px 18px; border-radius: 6px; display: flex; align-items: center; gap: 12px;
      font: var(--jp-ui-font-size1, 14px) / 1.4 var(--jp-ui-font-family, system-ui, sans-serif);
      font-size: 15px; color: var(--jp-ui-font-color1, #222);
      background: var(--jp-layout-color2, #eee);
      border: 2px solid var(--jp-brand-color1, #1976d2);
      box-shadow: var(--jp-elevation-z4, 0 2px 6px rgba(0, 0, 0, 0.3)); }
    #hr-address-missing { position: fixed; z-index: 10001; left: 50%; top: 48px;
      transform: translateX(-50%); max-width: min(90vw, 36rem); box-sizing: border-box;
      padding: 8px 18px; border-radius: 6px;
      font: var(--jp-ui-font-size1, 14px) / 1.4 var(--jp-ui-font-family, system-ui, sans-serif);
      font-size: 15px; color: var(--jp-ui-font-color1, #222);
      background: var(--jp-layout-color2, #eee);
      border: 2px solid var(--jp-warn-color1, #f57c00);
      box-shadow: var(--jp-elevation-z4, 0 2px 6px rgba(0, 0, 0, 0.3)); }
    #hr-address-missing a { display: inline-block; min-height: 44px; line-height: 44px;
      color: var(--jp-content-link-color, #1976d2); }
    #hr-kernel-start .hr-dot { flex: none; width: 12px; height: 12px; border-radius: 50%;
      background: var(--jp-brand-color1, #1976d2); }
    .hr-sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden;
      clip: rect(0 0 0 0); white-space: nowrap; }
    body.hr-classroom-page .jp-CodeConsole-promptCell,
    body.hr-classroom-page .jp-CodeConsole .jp-InputPrompt,
    body.hr-classroom-page .jp-CodeConsole .jp-OutputPrompt,
    body.hr-classroom-page .jp-CodeConsole .jp-OutputArea-promptOverlay { display: none !important; }
    .jp-RenderedSVG > img { max-width: 100%; height: auto; }
    .jp-RenderedSVG.jp-mod-unconfined > img { max-width: none; }
  `;
  document.head.appendChild(style);

  const live = document.createElement("div");  // what a screen reader hears
  live.className = "hr-sr-only";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  let banner = null;

  function show(lang) {
    if (banner === null) {
      banner = document.createElement("div");
      banner.id = "hr-kernel-start";
      const dot = document.createElement("span");
      dot.className = "hr-dot";
      dot.setAttribute("aria-hidden", "true");
      banner.append(dot, document.createElement("span"));
      document.body.appendChild(banner);
    }
    if (banner.getAttribute("lang") !== lang) {
      banner.setAttribute("lang", lang);
      banner.lastChild.textContent = MESSAGES[lang].starting;
      live.setAttribute("lang", lang);
      live.textContent = MESSAGES[lang].starting;
    }
  }

  function hide(lang) {
    if (banner === null) return;
    banner.remove();
    banner = null;
    live.setAttribute("lang", lang);
    live.textContent = MESSAGES[lang].ready;
  }

  // ------------------------------------------------------------------ a file the site lacks
  let address = ASKED && !REPL ? "unchecked" : "none";  // then "checking", "found", "missing"
  let note = null;  // the note saying so: it goes once the learner opens something else
  let noteBefore = null;  // the main area's widgets when it came (JupyterLab reopens some)
  let noteGone = false;

  async function checkAddress(app) {
    const services = app.serviceManager;
    if (PATH === null) { address = "missing"; return; }  // JupyterLab's opener fails too
    if (!services || !services.contents) return;
    address = "checking";
    for (const attempt of [1, 2]) {
      try {
        await services.contents.get(PATH, { content: false });
        address = "found";
        return;
      } catch (err) {
        // once more when the app's layout is back: its contents are surely there by then
        if (attempt === 1) await Promise.resolve(app.restored).catch(() => undefined);
      }
    }
    address = "missing";
  }

  function showMissing(app, lang) {
    const shell = app.shell;
    if (noteGone || !shell) return;
    const widget = shell.currentWidget;
    if (note !== null) {
      // JupyterLab shows a widget of the missing file too (behind its "File Load Error")
      if (widget && !noteBefore.has(widget) && !(widget.context && widget.context.path === PATH)) {
        note.remove();
        note = null;
        noteGone = true;
      }
      return;
    }
    if (banner !== null) { banner.remove(); banner = null; }
    noteBefore = new Set(typeof shell.widgets === "function" ? shell.widgets("main") : []);
    note = document.createElement("div");
    note.id = "hr-address-missing";
    note.setAttribute("lang", lang);
    const said = MESSAGES[lang].missing.replace("{path}", ASKED);
    const link = document.createElement("a");
    link.href = new URL("lab/index.html?path=index.ipynb", siteRoot()).href;
    link.textContent = MESSAGES[lang].startPage;
    const text = document.createElement("div");
    text.textContent = said;
    note.append(text, link);
    document.body.appendChild(note);
    live.setAttribute("lang", lang);
    live.textContent = said;
  }

  const ready = new WeakSet();  // the session contexts whose kernel has been idle once

  function current(app) {
    const widget = app.shell && app.shell.currentWidget;
    if (!widget || !widget.sessionContext) return null;
    const path = widget.context ? widget.context.path : "";
    return { context: widget.sessionContext, path, lang: langOfPath(path) || pageLang() };
  }

  let opened = false;  // a widget has been shown in the lab's main area

  function watchLab(app, lang) {
    if (address === "missing") showMissing(app, lang);
    const now = current(app);
    // the widget JupyterLab shows for a file the site lacks starts no kernel
    if (now === null || (address === "missing" && now.path === PATH)) {
      // before the notebook of the address opens, its kernel is on its way too
      if (!opened && app.shell && !app.shell.currentWidget && ASKED && address !== "missing") {
        show(lang);
      } else {
        hide(lang);
      }
      return;
    }
    narrow(app);
    addressInFront(app);
    opened = true;
    const context = now.context;
    if (!ready.has(context) && context.session && context.session.kernel &&
        context.kernelDisplayStatus === "idle") {
      ready.add(context);
    }
    // no kernel, once the context has settled (a notebook opened with "No Kernel"): nothing
    // starts; while it is still initializing it has no kernel yet either, and one is coming
    if (ready.has(context) || (context.isReady && context.hasNoKernel)) hide(now.lang);
    else show(now.lang);
  }

  function watchRepl(lang) {
    // The REPL app has no public handle on its kernel: the kernel has started once the code
    // of the address has run and shown something (or failed).
    const shown = document.querySelector(".jp-CodeConsole .jp-OutputArea-output");
    if (shown && banner !== null && document.body.classList.contains("hr-classroom-page")) {
      // the console scrolls to its end: show the page from its top (title, language switch)
      const content = document.querySelector(".jp-CodeConsole-content");
      if (content) window.setTimeout(() => { content.scrollTop = 0; }, 300);
    }
    if (shown || !params.get("code") || params.get("execute") === "0") hide(lang);
    else show(lang);
  }

  function watch() {
    const lang = pageLang();
    if (REPL) { watchRepl(lang); return; }
    const app = window.jupyterapp;
    if (!app) { if (ASKED) show(lang); return; }  // the app is still loading
    watchLab(app, lang);
  }

  // ------------------------------------------------------------------ narrow screens
  // On a phone or a tablet held upright JupyterLab's file browser takes half the width or more
  // beside the lesson: a lesson opened by its link gets the whole width. JupyterLab opens the
  // browser again as it puts back its layout (app.restored), and on a busy machine once more a
  // few seconds later, so the script folds it away until the learner first touches or types
  // (the folder button on the left brings the files back), and at most until 60 s after the
  // layout is back (however long the app took to load). 15 s was too short on a busy machine:
  // a lesson reopened late (the start page, after a link on it) came back in front of the one
  // the link asked for while the learner was still waiting for its kernel.
  const NARROW_PX = 900;
  const FOLD_FOR_MS = 60000;
  let acted = false;
  let foldUntil = null;  // set once the app's layout is back
  let restoreWatched = false;
  for (const type of ["pointerdown", "keydown"]) {
    document.addEventListener(type, () => { acted = true; }, { capture: true, passive: true });
  }

  function settling(app) {  // JupyterLab may still be putting its layout back
    if (acted || !ASKED || !app.shell) return false;
    if (!restoreWatched) {
      restoreWatched = true;
      Promise.resolve(app.restored).then(() => { foldUntil = Date.now() + FOLD_FOR_MS; });
    }
    return foldUntil === null || Date.now() < foldUntil;
  }

  function narrow(app) {
    const shell = app.shell;
    if (!settling(app) || window.innerWidth >= NARROW_PX ||
        typeof shell.collapseLeft !== "function") return;
    if (!shell.leftCollapsed) shell.collapseLeft();  // again at the shell's next change
  }

  // The notebook of the address is the one in front: JupyterLab also reopens what was open
  // before, and on a busy machine a reopened lesson came in front of the one asked for (its
  // cells were then never drawn). Until the learner first touches or types, as above.
  function addressInFront(app) {
    const shell = app.shell;
    if (!settling(app) || typeof shell.widgets !== "function" ||
        typeof shell.activateById !== "function") return;
    const asked = Array.from(shell.widgets("main")).find(
      (widget) => widget.context && widget.context.path === PATH);
    if (asked && shell.currentWidget !== asked) shell.activateById(asked.id);
  }

  // ------------------------------------------------------------------ the kernel, early
  let early = "waiting";  // then "starting", then "done"

  async function startEarly(app) {
    const path = PATH;
    const shell = app.shell;
    if (REPL || !PLAIN || !/\.ipynb$/.test(path) || (shell && shell.currentWidget) ||
        address === "missing") {
      // no notebook of the site's tree in the address (none found; a path above the site's
      // root or on another drive: JupyterLab's own turn), or it is open already
      early = "done";
      return;
    }
    if (address !== "found") return;  // not known yet: at the next tick
    const services = app.serviceManager;
    if (!services || !services.sessions) return;
    early = "starting";
    try {
      await services.sessions.ready;
      await services.sessions.refreshRunning();
      if (Array.from(services.sessions.running()).some((model) => model.path === path)) {
        early = "done";
        return;
      }
      const specs = services.kernelspecs && services.kernelspecs.specs;
      // named by its path: JupyterLite gives a new session the running one of the same name,
      // and two lessons of the same file name (en/04_turns, ko/04_turns) must not share one
      const session = await services.sessions.startNew({
        path, type: "notebook", name: path,
        kernel: { name: (specs && specs.default) || "python" },
      });
      session.dispose();  // this connection only: the kernel runs on, for the notebook
      early = "done";
    } catch (err) {
      early = "waiting";  // the kernel's plugin is not registered yet: again at the next tick
    }
  }

  // ------------------------------------------------------------------ links to site pages
  function siteRoot() {
    const config = document.getElementById("jupyter-config-data");
    const root = (config && config.getAttribute("data-jupyter-lite-root")) || "..";
    return new URL(root.replace(/\/?$/, "/"), window.location.href);
  }

  function sitePage(anchor) {
    const root = siteRoot();
    const files = new URL("files/", root).href;
    if (!anchor.href || !anchor.href.startsWith(files)) return null;
    const target = decodeURIComponent(anchor.href.slice(files.length).split("#")[0]);
    const [path, query] = [target.split("?")[0], target.includes("?") ? target.slice(target.indexOf("?")) : ""];
    if (PRINTABLE.has(path)) return new URL(path, files).href;  // the rule card, to print
    return APPS.test(path) ? new URL(path + query, root).href : null;
  }

  document.addEventListener("click", (event) => {
    const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
    const page = anchor && anchor.closest(".jp-RenderedHTMLCommon") ? sitePage(anchor) : null;
    if (page === null || event.button !== 0) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const file = page.startsWith(new URL("files/", siteRoot()).href);
    if (file || event.ctrlKey || event.metaKey || event.shiftKey) window.open(page, "_blank", "noopener");
    else window.location.assign(page);
  }, true);

  // ------------------------------------------------------------------ what JupyterLab says
  // No polling: the script listens to the app's own signals, from the moment the page's script
  // makes the app (window.jupyterapp = app) — the shell's current widget, each notebook's
  // session context, the shell's layout, the app's restored layout — and looks again at each.
  let queued = false;
  function soon() {  // one look for any number of signals at once
    if (queued) return;
    queued = true;
    window.setTimeout(() => { queued = false; watch(); }, 0);
  }

  const heard = new WeakSet();  // the session contexts listened to

  function listenToCurrent(app) {
    const widget = app.shell && app.shell.currentWidget;
    const context = widget && widget.sessionContext;
    if (!context || heard.has(context)) return;
    heard.add(context);
    for (const signal of [context.statusChanged, context.kernelChanged,
                          context.connectionStatusChanged, context.sessionChanged]) {
      if (signal && typeof signal.connect === "function") signal.connect(soon);
    }
    Promise.resolve(context.ready).then(soon, soon);
  }

  // the kernel, early: tried as soon as the app's services are there, and again (a closer
  // look, every 50 ms) only until it has started or cannot
  function startSoon(app) {
    if (address === "unchecked") checkAddress(app).then(soon, soon);
    if (early === "done" && address !== "unchecked" && address !== "checking") return;
    if (early === "waiting") startEarly(app);
    window.setTimeout(() => startSoon(app), 50);
  }

  function onApp(app) {
    startSoon(app);
    const shell = app.shell;
    if (shell) {
      for (const signal of [shell.currentChanged, shell.layoutModified, shell.activeChanged]) {
        if (signal && typeof signal.connect === "function") {
          signal.connect(() => { listenToCurrent(app); soon(); });
        }
      }
    }
    Promise.resolve(app.started).then(() => { listenToCurrent(app); soon(); }, soon);
    Promise.resolve(app.restored).then(() => { listenToCurrent(app); soon(); }, soon);
    // While JupyterLab puts its layout back it may open the file browser again, or bring a
    // reopened lesson in front, without a signal of its own: a look every 250 ms, only until
    // the learner first touches or types, and at most until 15 s after the layout is back
    // (settling(); narrow screens and the lesson in front need it, nothing else does), and
    // never longer than a minute (a layout that never comes back).
    const came = Date.now();
    const settle = () => {
      watch();
      if (settling(app) && Date.now() - came < 60000) window.setTimeout(settle, 250);
    };
    settle();
  }

  // the app as soon as the page's script makes it (this script runs first: the trap is set
  // before the page's own scripts run), once the page's body is there
  function whenApp(callback) {
    // never inside the page's own script (its assignment): a moment later, with a body
    const call = (value) => {
      const later = () => window.setTimeout(() => callback(value), 50);
      if (document.body) later();
      else document.addEventListener("DOMContentLoaded", later);
    };
    if (window.jupyterapp) { call(window.jupyterapp); return; }
    let app;
    Object.defineProperty(window, "jupyterapp", {
      configurable: true,
      enumerable: true,
      get() { return app; },
      set(value) {
        app = value;
        Object.defineProperty(window, "jupyterapp", { value, writable: true, configurable: true,
                                                      enumerable: true });
        if (value) call(value);
      },
    });
  }

  // the REPL (no public handle on its kernel): its output, the moment it is shown
  function watchReplOutput() {
    const seen = new MutationObserver(() => {
      watch();
      if (document.querySelector(".jp-CodeConsole .jp-OutputArea-output")) seen.disconnect();
    });
    seen.observe(document.body, { childList: true, subtree: true });
  }

  function start() {
    document.body.appendChild(live);
    if (params.get("hr") === "classroom") document.body.classList.add("hr-classroom-page");
    watch();
    if (REPL) watchReplOutput();
  }

  if (!REPL) whenApp(onApp);

  if (document.body) start(); else document.addEventListener("DOMContentLoaded", start);
})();
