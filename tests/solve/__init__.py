"""Tests of the solver: abstraction, CFR, trees, policies, the equilibrium bot, its files and CLI."""
