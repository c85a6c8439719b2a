"""Layer 4: counting hands (census) and exact draw odds, by enumeration."""
