# Sourced by scripts/play, scripts/test and scripts/bench: make .venv match pyproject.toml.
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
STAMP=".venv/.pyproject.sha256"
WANT="$(sha256sum pyproject.toml | cut -d' ' -f1)"
if [ ! -x .venv/bin/python ] || [ "$(cat "$STAMP" 2>/dev/null)" != "$WANT" ]; then
    PY="$(find_python)"
    echo "setting up .venv with $PY ..." >&2
    rm -rf .venv
    "$PY" -m venv .venv
    .venv/bin/python -m pip install --quiet --upgrade pip >&2
    .venv/bin/python -m pip install --quiet -e ".[test]" >&2
    echo "$WANT" > "$STAMP"
fi
export PATH="$ROOT/.venv/bin:$PATH"
# Byte-compile our sources (pip does it only for non-editable installs): every
# bot is its own process, and compiling at each start would delay every one of
# them where PYTHONDONTWRITEBYTECODE is set. Up-to-date files are skipped.
.venv/bin/python -m compileall -q wizard_p2p >/dev/null || true
