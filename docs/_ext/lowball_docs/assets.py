"""Fetch the pinned JavaScript the site serves itself (require.js, the ipywidgets HTML manager, MathJax).

The packages, their exact versions and their sha512 integrity are in ``docs/_static_src/js.lock.json``.
Each tarball is downloaded once from the npm registry over HTTPS (plain ``urllib``: no node or npm
needed), checked against the pinned integrity, and kept in ``docs/_build/js-cache``; the files the
lock names are then unpacked into a directory that is added to ``html_static_path``. A tarball that
does not match its integrity fails the build, cached or not.
"""

from __future__ import annotations

import base64
import fnmatch
import hashlib
import io
import json
import shutil
import tarfile
import urllib.request
from pathlib import Path

from sphinx.errors import ExtensionError
from sphinx.util import logging

logger = logging.getLogger(__name__)

REGISTRY = "https://registry.npmjs.org/"
TIMEOUT_S = 120


def integrity_of(data: bytes) -> str:
    """Return the npm (Subresource Integrity) string of ``data``: ``sha512-`` and the base64 digest."""
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def read_lock(path: Path) -> list[dict]:
    """Return the packages of the lock file, refusing one that pins anything but npm registry tarballs."""
    packages = json.loads(path.read_text(encoding="utf-8"))["packages"]
    for package in packages:
        for key in ("name", "version", "tarball", "integrity", "files"):
            if key not in package:
                raise ExtensionError(f"{path.name}: package {package.get('name', '?')!r} has no {key!r}")
        if not package["tarball"].startswith(REGISTRY):
            raise ExtensionError(f"{path.name}: {package['name']}: the tarball must come from {REGISTRY}")
        if not package["integrity"].startswith("sha512-"):
            raise ExtensionError(f"{path.name}: {package['name']}: pin a sha512 integrity")
    return packages


def fetch(package: dict, cache: Path) -> bytes:
    """Return the package's tarball, from the cache or the registry, after checking its integrity."""
    name = package["name"].replace("/", "__").lstrip("@")
    cached = cache / f"{name}-{package['version']}.tgz"
    if cached.is_file():
        data = cached.read_bytes()
        if integrity_of(data) == package["integrity"]:
            return data
        logger.info(f"lowball_docs: cached {cached.name} does not match its integrity; downloading again")
    url = package["tarball"]
    logger.info(f"lowball_docs: downloading {package['name']}@{package['version']} from {url}")
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT_S) as response:
            data = response.read()
    except OSError as err:
        raise ExtensionError(f"could not download {package['name']}@{package['version']} from the npm registry "
                             f"({url}): {err}. The docs need it once; it is then cached in {cache}") from None
    got = integrity_of(data)
    if got != package["integrity"]:
        raise ExtensionError(f"{package['name']}@{package['version']}: the downloaded tarball's integrity is "
                             f"{got}, but js.lock.json pins {package['integrity']}: refusing it")
    cache.mkdir(parents=True, exist_ok=True)
    cached.write_bytes(data)
    return data


def unpack(package: dict, data: bytes, into: Path) -> list[Path]:
    """Unpack the files the lock names (``package/PATTERN`` -> ``into/DEST``); fail if a pattern finds none."""
    written: list[Path] = []
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        members = [m for m in archive.getmembers() if m.isfile()]
        for pattern, dest in package["files"].items():
            found = [m for m in members if fnmatch.fnmatchcase(m.name, f"package/{pattern}")]
            # "*" must not cross a directory: dist/*.woff2 takes dist/x.woff2, not dist/sub/x.woff2
            found = [m for m in found if m.name.count("/") == f"package/{pattern}".count("/")]
            if not found:
                raise ExtensionError(f"{package['name']}@{package['version']}: no file matches {pattern!r}")
            for member in found:
                target = into / dest / Path(member.name).name
                target.parent.mkdir(parents=True, exist_ok=True)
                with archive.extractfile(member) as source, target.open("wb") as out:
                    shutil.copyfileobj(source, out)
                written.append(target)
    return written


def provide(lock: Path, cache: Path) -> Path:
    """Fetch and unpack every locked package; return the directory to add to ``html_static_path``."""
    static = cache / "static"
    if static.exists():
        shutil.rmtree(static)
    static.mkdir(parents=True)
    for package in read_lock(lock):
        unpack(package, fetch(package, cache), static)
    return static
