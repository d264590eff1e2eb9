# pinned.sh - checks shared by the tools/*/ensure-installed.sh scripts, which source it: are the
# pinned versions installed? Each returns 0 when they are, 1 otherwise.

# npm_pins_installed NODE DIR: every dependency of DIR/package.json is in DIR/node_modules at the
# exact version package.json pins.
npm_pins_installed() {
  "$1" -e '
    const dir = process.argv[1];
    const deps = require(dir + "/package.json").dependencies;
    for (const [name, version] of Object.entries(deps)) {
      let got;
      try { got = require(dir + "/node_modules/" + name + "/package.json").version; } catch { process.exit(1); }
      if (got !== version) process.exit(1);
    }' "$2"
}

# venv_pins_installed VENV LOCK: every NAME==VERSION line of the file LOCK (comments and blank
# lines aside) is installed at that version in the virtual environment VENV.
venv_pins_installed() {
  [ -x "$1/bin/python" ] || return 1
  "$1/bin/python" - "$2" <<'PY'
import sys
from importlib.metadata import PackageNotFoundError, version
for line in open(sys.argv[1], encoding="utf-8"):
    line = line.split("#", 1)[0].strip()
    if not line:
        continue
    name, wanted = line.split("==")
    try:
        if version(name) != wanted:
            sys.exit(1)
    except PackageNotFoundError:
        sys.exit(1)
PY
}
