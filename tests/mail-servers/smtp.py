#!/usr/bin/env python3
"""A small SMTP submission server for tests: aiosmtpd on a loopback address, AUTH PLAIN or
LOGIN required before MAIL FROM, each accepted message delivered into the recipient's
Maildir (<maildirs>/<local part>/new/) as a unique file written through tmp/.

    python3 tests/mail-servers/smtp.py --port 2525 --maildirs /tmp/x/mail --users alice:pw,bob:pw

Only the users named in --users may log in, and mail is accepted only for them (the local
part of the recipient's address, whatever its domain). Maildir files are owned by the owner
of the --maildirs directory, so an IMAP server running as that user can read and move them.
Prints "listening on HOST:PORT" once it takes connections; stops on SIGTERM or SIGINT.
"""

import argparse
import asyncio
import itertools
import logging
import os
import signal
import socket
import sys
import time
import warnings

try:
    from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword
except ImportError:  # pragma: no cover - reported to the test that starts us
    sys.stderr.write("aiosmtpd is not installed: run `bash .ci/run` (it installs it) or `python3 -m pip install aiosmtpd`\n")
    sys.exit(3)

LOOPBACK = ("127.0.0.1", "::1", "localhost")


def parse_users(text):
    users = {}
    for item in text.split(","):
        name, sep, password = item.partition(":")
        if not sep or not name or not password or "/" in name or name.startswith("."):
            raise SystemExit(f"--users: `{item}` is not user:password")
        users[name.lower()] = password.encode()
    return users


class Maildirs:
    """Delivery into <root>/<user>/new/, atomically through tmp/."""

    def __init__(self, root, users):
        self.root = os.path.abspath(root)
        st = os.stat(self.root)
        self.owner = (st.st_uid, st.st_gid)
        self.counter = itertools.count(1)
        self.host = socket.gethostname().replace("/", "_").replace(":", "_") or "localhost"
        for user in users:
            for sub in ("", "cur", "new", "tmp"):
                path = os.path.join(self.root, user, sub)
                os.makedirs(path, mode=0o700, exist_ok=True)
                self.chown(path)

    def chown(self, path):
        if os.geteuid() == 0:
            os.chown(path, *self.owner)

    def unique_name(self):
        now = time.time()
        secs, usecs = int(now), int((now % 1) * 1_000_000)
        return f"{secs}.M{usecs}P{os.getpid()}Q{next(self.counter)}.{self.host}"

    def deliver(self, user, message):
        box = os.path.join(self.root, user)
        name = self.unique_name()
        tmp = os.path.join(box, "tmp", name)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(fd, message)
            os.fsync(fd)
        finally:
            os.close(fd)
        self.chown(tmp)
        new = os.path.join(box, "new", name)
        # link + unlink: never replaces an existing file of that name.
        os.link(tmp, new)
        os.unlink(tmp)
        dir_fd = os.open(os.path.join(box, "new"), os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
        return new


class Handler:
    def __init__(self, maildirs, users, log):
        self.maildirs = maildirs
        self.users = users
        self.log = log

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        local = address.rpartition("@")[0] if "@" in address else address
        if local.lower() not in self.users:
            return "550 5.1.1 no such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server, session, envelope):
        content = envelope.original_content or envelope.content
        if isinstance(content, str):
            content = content.encode("utf-8", "surrogateescape")
        # Maildir files use bare LF line ends, as local delivery agents write them.
        body = content.replace(b"\r\n", b"\n")
        delivered = []
        for rcpt in envelope.rcpt_tos:
            user = rcpt.rpartition("@")[0].lower() if "@" in rcpt else rcpt.lower()
            header = (
                f"Return-Path: <{envelope.mail_from}>\n"
                f"Delivered-To: {rcpt}\n"
                f"Received: from {session.host_name or 'unknown'} ({session.peer[0]})\n"
                f"\tby localhost (grognard test SMTP) with ESMTPA id {os.getpid()}\n"
                f"\tfor <{rcpt}>; {time.strftime('%a, %d %b %Y %H:%M:%S +0000', time.gmtime())}\n"
            ).encode()
            delivered.append(self.maildirs.deliver(user, header + body))
        self.log(f"delivered from {envelope.mail_from} (login {session.auth_data}) to {envelope.rcpt_tos}: {delivered}")
        return "250 2.0.0 OK: delivered"


def authenticator(users):
    def check(server, session, envelope, mechanism, auth_data):
        if mechanism not in ("PLAIN", "LOGIN") or not isinstance(auth_data, LoginPassword):
            return AuthResult(success=False, handled=False)
        login = auth_data.login.decode("utf-8", "replace").lower()
        ok = users.get(login) == auth_data.password
        return AuthResult(success=ok, handled=False, auth_data=login if ok else None)

    return check


async def serve(args):
    # Plain AUTH without TLS is the point of a loopback test server: no warning about it.
    warnings.filterwarnings("ignore", message="Requiring AUTH while not requiring TLS")
    logging.getLogger("mail.log").setLevel(logging.ERROR)
    users = parse_users(args.users)
    maildirs = Maildirs(args.maildirs, users)
    log_file = open(args.log, "a", buffering=1) if args.log else sys.stderr

    def log(line):
        log_file.write(f"{time.strftime('%H:%M:%S')} {line}\n")

    handler = Handler(maildirs, users, log)
    loop = asyncio.get_running_loop()

    def factory():
        return SMTP(
            handler,
            hostname="localhost",
            auth_required=True,
            auth_require_tls=False,
            authenticator=authenticator(users),
            decode_data=False,
        )

    server = await loop.create_server(factory, host=args.host, port=args.port)
    port = server.sockets[0].getsockname()[1]
    print(f"listening on {args.host}:{port}", flush=True)
    log(f"listening on {args.host}:{port}")
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    server.close()
    await server.wait_closed()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True, help="0: any free port (printed)")
    parser.add_argument("--maildirs", required=True, help="the directory holding one Maildir per user")
    parser.add_argument("--users", required=True, help="user:password,user:password")
    parser.add_argument("--log", help="append a line per delivery to this file (default: stderr)")
    args = parser.parse_args()
    if args.host not in LOOPBACK:
        raise SystemExit("this test server listens only on a loopback address")
    asyncio.run(serve(args))


if __name__ == "__main__":
    main()
