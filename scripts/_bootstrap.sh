# Sourced by the scripts: make .venv match pyproject.toml.
#
# Two tiers. Every script gets what playing needs: the package's runtime dependencies,
# and the checkout itself on the venv's path (a `.pth` file, as an editable install
# makes one, with nothing to build). A script that sets WIZARD_P2P_TOOLS=1 before
# sourcing this (scripts/test, bench, fuzz, adversarial) also gets the `test` extra
# (pytest, hypothesis, ruff, mypy, import-linter), installed on top the first time.
# The venv is rebuilt when it is missing or when pyproject.toml changed since it was built.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
find_python() {
    for py in "${PYTHON:-}" python3.13 python3.12 python3.11 python3 python; do
        [ -n "$py" ] || continue
        if command -v "$py" >/dev/null 2>&1 &&
            "$py" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null; then
            echo "$py"; return 0
        fi
    done
    echo "wizard-p2p needs Python 3.11 or newer on PATH" >&2
    return 1
}
# The requirements of pyproject.toml: the runtime ones, or those of an extra ($1).
requirements() {
    .venv/bin/python - "$@" <<'PY'
import sys
import tomllib

with open("pyproject.toml", "rb") as f:
    project = tomllib.load(f)["project"]
wanted = project["optional-dependencies"][sys.argv[1]] if len(sys.argv) > 1 else project["dependencies"]
print("\n".join(wanted))
PY
}
STAMP=".venv/.pyproject.sha256"
TOOLS_STAMP=".venv/.test-extra"
WANT="$(sha256sum pyproject.toml | cut -d' ' -f1)"
if [ ! -x .venv/bin/python ] || [ "$(cat "$STAMP" 2>/dev/null)" != "$WANT" ]; then
    PY="$(find_python)"
    echo "setting up .venv with $PY ..." >&2
    rm -rf .venv
    "$PY" -m venv .venv
    requirements > .venv/requirements.txt
    .venv/bin/python -m pip install --quiet --disable-pip-version-check \
        -r .venv/requirements.txt >&2
    .venv/bin/python - "$ROOT" <<'PY'
import sys
import sysconfig
from pathlib import Path

Path(sysconfig.get_path("purelib"), "wizard_p2p_checkout.pth").write_text(sys.argv[1] + "\n")
PY
    echo "$WANT" > "$STAMP"
fi
if [ "${WIZARD_P2P_TOOLS:-}" = 1 ] && [ ! -e "$TOOLS_STAMP" ]; then
    echo "installing the test tools into .venv ..." >&2
    requirements test > .venv/requirements-test.txt
    .venv/bin/python -m pip install --quiet --disable-pip-version-check \
        -r .venv/requirements-test.txt >&2
    touch "$TOOLS_STAMP"
fi
export PATH="$ROOT/.venv/bin:$PATH"
# Byte-compile our sources (pip does it only for non-editable installs): every
# bot is its own process, and compiling at each start would delay every one of
# them where PYTHONDONTWRITEBYTECODE is set. Up-to-date files are skipped.
.venv/bin/python -m compileall -q wizard_p2p >/dev/null || true
