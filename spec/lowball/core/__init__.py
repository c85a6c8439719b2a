"""Layer 1: cards, decks and the rules tables, loaded and validated (nothing here ranks or plays)."""
