"""Tests of game tables: the loader, keys, extends, house tables, every built-in game and family, fuzzed tables."""
