"""Tests of the betting round, legal and illegal actions, a hand's moves and random play of the engine."""
