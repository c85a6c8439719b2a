"""Skip the modules that need OpenSpiel when it is not installed (it is a dev dependency, not a requirement)."""

try:
    import pyspiel  # noqa: F401
except ImportError:
    collect_ignore = ["game.py", "register.py"]
