#!/usr/bin/python3
"""Runs every command example in README.md and docs/**/*.md as DOCS-CONVENTION.md describes, and
compares what it printed with what the page says.

- ```console blocks: `$ ` lines are commands (a trailing ` \\` continues one), the lines after one are
  its expected output (standard output and error together); a line `...` matches any lines, `...`
  within a line any text. ```sh blocks: every line not a comment is a command, its output unchecked.
  Other info strings are not run; bash, shell, shell-session and untagged blocks are refused.
- Each page runs in order in a fresh working folder (a `Samples` link to the checkout's) against its
  own copy of one demo vault, with HOMECREW_VAULT, HOMECREW_TODAY=2026-11-22, NO_COLOR=1, TZ=UTC,
  LANG=C.UTF-8 and PATH starting with the built program's folder. `export NAME=value` carries on.
- A command exits 0 unless it ends `# exit N`; `# run by PATH` is not run: PATH must exist in the
  checkout and hold the command; `# background` must say it is listening within 20 s, still run,
  and exit 0 on SIGTERM.

Before the pages, a self-test runs the checker on fixture pages that must fail (and one that must
pass), so this check is known to be able to fail. The count is of examples: one per command, and one
per refused block.

Pages run two at a time (--jobs): ten pages (250 examples) took 33-44 s instead of 59-68 s one at a
time on a 2-core machine shared with builds (load 10); they spend ~18 s of CPU in all, the rest waiting.
The demo vault is made once (10-12 s) and copied for each page (`cp -a`, 0.01 s).

Usage: Tests/Docs/check.py .build/debug/homecrew [--page FILE] [--list] [--self-test | --no-self-test]
[--root DIR] [--jobs N]. Exit 0 when every example holds and there was at least one."""
import argparse
import concurrent.futures
import difflib
import itertools
import operator
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field

CHECKOUT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TODAY = "2026-11-22"
COMMAND_SECONDS = 120
LISTEN_SECONDS = 20
REFUSED_KINDS = {"", "bash", "shell", "shell-session"}
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([^`\s]*)[^`]*$")
DIRECTIVE = re.compile(r"\s+#\s*(?:exit\s+(?P<exit>\d+)|run by\s+(?P<run_by>\S+)|(?P<background>background))\s*$")
LISTENING = re.compile(r"\b(?:listening|serving)\b", re.I)
URL = re.compile(r"https?://(?P<host>\[[^\]]+\]|[^/\s:\[]+):(?P<port>\d+)")


@dataclass
class Example:
    page: str
    line: int
    command: str = ""
    expected: list = None  # (line number, text) of a console command's output; None: not checked
    exit_code: int = 0
    run_by: str = None
    background: bool = False
    refused: str = None  # why a block (or a line of one) is refused: nothing in it is run
    continues: bool = field(default=False, repr=False)

    def finish(self):
        directive = DIRECTIVE.search(self.command)
        if directive:
            self.command = self.command[:directive.start()]
            self.exit_code = int(directive["exit"] or 0)
            self.run_by = directive["run_by"]
            self.background = bool(directive["background"])
        while self.expected and not self.expected[-1][1].strip():
            self.expected.pop()  # blank lines before the next command: no output shown is output not checked
        return self

    def describe(self):
        mark = f"  # exit {self.exit_code}" if self.exit_code else ""
        mark += f"  # run by {self.run_by}" if self.run_by else ""
        mark += "  # background" if self.background else ""
        return self.refused or f"$ {self.command}{mark}"


# Reading pages

def fenced_blocks(lines):
    """(info word, opening line number, [(line number, text)]) for each fenced block."""
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if not opening:
            index += 1
            continue
        indent, fence, info = opening.groups()
        closing = re.compile(r"^\s*" + re.escape(fence[0]) + "{%d,}\\s*$" % len(fence))
        end = index + 1
        while end < len(lines) and not closing.match(lines[end]):
            end += 1
        content = [(number + 1, text[len(indent):] if text.startswith(indent) else text.lstrip())
                   for number, text in enumerate(lines[index + 1:end], start=index + 1)]
        yield info.lower(), index + 1, content
        index = end + 1


def continues(text):
    return text.rstrip().endswith(" \\")


def continued(example, text):
    example.command += "\n" + text
    example.continues = continues(text)


def console_examples(page, content):
    examples = []
    for number, text in content:
        if examples and examples[-1].continues:
            continued(examples[-1], text)
        elif text.startswith("$ "):
            examples.append(Example(page, number, text[2:], expected=[], continues=continues(text)))
        elif examples:
            examples[-1].expected.append((number, text))
        elif text.strip():
            examples.append(Example(page, number, expected=[], refused="a ```console block must start with a `$ ` command: "
                                    "a line before the first one is never checked"))
    return [example.finish() for example in examples]


def sh_examples(page, content):
    examples = []
    for number, text in content:
        if examples and examples[-1].continues:
            continued(examples[-1], text)
        elif text.strip() and not text.lstrip().startswith("#"):
            examples.append(Example(page, number, text.strip(), continues=continues(text)))
    return [example.finish() for example in examples]


def page_examples(root, path):
    page = os.path.relpath(path, root)
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    examples = []
    for kind, number, content in fenced_blocks(lines):
        if kind in REFUSED_KINDS:
            fenced = f"a ```{kind} block" if kind else "a block with no info string"
            examples.append(Example(page, number, refused=fenced + " is refused: fence it console (commands and their output), "
                                    "sh (commands) or text (not run)"))
        elif kind == "console":
            examples += console_examples(page, content)
        elif kind == "sh":
            examples += sh_examples(page, content)
    return examples


def pages_of(root):
    found = [os.path.join(root, "README.md")] if os.path.isfile(os.path.join(root, "README.md")) else []
    for folder, subfolders, files in os.walk(os.path.join(root, "docs")):
        subfolders.sort()
        found += [os.path.join(folder, name) for name in sorted(files) if name.endswith(".md")]
    return found


# Comparing output

def line_pattern(text):
    return re.compile(".*".join(re.escape(part) for part in text.split("...")))


def matched_prefixes(expected, actual):
    """rows[i][j]: the first i expected lines match the first j actual lines."""
    row = [True] + [False] * len(actual)
    rows = [row]
    for text in expected:
        if text.strip() == "...":
            row = list(itertools.accumulate(row, operator.or_))
        else:
            pattern = line_pattern(text)
            row = [False] + [row[j] and bool(pattern.fullmatch(actual[j])) for j in range(len(actual))]
        rows.append(row)
    return rows


def trimmed(lines):
    lines = [line.rstrip() for line in lines]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def as_matched(expected, actual, rows):
    """The expected lines with those that matched (and what `...` stood for) written as the actual lines
    they matched, so a diff shows only the lines that differ."""
    end = rows[len(expected)].index(True)
    shown = []
    for i in range(len(expected), 0, -1):
        start = rows[i - 1].index(True) if expected[i - 1].strip() == "..." else end - 1
        shown[:0] = actual[start:end]
        end = start
    return shown


def output_problem(example, output):
    """None when the output matches the example's expected lines, else a description with a diff."""
    expected_numbers = [number for number, _ in example.expected]
    expected = trimmed(text for _, text in example.expected)
    actual = trimmed(output.split("\n"))
    rows = matched_prefixes(expected, actual)
    if rows[-1][-1]:
        return None
    reached = max(i for i, row in enumerate(rows) if any(row))
    where = (f"{example.page}:{expected_numbers[reached]}: no output line matches {expected[reached]!r}" if reached < len(expected)
             else f"{example.page}:{example.line}: more output than the page shows")
    shown = as_matched(expected[:reached], actual, rows) + expected[reached:]
    diff = list(difflib.unified_diff(shown, actual, "expected (the page)", "actual", lineterm=""))
    return "\n".join([where] + diff[:60] + (["... (diff cut)"] if len(diff) > 60 else []))


# Running commands

def run_command(command, env, folder):
    """(exit code or None on a timeout, standard output and error together)."""
    process = subprocess.Popen(["bash", "-c", command], cwd=folder, env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        output, _ = process.communicate(timeout=COMMAND_SECONDS)
        code = process.returncode
    except subprocess.TimeoutExpired:
        code = None
        stop_group(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
    stop_group(process.pid, signal.SIGKILL)
    return code, output.decode("utf-8", errors="replace")


def stop_group(group, signal_number):
    try:
        os.killpg(group, signal_number)
    except (ProcessLookupError, PermissionError):
        pass


def is_listening(output):
    """Whether a line says it is listening or serving, and the port of its URL, if it names one, accepts."""
    for line in filter(LISTENING.search, output.split("\n")):
        url = URL.search(line)
        if not url:
            return True
        try:
            socket.create_connection((url["host"].strip("[]"), int(url["port"])), timeout=1).close()
            return True
        except OSError:
            return False
    return False


def run_in_background(command, env, folder):
    """(problems, output): started, listening within LISTEN_SECONDS, still running, exits 0 on SIGTERM."""
    process = subprocess.Popen(["bash", "-c", command], cwd=folder, env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    chunks = []
    reader = threading.Thread(target=lambda: chunks.extend(iter(lambda: process.stdout.read1(4096), b"")), daemon=True)
    reader.start()
    deadline = time.monotonic() + LISTEN_SECONDS
    output = lambda: b"".join(chunks).decode("utf-8", errors="replace")
    while time.monotonic() < deadline and process.poll() is None and not is_listening(output()):
        time.sleep(0.1)
    problems = []
    if process.poll() is not None:
        problems.append(f"stopped by itself with exit {process.returncode}: a background command must keep running")
    else:
        if not is_listening(output()):
            problems.append(f"did not say it was listening (or its port did not accept) within {LISTEN_SECONDS} s")
        process.send_signal(signal.SIGTERM)
        try:
            code = process.wait(timeout=20)
            if code != 0:
                problems.append(f"exited {code} on SIGTERM, not 0")
        except subprocess.TimeoutExpired:
            problems.append("still running 20 s after SIGTERM")
    stop_group(process.pid, signal.SIGKILL)
    process.wait()
    reader.join(timeout=5)
    return problems, output()


def exported(command, env, folder):
    """The variables an `export NAME=value` line sets, as bash sees them; None when it is not one."""
    names = re.findall(r"(?:^|\s)([A-Za-z_][A-Za-z0-9_]*)=", command[len("export"):]) if command.startswith("export ") else []
    if not names:
        return None
    code, output = run_command(command + "\nenv -0", env, folder)
    values = dict(item.split("=", 1) for item in output.split("\0") if "=" in item)
    return {name: values[name] for name in names if name in values} if code == 0 else {}


def normalised(text):
    return " ".join(text.replace("\\\n", " ").split())


def run_by_problem(example, root):
    path = os.path.join(root, example.run_by)
    if not os.path.isfile(path):
        return f"# run by {example.run_by}: no such file in the checkout"
    with open(path, encoding="utf-8", errors="replace") as handle:
        text = handle.read()
    if normalised(example.command) not in normalised(text):
        return f"# run by {example.run_by}: that file does not contain {example.command!r}"
    return None


def tail(output, lines=20):
    shown = trimmed(output.split("\n"))
    return "\n".join((["..."] if len(shown) > lines else []) + shown[-lines:])


def example_problem(example, env, folder, root):
    """None when the example holds, else what went wrong (the page's environment may change)."""
    if example.refused:
        return "nothing in it was run"
    if example.run_by:
        return run_by_problem(example, root)
    if example.background:
        problems, output = run_in_background(example.command, env, folder)
        return "\n".join(problems + ["its output:", tail(output)]) if problems else None
    variables = exported(example.command, env, folder)
    if variables is not None:
        env.update(variables)
        return None if variables else "the export failed"
    code, output = run_command(example.command, env, folder)
    if code is None:
        return f"still running after {COMMAND_SECONDS} s (stopped)\nits output:\n{tail(output)}"
    if code != example.exit_code:
        return f"exited {code}, expected {example.exit_code}\nits output:\n{tail(output)}"
    return output_problem(example, output) if example.expected else None


# Pages

def page_environment(binary, home, vault):
    env = {"PATH": os.path.dirname(binary) + ":" + os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home,
           "HOMECREW_VAULT": vault, "HOMECREW_TODAY": TODAY, "NO_COLOR": "1", "TZ": "UTC", "LANG": "C.UTF-8", "TERM": "dumb"}
    env.update({name: os.environ[name] for name in ["USER", "LOGNAME", "TMPDIR"] if name in os.environ})
    return env


def check_page(examples, root, binary, demo):
    """[(example, problem or None)] for one page's examples, run in order in a fresh folder and vault."""
    work = tempfile.mkdtemp(prefix="homecrew-docs-")
    try:
        folder, vault = os.path.join(work, "folder"), os.path.join(work, "vault")
        os.mkdir(folder)
        os.symlink(os.path.join(root, "Samples"), os.path.join(folder, "Samples"))
        subprocess.run(["cp", "-a", demo, vault], check=True)
        env = page_environment(binary, folder, vault)
        return [(example, example_problem(example, env, folder, root)) for example in examples]
    finally:
        subprocess.run(["chmod", "-R", "u+w", work])
        shutil.rmtree(work, ignore_errors=True)


def report(results, out):
    """Prints each failure; (passed, ["page:line" of each failure])."""
    failed = []
    for example, problem in results:
        if problem:
            failed.append(f"{example.page}:{example.line}")
            print(f"FAIL {example.page}:{example.line}: " + example.describe().replace("\n", "\n     "), file=out)
            print("\n".join("     " + line for line in problem.split("\n")), file=out, flush=True)
    return len(results) - len(failed), failed


def check_pages(paths, root, binary, demo, jobs, out=sys.stdout):
    """Checks the pages (`jobs` at once), printing failures and a line per page; (passed, ["page:line" failed])."""
    passed, failed = 0, []
    examples = {path: page_examples(root, path) for path in paths}
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        started = time.monotonic()
        runs = [(path, pool.submit(check_page, examples[path], root, binary, demo)) for path in paths]
        for path, run in runs:
            page_passed, page_failed = report(run.result(), out)
            print(f"{'ok  ' if not page_failed else 'FAIL'} {os.path.relpath(path, root)}: {page_passed} passed, "
                  f"{len(page_failed)} failed ({time.monotonic() - started:.1f} s since the start)", file=out, flush=True)
            passed, failed = passed + page_passed, failed + page_failed
    if passed + len(failed) == 0:
        print(f"FAIL no examples found in {', '.join(os.path.relpath(path, root) for path in paths) or 'no pages'}: "
              "a check of nothing must fail", file=out, flush=True)
        failed.append("no examples")
    return passed, failed


def make_demo(binary, work):
    vault = os.path.join(work, "demo-vault")
    started = time.monotonic()
    result = subprocess.run([binary, "demo", "--vault", vault, "--today", TODAY], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"homecrew demo failed with exit {result.returncode}: {result.stdout}{result.stderr}")
    print(f"     the demo vault took {time.monotonic() - started:.1f} s", flush=True)
    return vault


# The self-test: fixture pages the checker must fail (and one it must pass)

GOOD_PAGES = {
    "README.md": """# A good page
```console
$ echo "$HOMECREW_TODAY $TZ $NO_COLOR $LANG"
2026-11-22 UTC 1 C.UTF-8
$ export GREETING='hello there'
$ echo "$GREETING" \\
    from the page
hello there from the page
$ homecrew staff list --all-households
...
...Asha...
...
$ homecrew staff show Nobody  # exit 66
error: ...
$ ls Samples/documents
...
contract-asha-devi-kumari.pdf
...
$ touch made-on-this-page
$ homecrew household add "Fixture House"
Added household "Fixture House" (...).
```

```sh
homecrew vault verify   # a comment after a command
fixture-step --quickly  # run by Scripts/fixture-run
homecrew serve --listen 127.0.0.1:0  # background
```

```text
homecrew staff show NAME [--format json]
```
""",
    "docs/second.md": """# A second page: nothing carries over from the first
```console
$ echo "[$GREETING]"
[]
$ ls made-on-this-page  # exit 2
...
$ homecrew household show "Fixture House"  # exit 66
error: no household named 'Fixture House'...
```
"""}
BAD_PAGES = [  # (what the checker must catch, the README.md, the lines it must report failed and no other)
    ("a wrong expected output", "```console\n$ echo fine\nfine\n$ echo hello\ngoodbye\n```\n", [4]),
    ("a wrong text within a line", "```console\n$ echo hello world\nhello ... moon\n```\n", [2]),
    ("more output than the page shows", "```console\n$ printf 'a\\nb\\n'\na\n```\n", [2]),
    ("a command that exits non-zero", "```sh\nhomecrew staff list\nhomecrew staff show Nobody\n```\n", [3]),
    ("a wrong # exit N", "```console\n$ homecrew staff show Nobody  # exit 65\n...\n```\n", [2]),
    ("a # run by file that lacks the command, or is missing",
     "```sh\nanother-step  # run by Scripts/fixture-run\nfixture-step  # run by Scripts/missing\n```\n", [2, 3]),
    ("a background command that stops at once", "```sh\nhomecrew serve --listen nonsense  # background\n```\n", [2]),
    ("a background command that SIGTERM stops with a non-zero exit", "```sh\necho listening; exec sleep 60  # background\n```\n", [2]),
    ("bash, shell, shell-session and untagged blocks",
     "```bash\necho 1\n```\n```shell\necho 2\n```\n```shell-session\n$ echo 3\n```\n```\necho 4\n```\n", [1, 4, 7, 10]),
    ("a ```console block with output before its first command", "```console\nhello\n$ echo hello\nhello\n```\n", [2]),
    ("a page with no examples", "```text\nhomecrew staff list\n```\n", ["no examples"]),
]


def fixture_root(pages, parent):
    root = tempfile.mkdtemp(dir=parent)
    os.symlink(os.path.join(CHECKOUT, "Samples"), os.path.join(root, "Samples"))
    os.mkdir(os.path.join(root, "Scripts"))
    with open(os.path.join(root, "Scripts", "fixture-run"), "w") as handle:
        handle.write("#!/bin/sh\nset -e\nfixture-step --quickly\n")
    for name, text in pages.items():
        os.makedirs(os.path.dirname(os.path.join(root, name)), exist_ok=True)
        with open(os.path.join(root, name), "w") as handle:
            handle.write(text)
    return root


def self_test(binary, demo, work):
    """Prints a line per fixture; the number of fixtures the checker judged wrongly."""
    cases = [("a good page (and a second one)", GOOD_PAGES, [])]
    cases += [(what, {"README.md": page}, [f"README.md:{line}" if isinstance(line, int) else line for line in lines])
              for what, page, lines in BAD_PAGES]
    wrong = 0
    for what, pages, expected_failures in cases:
        root = fixture_root(pages, work)
        with tempfile.TemporaryFile("w+") as captured:
            # One page at a time: the good fixture's second page must not see what its first changed.
            passed, failed = check_pages(pages_of(root), root, binary, demo, 1, captured)
            right = failed == expected_failures and (expected_failures or passed)
            print(f"{'ok  ' if right else 'FAIL'} self-test: {what}: {passed} passed, failed: {', '.join(failed) or 'none'} "
                  f"(expected: {', '.join(expected_failures) or 'none'})", flush=True)
            if not right:
                captured.seek(0)
                print("\n".join("     " + line for line in captured.read().rstrip().split("\n")), flush=True)
        wrong += 0 if right else 1
    return wrong


# Main

def arguments():
    parser = argparse.ArgumentParser(description="Runs the command examples of README.md and docs/**/*.md.")
    parser.add_argument("binary", nargs="?", default=".build/debug/homecrew", help="the built homecrew")
    parser.add_argument("--root", default=CHECKOUT, help="the checkout whose pages are checked (default: this script's)")
    parser.add_argument("--page", action="append", help="check only this page (repeatable)")
    parser.add_argument("--list", action="store_true", help="list the examples found, run nothing")
    parser.add_argument("--self-test", action="store_true", help="run only the self-test")
    parser.add_argument("--no-self-test", action="store_true", help="skip the self-test (while writing a page)")
    parser.add_argument("--jobs", type=int, default=2, help="pages checked at once (default 2)")
    return parser.parse_args()


def chosen_pages(options):
    root = os.path.abspath(options.root)
    if not options.page:
        return root, pages_of(root)
    paths = [os.path.abspath(os.path.join(root, page) if os.path.exists(os.path.join(root, page)) else page) for page in options.page]
    missing = [path for path in paths if not os.path.isfile(path)]
    if missing:
        sys.exit(f"no such page: {', '.join(missing)}")
    return root, paths


def list_examples(root, paths):
    count = 0
    for path in paths:
        for example in page_examples(root, path):
            count += 1
            print(f"{example.page}:{example.line}: " + example.describe().replace("\n", "\n    "))
    print(f"{count} examples")
    return 0 if count else 1


def main():
    options = arguments()
    root, paths = chosen_pages(options)
    if options.list:
        sys.exit(list_examples(root, paths))
    binary = os.path.abspath(options.binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"{options.binary}: no such program (build it first: swift build)")
    work = tempfile.mkdtemp(prefix="homecrew-docs-check-")
    try:
        demo = make_demo(binary, work)
        if not options.no_self_test:
            wrong = self_test(binary, demo, work)
            print(f"the self-test judged {wrong} fixture(s) wrongly" if wrong else "the self-test passed", flush=True)
            if wrong or options.self_test:
                sys.exit(1 if wrong else 0)
        started = time.monotonic()
        passed, failures = check_pages(paths, root, binary, demo, options.jobs)
        print(f"     {len(paths)} pages took {time.monotonic() - started:.0f} s (examples counted: one per command, one per refused block)")
        print(f"{passed} passed, {len(failures)} failed", flush=True)
        sys.exit(1 if failures else 0)
    finally:
        subprocess.run(["chmod", "-R", "u+w", work])
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
