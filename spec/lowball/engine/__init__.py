"""Layer 3: one engine for every game table: the hand's state and its phases."""
