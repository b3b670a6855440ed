"""What bench.py and accuracy.py both write into BENCHMARKS.md: the machine line, and a section
replaced in place."""
import os
import platform


def machine():
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "unknown CPU")
    memory = int(next(line.split()[1] for line in open("/proc/meminfo") if line.startswith("MemTotal"))) // 1024 // 1024
    return f"{cpu}, {os.cpu_count()} cores, {memory} GiB RAM, {platform.platform()}"


def rewrite(path, lines):
    """Writes the lines as the whole file, at once (a reader never sees half of it)."""
    with open(path + ".tmp", "w") as out:
        out.write("\n".join(lines))
    os.replace(path + ".tmp", path)


def section(lines, number):
    """The (start, end) lines of the section headed `## <number> ...`, or None."""
    starts = [index for index, line in enumerate(lines) if line.startswith(f"## {number} ")]
    if not starts:
        return None
    end = starts[0] + 1
    while end < len(lines) and not lines[end].startswith("## "):
        end += 1
    return starts[0], end


def replace_section(path, number, text):
    """Puts `text` (a section headed `## <number> ...`) in place of that section of the file, or,
    where it has none, before "## Before and after" (the hand-written notes)."""
    lines = open(path).read().split("\n")
    new = text.rstrip("\n").split("\n") + [""]
    where = section(lines, number)
    if where is None:
        notes = [index for index, line in enumerate(lines) if line.startswith("## Before and after")]
        at = notes[0] if notes else len(lines)
        where = (at, at)
    lines[where[0]:where[1]] = new
    rewrite(path, lines)


def kept_section(path, number):
    """The section `## <number> ...` of an existing file, to carry into a rewritten one ([] if none)."""
    if not os.path.exists(path):
        return []
    lines = open(path).read().split("\n")
    where = section(lines, number)
    return lines[where[0]:where[1]] if where else []
