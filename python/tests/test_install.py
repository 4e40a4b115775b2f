"""The documented offline install: `pip install --no-build-isolation .` into a virtualenv.

The venv is made with --system-site-packages (Debian's setuptools and wheel; nothing is
fetched: --no-index). PPN_CMAKE_BUILD_DIR points setup.py at this build, so the extension is
not compiled a second time; everything else is the path a user's install takes.
"""
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

from conftest import SOURCE, SAMPLES


def test_pip_install_into_a_venv(tmp_path):
    build = pathlib.Path(os.environ["PYTHONPATH"].split(os.pathsep)[0]).parent if os.environ.get("PYTHONPATH") else None
    if build is None or not (build / "CMakeCache.txt").exists():
        pytest.skip("run from the CMake build (ctest), which sets PYTHONPATH to build/python")
    venv = tmp_path / "env"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    py = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PPN_CMAKE_BUILD_DIR"] = str(build)
    env["PIP_NO_INDEX"] = "1"
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    # pip builds in the source tree (setuptools writes build/ and python/ppn.egg-info there):
    # a copy of the sources, so that the test leaves the checkout as it was.
    src = tmp_path / "src"
    shutil.copytree(SOURCE, src, ignore=shutil.ignore_patterns("build*", ".git", "__pycache__", "*.egg-info"))
    r = subprocess.run([str(py), "-m", "pip", "install", "--no-build-isolation", "--no-index", "-q", str(src)],
                       env=env, capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    code = ("import ppn, sys\n"
            "assert ppn.__file__.startswith(sys.prefix), ppn.__file__\n"
            f"print(len(list(ppn.read_games({str(SAMPLES / '01-four-player-family-night.ppn')!r}))))\n")
    out = subprocess.run([str(py), "-c", code], env=env, capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert int(out.stdout) >= 1
