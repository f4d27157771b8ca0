// The light classroom page's widget front end (vendor.js, bundled by esbuild when the site is
// built): ipywidgets' HTMLManager (which holds the @jupyter-widgets/base and controls models
// and views) and anywidget's model and view, made for those base classes.
import { factory } from "./shim.js";
import { HTMLManager } from "@jupyter-widgets/html-manager/lib/htmlmanager.js";
import * as base from "@jupyter-widgets/base";
import "anywidget";

const make = factory;
delete globalThis.define;

export { HTMLManager };
export function anywidgetModule() { return make(base); }
