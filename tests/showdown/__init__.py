"""Tests of the showdown, its pots and words, the sevens rule, what a history shows."""
