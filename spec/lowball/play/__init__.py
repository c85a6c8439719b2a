"""Layer 6: bots and sessions of bot play."""
