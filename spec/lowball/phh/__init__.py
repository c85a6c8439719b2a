"""Layer 5: hand histories in PHH, written and replayed."""
