// @ts-check
// A widget's text with rule links (RuleText in text.py): Python's HTML, drawn in the element
// anywidget gives this view and nowhere else; a click on a rule link in it is routed by
// routeRuleLink (rule_links.js, joined before this module by Python).
//
// Python -> here, synced traits: value (the HTML, escaped by Python).

/** @typedef {import("./protocol").TextModel} TextModel */

/** @param {{ model: TextModel, el: HTMLElement }} view */
function render({ model, el }) {
  el.classList.add("hr-text");
  const draw = () => { el.innerHTML = model.get("value"); };
  el.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a.hr-rule[href]") : null;
    if (link && el.contains(link)) routeRuleLink(link, event);
  });
  model.on("change:value", draw);
  draw();
}

export default { render };
