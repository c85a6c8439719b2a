/* lowball-spec: the notebooks' panels as the docs site shows them (loaded before the widgets are drawn).

   1. The panels here are copies drawn without a kernel: nothing answers their buttons and fields, and a
      field that accepts typing shows a state the panel never had. So every control inside a panel is
      disabled as soon as it is drawn; the note above each panel says where it works (JupyterLab, Voilà).
   2. The ipywidgets HTML manager typesets the text of HTML widgets with MathJax 2's MathJax.Hub.Queue.
      This site loads MathJax 3, which has no Hub, so a page with both threw "Cannot read properties of
      undefined (reading 'Queue')" once per widget. A small Hub is given to whatever MathJax becomes. */
(function () {
  "use strict";
  var hub = {
    Queue: function () {
      for (var i = 0; i < arguments.length; i++) {
        var job = arguments[i];
        var mathjax = window.MathJax;
        if (Array.isArray(job) && job[0] === "Typeset" && mathjax && mathjax.typesetPromise && job[2]) {
          mathjax.typesetPromise([job[2]]).catch(function () {});
        }
      }
    }
  };
  var current = window.MathJax;
  function withHub(value) {
    if (value && typeof value === "object" && !value.Hub) {
      try { value.Hub = hub; } catch (e) { /* a frozen object: leave it */ }
    }
    return value;
  }
  Object.defineProperty(window, "MathJax", {
    configurable: true,
    enumerable: true,
    get: function () { return current; },
    set: function (value) { current = withHub(value); }
  });
  withHub(current);

  var CONTROLS = "input, button, select, textarea";
  function freeze(root) {
    var panels = root.querySelectorAll ? root.querySelectorAll(".cell_output .lowball-panel") : [];
    for (var p = 0; p < panels.length; p++) {
      var controls = panels[p].querySelectorAll(CONTROLS);
      for (var c = 0; c < controls.length; c++) {
        controls[c].disabled = true;
        controls[c].setAttribute("tabindex", "-1");
        controls[c].setAttribute("aria-disabled", "true");
      }
      panels[p].classList.add("lowball-frozen");
    }
  }
  function watch() {
    freeze(document);
    new MutationObserver(function () { freeze(document); })
      .observe(document.body, { childList: true, subtree: true });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", watch);
  } else {
    watch();
  }
})();
