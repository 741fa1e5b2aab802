#!/usr/bin/env python3
"""The README's quickstarts, run verbatim in a fresh clone (issue 36): what a new user types.

Usage: python3 scripts/readme_quickstart.py [--keep]

Clones the repository's HEAD into a temporary directory and runs, in the clone, each block the README marks
with `<!-- quickstart: NAME -->` (the fenced block right after the marker), exactly as written:
  - library: the Install section's Package.swift (its `path:` pointing at the clone) and the block as the
    app's main.swift, built and run; the output must match the block's `// …` comments of its last prints;
  - showcase, your-data: shell blocks, each must exit 0 and print a frame;
  - server + server-client: one shell session (the server started in the first is stopped in the second);
    the curl answer must hold hits and the client must print a count;
  - bench: the shell block, which must print W1–W4 medians.
Blocks are extracted at run time, so the README cannot drift from what works. Every step has a time bound;
the server listens on 127.0.0.1 only. Needs git, python3 (venv) and network access to PyPI for the client.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOUND = 1800  # seconds, per block


def blocks(readme):
    """The marked blocks: name → (language, text)."""
    found = {}
    for match in re.finditer(r"<!-- quickstart: ([\w-]+) -->\n```(\w+)\n(.*?)\n```", readme, re.S):
        found[match.group(1)] = (match.group(2), match.group(3))
    return found


def run_shell(script, cwd, name):
    print(f"== {name}", flush=True)
    result = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=cwd, capture_output=True, text=True,
                            timeout=BOUND)
    if result.returncode != 0:
        sys.stderr.write(result.stdout[-4000:] + result.stderr[-4000:])
        raise SystemExit(f"quickstart: the README's {name} block failed ({result.returncode})")
    return result.stdout


def expect(condition, name, output):
    if not condition:
        sys.stderr.write(output[-4000:])
        raise SystemExit(f"quickstart: the README's {name} block did not print what it should")


def library(readme, found, clone, work):
    package = re.search(r"## Install.*?```swift\n(.*?)\n```", readme, re.S).group(1)
    app = os.path.join(work, "MySearchApp")
    os.makedirs(os.path.join(app, "Sources", "MySearchApp"))
    # The one change a reader makes too: the dependency's path is where the clone is.
    package = re.sub(r'\.package\(path: "[^"]*"\)', f'.package(path: "{clone}")', package)
    with open(os.path.join(app, "Package.swift"), "w") as f:
        f.write(package + "\n")
    code = found["library"][1]
    with open(os.path.join(app, "Sources", "MySearchApp", "main.swift"), "w") as f:
        f.write(code + "\n")
    output = run_shell("swift build -q >&2 && .build/debug/MySearchApp", app, "library")
    promised = [m.group(1).strip() for m in re.finditer(r"^print\(.*\)\s*// (.*)$", code, re.M)]
    lines = [line.strip() for line in output.strip().split("\n")][-len(promised):]
    expect(lines == promised, "library", output + f"\nexpected {promised}, got {lines}\n")


def main():
    keep = "--keep" in sys.argv
    with open(os.path.join(ROOT, "README.md")) as f:
        readme = f.read()
    found = blocks(readme)
    missing = {"library", "showcase", "server", "server-client", "your-data", "bench"} - set(found)
    if missing:
        raise SystemExit(f"quickstart: the README has no block marked {sorted(missing)}")
    work = tempfile.mkdtemp(prefix="readme-quickstart-")
    clone = os.path.join(work, "instantsearch-swift")
    try:
        subprocess.run(["git", "clone", "-q", ROOT, clone], check=True, timeout=300)
        shutil.rmtree("/tmp/quickstart", ignore_errors=True)
        output = run_shell(found["showcase"][1], clone, "showcase")
        expect("Search: wireless" in output and "results in" in output, "showcase", output)
        # The harness's one addition: a server left running by a failing step is stopped.
        session = "trap 'kill $(jobs -p) 2>/dev/null || true' EXIT\n" + found["server"][1] + "\n" + found["server-client"][1]
        output = run_shell(session, clone, "server")
        expect('"hits":[{' in output and '"nbHits":' in output, "server (curl)", output)
        expect(re.search(r"^\d+$", output.strip().split("\n")[-1]) is not None, "server (client)", output)
        output = run_shell(found["your-data"][1], clone, "your-data")
        expect("Search: wireless" in output and "results in" in output, "your-data", output)
        output = run_shell(found["bench"][1], clone, "bench")
        expect(all(re.search(rf"^{w}\s+\d", output, re.M) for w in ["W1", "W2", "W3", "W4"]), "bench", output)
        library(readme, found, clone, work)
        print("quickstart: every README block ran as written in a fresh clone")
    finally:
        if keep:
            print(f"quickstart: kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
            shutil.rmtree("/tmp/quickstart", ignore_errors=True)


if __name__ == "__main__":
    main()
