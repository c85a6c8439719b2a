"""Tests of antes, blinds, posts and the bring-in."""
