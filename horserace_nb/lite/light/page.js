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

// A comm for the opening classroom's models, which have no Python behind them: what their
// views send (a board reporting its room, say) is dropped.
class NoComm {
  constructor(commId) { this.comm_id = commId; this.target_name = "jupyter.widget"; }

  on_msg() {}

  on_close() {}

  send() { return ""; }

  close() { return ""; }

  open() { return ""; }
}

// The opening classroom: the widget state of the classroom Python will make, written when the
// site was built (classroom_page.opening_state), drawn at once by a manager of its own in the
// page's place for it (#hr-opening, inert: nothing in it takes a tap or a key) until the live
// classroom replaces it. If it cannot be drawn, the opening picture is shown instead. Its board
// reports its room as the live one does; the picture Python drew at build time for that room
// (opening_state's "board") takes the place of the default, as Python's answer would.
async function opening() {
  const here = document.getElementById("hr-opening");
  const data = await page.opening;  // asked for by the inline script
  if (data.failed) throw new Error(data.failed);
  const { root, widgets, shared, board } = data;
  for (const [name, keys] of Object.entries(shared.uses)) {  // the texts written once
    for (const [key, index] of Object.entries(keys)) widgets.state[name].state[key] = shared.texts[index];
  }
  const shown = new PageManager();
  const models = await shown.set_state(widgets);
  for (const model of models) model.comm = new NoComm(model.model_id);
  // the board reports the room it has (a phone): the picture Python drew for that room
  const boardModel = await shown.get_model(board.model);
  boardModel.on("change:room", () => {
    const drawn = board.pictures[board.rooms[String(boardModel.get("room"))]];
    if (drawn !== undefined) boardModel.set("svg", drawn);
  });
  const view = await shown.create_view(await shown.get_model(root));
  if (!here.isConnected) return;  // the live classroom came first
  await shown.display_view(view, here);
  here.dataset.hrDrawn = "true";
}

const openingShown = opening().catch((err) => {
  console.error("horserace_nb light page: the opening classroom could not be drawn", err);
  page.picture();
});

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

// The live deal's first sentence (above the board: who leads; in its picture: whose turn) may be
// shorter than the opening classroom's, whose computer leads: its box keeps the opening's room
// until Python draws the next (the box's content changes), so that nothing moves when the live
// classroom takes the opening's place.
function keepRoom(live, what, box) {
  const before = document.querySelector(`#hr-opening ${what}`);
  const after = live.querySelector(what);
  const holder = after && after.closest(box);
  if (!before || !holder) return;
  const more = before.getBoundingClientRect().height - after.getBoundingClientRect().height;
  if (more < 0.5) return;
  holder.style.minHeight = `${holder.getBoundingClientRect().height + more}px`;
  const release = new MutationObserver(() => {
    holder.style.minHeight = "";
    release.disconnect();
  });
  release.observe(holder, { subtree: true, childList: true, characterData: true });
}

// The live classroom replaces the opening classroom once its board is drawn: until then it is
// drawn out of sight in the same place, so the opening gives way to it in one frame, and the
// message "Python is starting" goes.
async function show(modelId, timings) {
  const live = document.getElementById("hr-live");
  const model = await manager.get_model(modelId);
  const view = await manager.create_view(model);
  await manager.display_view(view, live);
  const drawn = () => live.querySelector(".hr-board svg");
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  while (!drawn()) await frame();
  await openingShown;
  // on a phone the live board reports its room and Python draws it again to that width, as
  // the opening's was drawn: the swap waits for that picture (3 s at most)
  const width = (svg) => (svg && svg.viewBox && svg.viewBox.baseVal ? svg.viewBox.baseVal.width : 0);
  const opened = document.querySelector("#hr-opening .hr-board svg");
  const until = performance.now() + 3000;
  while (opened && width(drawn()) !== width(opened) && performance.now() < until) await frame();
  keepRoom(live, ".hr-status", ".widget-html");
  keepRoom(live, ".hr-board svg", ".hr-board-svg");
  document.getElementById("hr-opening").remove();
  document.getElementById("hr-opening-alt").remove();
  document.getElementById("hr-light-status").hidden = true;
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
