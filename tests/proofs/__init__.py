"""Tests of lowball verify: the Z3 properties, their link with the engine, verdicts, layers, traceability."""
