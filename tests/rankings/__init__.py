"""Tests of hand rankings: the tables of systems, the literate and fast evaluators, jokers, badugi, seven cards."""
