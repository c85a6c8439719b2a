/* lowball-clause-links: a JupyterLab extension of one plugin, written by hand (no build step, no imports), which
   `make lab` and the browser tests load with --LabApp.extra_labextensions_path=scripts/lab/labextensions.

   Why: a clause link ([N6](rules.ipynb#cell-id=N6)) runs JupyterLab's "rendermime:handle-local-link", which opens
   the rules notebook and sets the fragment once, as soon as the file is read. The notebook's 189 markdown cells
   are drawn after that, and each one drawn above the clause pushes it down: on a first click the clause ended
   out of sight (O5 from notebook 14 showed T1; in a rules notebook restored in its tab, P1-P4, "Cell 1/189"). Here
   the fragment is set again, in the notebook the link named (its path), until the clause stays at the top of the
   notebook's window; the reader's own scrolling, clicking or typing stops it at once, and it gives up when the
   notebook has drawn nothing new for ten seconds (a minute at most). scripts/lab/README.md says more.

   The container below is the shape JupyterLab's loader expects of a federated extension (init, then
   get("./extension") returning a factory of the module); this one shares no modules. */
(function () {
  "use strict";
  var HANDLE_LINK = "rendermime:handle-local-link";
  // A busy machine opens and draws the rules notebook slowly (CI saw the clause missed with the docs site built
  // beside the browser): the clock of ten seconds starts again whenever the notebook draws more, so that a slow
  // draw is waited for and a finished one is not; a minute bounds it all.
  var QUIET_MS = 10000;   // give up when the notebook has drawn nothing new for this long
  var LIMIT_MS = 60000;   // and this long after the click in any case
  var STEP_MS = 200;      // look this often
  var SETTLED = 4;        // consecutive looks with the clause in place before stopping early

  function sleep(ms) {
    return new Promise(function (resolve) { setTimeout(resolve, ms); });
  }

  // The notebook panel in the main area opened for this path (each edition has its own rules.ipynb).
  function panelFor(app, path) {
    for (var widget of app.shell.widgets("main")) {
      if (widget.context && widget.context.path === path && widget.content && widget.content.setFragment) {
        return widget;
      }
    }
    return null;
  }

  // The element the fragment names: the cell of a cell-id, else the heading's own anchor.
  function target(panel, fragment) {
    var match = /^#cell-id=(.+)$/.exec(fragment);
    if (match) {
      var cell = panel.content.widgets.find(function (c) { return c.model.id === decodeURIComponent(match[1]); });
      return cell ? cell.node : null;
    }
    return null;
  }

  // Is the element's top in the upper part of the notebook's own scrolling window?
  function inPlace(panel, element) {
    if (!element || !element.isConnected) { return false; }
    var outer = panel.content.node.getBoundingClientRect();
    var top = element.getBoundingClientRect().top;
    return outer.height > 0 && top >= outer.top - 2 && top <= outer.top + outer.height / 2;
  }

  // How far the notebook is drawn: its scrolling height and its cells on the page change while cells are drawn.
  function drawn(panel) {
    var outer = panel.node.querySelector(".jp-WindowedPanel-outer") || panel.content.node;
    return outer.scrollHeight + "/" + panel.content.node.querySelectorAll(".jp-Cell").length;
  }

  async function land(app, path, fragment) {
    var started = Date.now();
    var panel = null;
    while (!panel && Date.now() - started < LIMIT_MS) {
      panel = panelFor(app, path);
      if (!panel) { await sleep(STEP_MS); }
    }
    if (!panel) { return; }
    await panel.context.ready;
    var stopped = false;
    var stop = function () { stopped = true; };
    var node = panel.content.node;
    ["wheel", "keydown", "mousedown", "touchstart"].forEach(function (name) {
      node.addEventListener(name, stop, { once: true, passive: true });
    });
    var settled = 0;
    var last = drawn(panel), changed = Date.now();
    try {
      while (!stopped && settled < SETTLED && Date.now() - changed < QUIET_MS && Date.now() - started < LIMIT_MS) {
        await sleep(STEP_MS);
        if (stopped || panel.isDisposed) { break; }
        var now = drawn(panel);
        if (now !== last || !panel.isVisible) { last = now; changed = Date.now(); }
        var element = target(panel, fragment);
        if (element === null && !/^#cell-id=/.test(fragment)) { break; }   // a heading: JupyterLab's one try
        if (panel.isVisible && inPlace(panel, element)) {
          settled += 1;
        } else {
          settled = 0;
          if (panel.isVisible) { await panel.content.setFragment(fragment); }
        }
      }
    } finally {
      ["wheel", "keydown", "mousedown", "touchstart"].forEach(function (name) {
        node.removeEventListener(name, stop);
      });
    }
  }

  var plugin = {
    id: "lowball-clause-links:plugin",
    description: "Set a clause link's fragment again until the clause stays in view.",
    autoStart: true,
    activate: function (app) {
      app.commands.commandExecuted.connect(function (_, executed) {
        var args = executed.args || {};
        if (executed.id !== HANDLE_LINK || !args.path || !args.id) { return; }
        void executed.result.then(function () { return land(app, args.path, args.id); }).catch(function (err) {
          console.warn("lowball-clause-links: " + err);
        });
      });
    }
  };

  var container = {
    init: function () { return Promise.resolve(); },
    get: function (module) {
      if (module !== "./extension") {
        return Promise.reject(new Error("lowball-clause-links has no module " + module));
      }
      return Promise.resolve(function () { return { __esModule: true, "default": [plugin] }; });
    }
  };
  var registry = (window._JUPYTERLAB = window._JUPYTERLAB || {});
  registry["lowball-clause-links"] = container;
})();
