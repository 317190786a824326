"""A built wheel carries assets/ and levels/ and finds them once installed.

The wheel is built from this checkout, installed (not editable, no
dependencies) into a fresh venv outside the source tree, and asked for one
file from each data folder. Offline when hatchling is installed (the ``test``
extra); otherwise pip fetches it into an isolated build environment.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import textwrap
import venv
from pathlib import Path

import pytest

from game.rules.variants import VARIANTS
from tests.untrained import UNTRAINED

ROOT = Path(__file__).resolve().parents[1]

# Runs inside the installed venv, from a folder outside the source tree.
_PROBE = textwrap.dedent(
    """
    import gettext
    import json
    import sysconfig
    from pathlib import Path

    import game
    from game.paths import assets_dir, levels_dir

    credits = assets_dir() / "CREDITS.md"
    readme = levels_dir() / "README.md"
    print(json.dumps({
        "site": sysconfig.get_paths()["purelib"],
        "package": game.__file__,
        "assets": str(assets_dir()),
        "levels": str(levels_dir()),
        "credits": credits.read_text(encoding="utf-8"),
        "readme": readme.read_text(encoding="utf-8"),
        "weights": sorted(p.name for p in (assets_dir() / "weights").iterdir()),
        "greek": gettext.GNUTranslations(
            (assets_dir() / "locale" / "el" / "LC_MESSAGES" / "tabula.mo").open("rb")
        ).gettext("Settings"),
    }))
    """
)


def _env() -> dict[str, str]:
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1")
    for name in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"):
        env.pop(name, None)
    return env


def _run(args: list[str], cwd: Path, timeout: float = 120) -> str:
    done = subprocess.run(
        args, cwd=cwd, env=_env(), capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, f"{args[:4]} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    args = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out)]
    if importlib.util.find_spec("hatchling") is not None:
        args += ["--no-build-isolation", "--no-index"]
    _run([*args, str(ROOT)], cwd=out)
    (built,) = out.glob("tabula-*.whl")
    return built


def test_wheel_installs_and_finds_its_data(wheel: Path, tmp_path: Path) -> None:
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    python = env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    _run(
        [str(python), "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", str(wheel)],
        cwd=tmp_path,
    )

    work = tmp_path / "elsewhere"
    work.mkdir()
    found = json.loads(_run([str(python), "-I", "-c", _PROBE], cwd=work))

    site = Path(found["site"]).resolve()
    for key in ("package", "assets", "levels"):
        path = Path(found[key]).resolve()
        assert path.is_relative_to(site), f"{key} at {path}, not in {site}"
        assert not path.is_relative_to(ROOT), f"{key} at {path} is in the source tree"
    assert Path(found["assets"]).resolve() == site / "game" / "assets"
    assert Path(found["levels"]).resolve() == site / "game" / "levels"
    assert found["credits"] == (ROOT / "assets" / "CREDITS.md").read_text(encoding="utf-8")
    assert found["readme"] == (ROOT / "levels" / "README.md").read_text(encoding="utf-8")
    # Every trained variant's network and its record travel with the package.
    shipped = sorted(p.name for p in (ROOT / "assets" / "weights").iterdir())
    assert found["weights"] == shipped
    # The translation catalogues, compiled by the build (tools/catalogues.py, hatch_build.py).
    assert found["greek"] == "Ρυθμίσεις"
    # A game played by another's network (Portes: backgammon's) ships none of its own.
    trained = {VARIANTS[v].network_of or v for v in set(VARIANTS) - UNTRAINED}
    assert {f"{variant_id}.npz" for variant_id in trained} <= set(shipped)
