// anywidget's npm module registers its widget factory with AMD's define() (for the classic
// notebook); this catches the factory, for entry.js, before anywidget's module runs.
export let factory = null;
globalThis.define = (deps, make) => { factory = make; };
