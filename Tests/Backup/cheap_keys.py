#!/usr/bin/python3
"""After a successful `restic init ARGUMENTS` of a local repository, writes each of its keys again
with scrypt's cheapest parameters (N=16, r=1, p=1), so that opening it costs nothing (see
cheap-keys/restic). The master key inside is unchanged and the password the same: the repository is
restic's, only its key files are derived differently. A repository it cannot read (not local, a
password it cannot find) is left as restic made it."""
import base64
import glob
import hashlib
import json
import os
import subprocess
import sys

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.poly1305 import Poly1305

SCHEMES = ("sftp:", "rest:", "s3:", "b2:", "azure:", "gs:", "swift:", "rclone:")


def option(arguments, short, long):
    for index, argument in enumerate(arguments):
        if argument in (short, long) and index + 1 < len(arguments):
            return arguments[index + 1]
        if argument.startswith(long + "="):
            return argument[len(long) + 1:]
    return None


def repository(arguments):
    path = option(arguments, "-r", "--repo") or os.environ.get("RESTIC_REPOSITORY")
    named_by = option(arguments, None, "--repository-file") or os.environ.get("RESTIC_REPOSITORY_FILE")
    if not path and named_by:
        path = open(named_by).read().strip()
    if not path or path.startswith(SCHEMES):
        return None
    return path[len("local:"):] if path.startswith("local:") else path


def password(arguments):
    """As restic reads it: a file's or a command's output trimmed, the variable as it is."""
    named_by = option(arguments, None, "--password-file") or os.environ.get("RESTIC_PASSWORD_FILE")
    if named_by:
        return open(named_by, "rb").read().strip()
    command = option(arguments, None, "--password-command") or os.environ.get("RESTIC_PASSWORD_COMMAND")
    if command:
        return subprocess.run(command, shell=True, capture_output=True, check=True).stdout.strip()
    value = os.environ.get("RESTIC_PASSWORD")
    return value.encode() if value else None


def derived(secret, salt, n, r, p):
    """restic's user key: 32 bytes for AES-256-CTR, then Poly1305-AES's AES key and r."""
    key = hashlib.scrypt(secret, salt=salt, n=n, r=r, p=p, dklen=64, maxmem=2**31 - 1)
    return key[:32], key[32:48], key[48:]


def tag(mac_aes, mac_r, nonce, data):
    aes = Cipher(algorithms.AES(mac_aes), modes.ECB()).encryptor()
    return Poly1305.generate_tag(mac_r + aes.update(nonce) + aes.finalize(), data)


def cheapen(path, secret):
    """Writes the key at `path` again, named by its new bytes' SHA-256 as restic names every file, then
    removes the old one: the key is never missing, and at worst there for a moment twice."""
    key = json.load(open(path))
    sealed = base64.b64decode(key["data"])
    nonce, body, mac = sealed[:16], sealed[16:-16], sealed[-16:]
    aes, mac_aes, mac_r = derived(secret, base64.b64decode(key["salt"]), key["N"], key["r"], key["p"])
    if tag(mac_aes, mac_r, nonce, body) != mac:
        return
    master = Cipher(algorithms.AES(aes), modes.CTR(nonce)).decryptor().update(body)
    salt, nonce = os.urandom(64), os.urandom(16)
    aes, mac_aes, mac_r = derived(secret, salt, 16, 1, 1)
    body = Cipher(algorithms.AES(aes), modes.CTR(nonce)).encryptor().update(master)
    key.update(N=16, r=1, p=1, salt=base64.b64encode(salt).decode(),
               data=base64.b64encode(nonce + body + tag(mac_aes, mac_r, nonce, body)).decode())
    written = json.dumps(key).encode()
    named = os.path.join(os.path.dirname(path), hashlib.sha256(written).hexdigest())
    partial = named + ".partial"
    with open(partial, "wb") as out:
        out.write(written)
        out.flush()
        os.fsync(out.fileno())
    os.chmod(partial, os.stat(path).st_mode)
    os.replace(partial, named)
    os.remove(path)


def main(arguments):
    folder = repository(arguments)
    secret = password(arguments) if folder else None
    if folder and secret:
        for path in glob.glob(os.path.join(folder, "keys", "*")):
            if not path.endswith(".partial"):
                cheapen(path, secret)


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except Exception:  # the repository stays as restic made it: slower to open, never unreadable
        pass
