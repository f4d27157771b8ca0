// @ts-check
// The language switch (LangSwitch in common.py): one button a language, each named in itself
// and marked with its own lang, drawn in the element anywidget gives this view. A click sets
// the value; Python redraws the widget in that language.
//
// Python -> here, synced traits: value (the language chosen), options ([name, code] pairs).

/** @typedef {import("./protocol").LangSwitchModel} LangSwitchModel */

const SUPPRESS = "data-lm-suppress-shortcuts";

/** @param {{ model: LangSwitchModel, el: HTMLElement }} view */
function render({ model, el }) {
  el.classList.add("hr-lang-w");
  const group = document.createElement("div");
  group.className = "hr-lang-buttons";
  group.setAttribute("role", "group");
  el.append(group);

  function draw() {
    group.replaceChildren();
    for (const [name, code] of model.get("options")) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "jupyter-button hr-lang-button";
      button.textContent = name;
      button.setAttribute("lang", code);
      button.setAttribute(SUPPRESS, "true");
      const on = code === model.get("value");
      button.setAttribute("aria-pressed", on ? "true" : "false");
      button.classList.toggle("mod-active", on);
      button.addEventListener("click", () => {
        if (model.get("value") === code) return;
        model.set("value", code);
        model.save_changes();
      });
      group.append(button);
    }
  }
  model.on("change:value", draw);
  model.on("change:options", draw);
  draw();
}

export default { render };
