#!/usr/bin/env python3
"""Play one whole game of a ruleset through the real `grognard` program, two players with a
home each who share only packet files, choosing every command from `grognard moves --json`
with a seeded policy; copy both players' journals (which must be byte-identical) into
tests/recorded/<name>/.

    record.py GROGNARD_BINARY NAME RULESET SCENARIO SEED

The pinned values (expected.txt) are written afterwards by the test (see README.md)."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time


class Lcg:
    """A 64-bit linear congruential generator (Knuth's MMIX constants): the same picks on
    every machine and every Python."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFFFFFFFFFF

    def below(self, n):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        return (self.state >> 33) % n


def weight(text):
    verb = text.split()[0]
    return {"attack": 6, "move": 3, "sail": 3, "river": 3, "fleet": 3}.get(verb, 1)


def pick(rng, moves):
    """The policy: the historical set-up whenever it is offered; `end` when it is the only
    command, else one time in ten; `roll` one time in two; otherwise a weighted draw
    that prefers attacks and moves."""
    if "historical" in moves:
        return "historical"
    others = [m for m in moves if m != "end"]
    if "end" in moves and (not others or rng.below(10) == 0):
        return "end"
    if "roll" in others and rng.below(2) == 0:
        return "roll"
    total = sum(weight(m) for m in others)
    r = rng.below(total)
    for m in others:
        r -= weight(m)
        if r < 0:
            return m
    return others[-1]


def main():
    binary, name, ruleset, scenario, seed = sys.argv[1:6]
    here = os.path.dirname(os.path.abspath(__file__))
    rng = Lcg(int(seed))
    work = tempfile.mkdtemp(prefix="grognard-record-")
    homes = [os.path.join(work, "first"), os.path.join(work, "second")]
    calls = 0

    def run(i, *args):
        nonlocal calls
        calls += 1
        env = dict(os.environ, GROGNARD_HOME=homes[i])
        out = subprocess.run([binary, "--json", *args], env=env, cwd=work, capture_output=True, text=True)
        if out.returncode != 0:
            sys.exit(f"player {i}: grognard {' '.join(args)} failed ({out.returncode}):\n{out.stdout}{out.stderr}")
        return json.loads(out.stdout)

    started = time.monotonic()
    run(0, "keygen", "--name", "First Player", "--email", "first@example.org")
    run(1, "keygen", "--name", "Second Player", "--email", "second@example.org")
    pub = [f for f in os.listdir(os.path.join(homes[1], "keys")) if f.endswith(".pub")]
    run(0, "new", "--ruleset", ruleset, "--scenario", scenario, "--dice", "casual",
        "--opponent", os.path.join(homes[1], "keys", pub[0]), "--out", "invitation.grog")
    run(1, "join", "invitation.grog")
    packets = 0

    def send(i):
        """Player i sends what the other lacks; the other receives it. Says whether a packet
        went."""
        nonlocal packets
        packets += 1
        path = f"packet-{packets}.grog"
        sent = run(i, "send", "--out", path)
        if sent.get("packet") is None:
            return False
        run(1 - i, "receive", path)
        return True

    send(1)
    commands = 0
    limit = float(os.environ.get("RECORD_MAX_SECONDS", "0"))
    turn = None
    while True:
        status = run(0, "status")
        if status.get("over") is not None:
            break
        if limit and time.monotonic() - started > limit:
            print(f"  stopped after {limit:.0f} s: the game is not over", flush=True)
            break
        acted = False
        for i in (0, 1):
            while True:
                moves = run(i, "moves")["moves"]
                if not moves:
                    break
                command = pick(rng, moves)
                run(i, "do", *command.split())
                commands += 1
                acted = True
            if send(i):
                acted = True
        if not acted:
            sys.exit(f"nobody can act and the game is not over: {status}")
        now = status["summary"].split(",")[0]
        if now != turn:
            turn = now
            print(f"  {commands} commands, {status['entries']} entries, {time.monotonic() - started:.0f} s: "
                  f"{status['summary'].splitlines()[0]}", flush=True)
    def journals():
        found = []
        for home in homes:
            games = os.listdir(os.path.join(home, "games"))
            with open(os.path.join(home, "games", games[0], "journal"), "rb") as f:
                found.append(f.read())
        return found

    # Exchange until both players hold the same journal.
    for _ in range(3):
        if journals()[0] == journals()[1]:
            break
        send(0)
        send(1)
    journals = journals()
    if journals[0] != journals[1]:
        sys.exit("the two players' journals differ")
    out = os.path.join(here, name)
    os.makedirs(out, exist_ok=True)
    for who, data in zip(("first", "second"), journals):
        with open(os.path.join(out, f"journal.{who}"), "wb") as f:
            f.write(data)
    final = run(0, "status")
    elapsed = time.monotonic() - started
    print(f"{name}: {commands} commands, {final['entries']} entries, {calls} grognard runs, {elapsed:.0f} s; "
          f"over: {json.dumps(final['over'])}")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
