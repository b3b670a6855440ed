#!/usr/bin/python3
"""`homecrew user add` and `user passwd` on a real terminal (a pseudo-terminal): the password is
asked for twice and never shown, two different answers change nothing, and a password on
standard input is refused when it is too short. Exit 0 when every check holds."""
import os
import pty
import select
import shutil
import subprocess
import sys
import tempfile
import time

failures = 0


def check(condition, what):
    global failures
    print(("ok   " if condition else "FAIL ") + what)
    failures += 0 if condition else 1


def on_terminal(binary, arguments, answers):
    """Runs homecrew on a pseudo-terminal, typing each answer after a prompt; its output and exit status."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(binary, [binary] + arguments)
    output = b""

    def pump(seconds, until=None, start=0):
        """Reads output for up to `seconds`, or until `until` appears after position `start`."""
        nonlocal output
        end = time.time() + seconds
        while time.time() < end and (until is None or until not in output[start:]):
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(fd, 1024)
                except OSError:
                    return
                if not chunk:
                    return
                output += chunk

    for answer in answers:
        # Type only once the next prompt is shown: the terminal's input is flushed when echo is turned off.
        start = len(output)
        pump(20, until=b": ", start=start)
        os.write(fd, answer.encode() + b"\n")
    pump(20)
    finished, status = os.waitpid(pid, os.WNOHANG)
    if finished == 0:
        os.kill(pid, 9)
        _, status = os.waitpid(pid, 0)
    return output.decode(errors="replace"), os.waitstatus_to_exitcode(status)


def main():
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/homecrew")
    folder = tempfile.mkdtemp(prefix="homecrew-terminal-")
    vault = os.path.join(folder, "vault")
    try:
        subprocess.run([binary, "household", "add", "Sea View", "--vault", vault], check=True, capture_output=True)
        output, status = on_terminal(binary, ["user", "add", "meera", "--vault", vault],
                                     ["typed on a terminal", "typed on a terminal"])
        check(status == 0 and "Added account meera" in output, "user add asks twice on a terminal: %r" % output)
        check("New password for meera" in output and "again" in output, "both prompts are shown")
        check("typed on a terminal" not in output, "the password is never shown")
        output, status = on_terminal(binary, ["user", "passwd", "meera", "--vault", vault],
                                     ["first long answer", "second long answer"])
        check(status == 65 and "differ" in output, "two different answers change nothing (exit 65): %r" % output)
        listed = subprocess.run([binary, "user", "list", "--vault", vault], capture_output=True, text=True).stdout
        check("meera" in listed, "the account is listed")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if failures:
        sys.exit("%d terminal check(s) failed" % failures)
    print("all terminal checks passed")


main()
