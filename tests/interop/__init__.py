"""Tests of other programs and files: pokerkit, OpenSpiel, PHH, the rooms' hand histories."""
