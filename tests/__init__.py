"""The tests, by the parts of the rules (one folder each; shared helpers in support/)."""
