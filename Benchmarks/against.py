#!/usr/bin/python3
"""The build `Benchmarks/run --against REV` compares with: REV checked out in a git worktree beside
this checkout (`<checkout>-against`), built there like the measured one, and reused while it is
still built for that commit. Run by Benchmarks/run:

  against.py REV|- CONFIGURATION [SWIFT BUILD FLAGS…]   prints the commit and the folder of its programs

REV `-` is the commit BENCHMARKS.md last measured (its "at commit" lines), or, in a file older
than those lines, the last commit that changed BENCHMARKS.md.
"""
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STAMP = "homecrew-bench-commit"  # in the build folder: the commit its programs were built from


def git(*arguments, cwd=ROOT):
    return subprocess.run(["git", *arguments], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def measured_commit(path=os.path.join(ROOT, "BENCHMARKS.md")):
    """The newest commit BENCHMARKS.md says it measured ("measured on DAY … at commit `…`" in its
    header and its rows' notes; of one day the last), else the last commit that changed the file."""
    if os.path.exists(path):
        found = re.findall(r"[Mm]easured on (\d{4}-\d{2}-\d{2})[^\n]*? at commit `([0-9a-f]{7,40})`", open(path).read())
        if found:
            return max(enumerate(found), key=lambda item: (item[1][0], item[0]))[1][1]
    return git("log", "-1", "--format=%H", "--", "BENCHMARKS.md")


def prepare(revision, configuration, flags):
    """Checks REV out beside this checkout and builds homecrew and homecrew-extract there,
    unless that folder already holds programs built from it. Returns (commit, programs folder)."""
    commit = git("rev-parse", "--verify", f"{revision}^{{commit}}")
    tree = ROOT.rstrip("/") + "-against"
    if not os.path.isdir(tree):
        git("worktree", "add", "--detach", tree, commit)
    elif git("rev-parse", "HEAD", cwd=tree) != commit:
        if git("status", "--porcelain", "--untracked-files=no", cwd=tree):
            sys.exit(f"Benchmarks/run --against: {tree} has changes of its own; it is the comparison build's checkout")
        git("checkout", "--quiet", "--detach", commit, cwd=tree)
    # The same versions of the packages as this checkout's build (Package.resolved is not committed).
    ours, theirs = os.path.join(ROOT, "Package.resolved"), os.path.join(tree, "Package.resolved")
    if os.path.exists(ours) and (not os.path.exists(theirs) or open(ours).read() != open(theirs).read()):
        shutil.copyfile(ours, theirs)
    programs = os.path.join(tree, ".build", configuration)
    stamp = os.path.join(programs, STAMP)
    built = open(stamp).read().strip() if os.path.exists(stamp) else None
    if built != commit or not all(os.access(os.path.join(programs, name), os.X_OK) for name in ("homecrew", "homecrew-extract")):
        for product in ("homecrew", "homecrew-extract"):
            # Its output goes to standard error: standard output answers the caller.
            subprocess.run(["swift", "build", "-c", configuration, *flags, "--product", product], cwd=tree, check=True,
                           stdout=sys.stderr)
        with open(stamp, "w") as out:
            out.write(commit + "\n")
    return commit, programs


if __name__ == "__main__":
    revision, configuration, flags = sys.argv[1], sys.argv[2], sys.argv[3:]
    commit, programs = prepare(measured_commit() if revision == "-" else revision, configuration, flags)
    print(commit)
    print(programs)
