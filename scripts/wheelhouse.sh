#!/usr/bin/env bash
# The instructor guide's §1.1 ("离线安装包") run as written (on demand, not by .ci/run: about 5 min and
# 118 MB of downloads; tests/test_doctor.py checks that each line marked `# guide` is in the guide word for word):
#   1. on the teacher's machine, online, in the repository: the wheelhouse;
#   2. on a student's laptop, offline: a copy of the repository and the wheelhouse (the USB
#      stick), a venv, the install with no index, then the preflight `python -m agentkit doctor`.
# Usage: bash scripts/wheelhouse.sh [WORKDIR]   (default: a new temporary folder)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d)}
stick="$work/usb/agentloop-workbook"
mkdir -p "$stick"

# 1. Teacher, online, in the repository.
cd "$root"
python -m pip download --quiet -d "$work/usb/wheelhouse" ".[dev]" "setuptools>=68" wheel
# (the guide's own line, with the wheelhouse written to the stick:)
#   python -m pip download -d wheelhouse ".[dev]" "setuptools>=68" wheel   # guide
git ls-files -z | xargs -0 cp --parents -t "$stick"   # the repository without .git
mv "$work/usb/wheelhouse" "$stick/wheelhouse"

# 2. Student, offline: only what is on the stick.
cd "$stick"
python -m venv .venv   # guide
. .venv/bin/activate
pip install --quiet --no-index --find-links wheelhouse -e ".[dev]"
#   pip install --no-index --find-links wheelhouse -e ".[dev]"   # guide
python -m agentkit doctor
echo "wheelhouse: $(ls wheelhouse | wc -l) files, $(du -sh wheelhouse | cut -f1)"
