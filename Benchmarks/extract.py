#!/usr/bin/python3
"""Feeds files straight to homecrew-extract workers, the way `homecrew doc add` does (a 4-byte
big-endian length, then JSON; see WorkerFrame), without hashing, storing or indexing anything.
It times what extraction alone costs, so bench.py can tell it apart from the rest of an ingest.

    extract.py WORKER_PROGRAM WORKERS FILE...     prints the wall seconds, then each file's status
"""
import json
import queue
import struct
import subprocess
import sys
import threading
import time

MEDIA_TYPES = {".pdf": "application/pdf", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png",
               ".heic": "image/heic"}


def frame(stream, payload):
    stream.write(struct.pack(">I", len(payload)) + payload)
    stream.flush()


def answer(stream):
    header = stream.read(4)
    if len(header) < 4:
        raise RuntimeError("the worker closed its output")
    return json.loads(stream.read(struct.unpack(">I", header)[0]))


def work(program, files, statuses):
    worker = subprocess.Popen([program], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    while True:
        try:
            path = files.get_nowait()
        except queue.Empty:
            break
        extension = path[path.rfind("."):].lower()
        request = {"path": path, "mediaType": MEDIA_TYPES.get(extension, "application/octet-stream"),
                   "memoryLimit": 2 << 30, "cpuSeconds": 120,
                   "ocrLimits": {"pages": 20, "seconds": 90}}
        frame(worker.stdin, json.dumps(request).encode())
        statuses[path] = answer(worker.stdout)["content"]["status"]
    worker.stdin.close()
    worker.wait()


def main():
    program, count, paths = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    files = queue.Queue()
    for path in paths:
        files.put(path)
    statuses = {}
    started = time.monotonic()
    threads = [threading.Thread(target=work, args=(program, files, statuses)) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(f"{time.monotonic() - started:.3f}")
    for path in paths:
        print(statuses.get(path, "missing"), path)


if __name__ == "__main__":
    main()
