"""Formal checks of the game tables: Z3 proofs on models of the engine, tied to it (``lowball verify``)."""

from lowball.text.verdicts import Verdict
from lowball.verify.checks import Check
from lowball.verify.link import check_engine_link
from lowball.verify.proof import ProofUnknown, prove
from lowball.verify.properties import PROPERTIES
from lowball.verify.report import holds, load_for_verify, render, verify

__all__ = ["Check", "PROPERTIES", "ProofUnknown", "check_engine_link", "holds", "load_for_verify", "prove", "render",
           "Verdict", "verify"]
