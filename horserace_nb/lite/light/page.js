// The light classroom page (classroom/index.html?lang=ko&projector=1): the notebook's
// Classroom(lang=…, projector=…) without JupyterLab. Python runs in a Web Worker (worker.js,
// started by the page's inline script as soon as the page is parsed); the widgets are drawn
// here by @jupyter-widgets/html-manager with anywidget's front end (vendor.js, bundled from the
// npm registry when the site is built), and this module is the page's half of the comm bridge:
// it turns the worker's messages into the comms a kernel would give the widget manager, and the
// widgets' messages into messages to the worker. Python decides everything; this only relays.
import { HTMLManager, anywidgetModule } from "./vendor.js";

const page = window.hrLight;  // set by the inline script: {worker, lang, messages, early}
const worker = page.worker;
const comms = new Map();  // comm id → BridgeComm
const pending = new Map();  // id of a message sent to the worker → its callbacks
let counter = 0;
// the page's messages Python has not handled yet (0: "idle", as a kernel's status says)
window.hrLightBusy = 0;

// A comm whose other end is Python in the worker (the shape the widget manager expects of a
// kernel's comm).
class BridgeComm {
  constructor(commId, targetName) {
    this.comm_id = commId;
    this.target_name = targetName;
    this._onMsg = null;
    this._onClose = null;
    this._early = [];  // messages that came before the model took the comm
  }

  on_msg(callback) {
    this._onMsg = callback;
    for (const msg of this._early.splice(0)) callback(msg);
  }

  on_close(callback) { this._onClose = callback; }

  _deliver(msg) {
    if (this._onMsg) this._onMsg(msg); else this._early.push(msg);
  }

  _post(type, data, callbacks, buffers) {
    counter += 1;
    const id = `hr-light-${counter}`;
    if (callbacks) pending.set(id, callbacks);
    window.hrLightBusy += 1;
    const copies = (buffers || []).map((b) => new Uint8Array(
      b instanceof ArrayBuffer ? b.slice(0) : b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength)));
    worker.postMessage({ type, id, comm_id: this.comm_id, data, buffers: copies },
                       copies.map((b) => b.buffer));
    return id;
  }

  send(data, callbacks, metadata, buffers) {
    return this._post("comm_msg", data, callbacks, buffers);
  }

  close(data, callbacks) {
    comms.delete(this.comm_id);
    return this._post("comm_close", data || {}, callbacks, []);
  }

  open() { throw new Error("the light page opens no comm from the page"); }
}

class PageManager extends HTMLManager {
  constructor() {
    const anywidget = anywidgetModule();
    super({
      loader: (name) => (name === "anywidget" ? Promise.resolve(anywidget)
        : Promise.reject(new Error(`the light page has no widget module ${name}`))),
    });
  }

  _create_comm() { return Promise.reject(new Error("the light page opens no comm from the page")); }

  _get_comm_info() { return Promise.resolve({}); }
}

const manager = new PageManager();

function message(parent, msg, buffers) {
  return {
    header: { msg_type: msg.msg_type },
    parent_header: parent ? { msg_id: parent } : {},
    metadata: msg.metadata || {},
    content: { comm_id: msg.comm_id, target_name: msg.target_name, data: msg.data },
    buffers: (buffers || []).map((b) => new DataView(b.buffer, b.byteOffset, b.byteLength)),
  };
}

function fromPython(data) {
  const msg = data.msg;
  if (msg.msg_type === "comm_open") {
    const comm = new BridgeComm(msg.comm_id, msg.target_name);
    comms.set(msg.comm_id, comm);
    manager.handle_comm_open(comm, message(data.parent, msg, data.buffers)).catch((err) => {
      console.error("horserace_nb light page: a widget could not be made", err);
    });
  } else if (msg.msg_type === "comm_msg") {
    const comm = comms.get(msg.comm_id);
    if (comm) comm._deliver(message(data.parent, msg, data.buffers));
  } else if (msg.msg_type === "comm_close") {
    const comm = comms.get(msg.comm_id);
    comms.delete(msg.comm_id);
    if (comm && comm._onClose) comm._onClose(message(data.parent, msg, data.buffers));
  }
}

function idle(id) {
  window.hrLightBusy = Math.max(0, window.hrLightBusy - 1);
  const callbacks = pending.get(id);
  pending.delete(id);
  const status = callbacks && callbacks.iopub && callbacks.iopub.status;
  if (status) status({ content: { execution_state: "idle" }, parent_header: { msg_id: id } });
}

// The live classroom replaces the opening picture once its board is drawn: until then it is
// drawn out of sight in the same place, so the picture gives way to it in one frame.
async function show(modelId, timings) {
  const live = document.getElementById("hr-live");
  const model = await manager.get_model(modelId);
  const view = await manager.create_view(model);
  await manager.display_view(view, live);
  const drawn = () => live.querySelector(".hr-board svg");
  while (!drawn()) await new Promise((resolve) => requestAnimationFrame(resolve));
  document.getElementById("hr-opening").remove();
  live.classList.remove("hr-offstage");
  document.body.dataset.hrState = "ready";
  page.say("ready");
  window.hrLightTimings = { ...timings, playable: performance.now() };
}

function onWorker(data) {
  if (data.type === "comm") fromPython(data);
  else if (data.type === "idle") idle(data.id);
  else if (data.type === "ready") {
    show(data.model_id, data.timings).catch((err) => {
      console.error("horserace_nb light page:", err);
      page.fail(String(err));
    });
  } else if (data.type === "failed") page.fail(data.text);
}

if (worker !== null) {
  worker.onmessage = (event) => onWorker(event.data);
  for (const data of page.early.splice(0)) onWorker(data);
}
