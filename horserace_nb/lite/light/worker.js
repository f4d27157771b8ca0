// The light classroom page's Python (classroom/index.html): Pyodide in this module worker runs
// the notebook's Classroom(lang=…, projector=…) with bridge.py, the Python half of the comm
// bridge; the page draws the widgets. Messages, page → worker:
//   {type: "start", lang, projector, compressed}   compressed: {name: type} of the files of
//     static/pyodide/ fetched from their gzip copies in gz/ (compressed.js)
//   {type: "comm_msg", id, comm_id, data, buffers}   a front-end widget's message (id: its msg id)
//   {type: "comm_close", id, comm_id}
// worker → page:
//   {type: "comm", parent, msg: {msg_type, comm_id, data, metadata, target_name?}, buffers}
//   {type: "idle", id}            the message id has been handled (a kernel's "idle" status)
//   {type: "ready", model_id, timings}
//   {type: "failed", text}
import { loadPyodide } from "../static/pyodide/pyodide.mjs";
import { fetchCompressed } from "./compressed.js";

const HERE = new URL(".", import.meta.url);
let parent = null;  // the id of the page's message being handled: the parent of what Python sends
let bridge = null;
const waiting = [];  // the page's messages that came before Python was ready

function send(text, buffers) {
  const list = buffers && typeof buffers.toJs === "function" ? buffers.toJs() : [];
  if (buffers && typeof buffers.destroy === "function") buffers.destroy();
  const copies = Array.from(list, (b) => new Uint8Array(b));
  self.postMessage({ type: "comm", parent, msg: JSON.parse(text), buffers: copies },
                   copies.map((b) => b.buffer));
}

function handle(message) {
  parent = message.id;
  try {
    if (message.type === "comm_msg") {
      bridge.receive(message.comm_id, JSON.stringify(message.data),
                     (message.buffers || []).map((b) => new Uint8Array(b.buffer || b)));
    } else if (message.type === "comm_close") {
      bridge.close(message.comm_id);
    }
  } catch (err) {
    console.error("horserace_nb light page:", err);
  } finally {
    parent = null;
    self.postMessage({ type: "idle", id: message.id });
  }
}

async function start(options) {
  const timings = { started: performance.now() };
  const index = new URL("../static/pyodide/", HERE).href;
  fetchCompressed(index, new URL("gz/", HERE).href, options.compressed);
  const py = await loadPyodide({
    indexURL: index,
    // the page's own lock (the site's, without IPython: bridge.py stands in for it), whose
    // files are the site's
    lockFileURL: new URL("pyodide-lock.json", HERE).href,
    packageBaseUrl: index,
    packages: ["horserace-nb"],
    stdout: (line) => console.log(line),
    stderr: (line) => console.warn(line),
  });
  timings.pyodide = performance.now();
  const code = await (await fetch(new URL("bridge.py", HERE))).text();
  const scope = py.globals.get("dict")();
  py.runPython(code, { globals: scope });
  bridge = { receive: scope.get("receive"), close: scope.get("close") };
  timings.bridge = performance.now();
  const modelId = scope.get("start")(send, options.lang, Boolean(options.projector));
  timings.classroom = performance.now();
  self.postMessage({ type: "ready", model_id: modelId, timings });
  for (const message of waiting.splice(0)) handle(message);
}

self.onmessage = (event) => {
  const message = event.data;
  if (message.type === "start") {
    start(message).catch((err) => {
      self.postMessage({ type: "failed", text: String(err && err.message || err) });
    });
  } else if (bridge === null) {
    waiting.push(message);
  } else {
    handle(message);
  }
};
