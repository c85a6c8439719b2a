"""Tests of the cards: card text, the stub and the card walk, draws, discards, reshuffles, draw odds."""
