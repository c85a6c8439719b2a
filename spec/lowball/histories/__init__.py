"""Layer 6: online rooms' hand histories (PokerStars, Full Tilt Poker, Winamax, Kings Club) read, judged by the
rules hand by hand, and written as PHH (O1-O5)."""
