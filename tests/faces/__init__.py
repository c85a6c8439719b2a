"""Tests of what people meet: the CLI, the Python API, widgets, notebooks, docs, the browser, Russian, the build."""
