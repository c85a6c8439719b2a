"""Formal checks of the rules tables: Z3 proofs, confirmed by enumeration (``lowball verify``)."""

from lowball.verify.checks import Check
from lowball.verify.proof import ProofUnknown, prove
from lowball.verify.report import load_for_verify, render, verify

__all__ = ["Check", "ProofUnknown", "load_for_verify", "prove", "render", "verify"]
