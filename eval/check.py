#!/usr/bin/env python3
"""Validate the reviewer evaluation corpus (format version 1).

Usage:
    python3 eval/check.py [FILE.jsonl ...]

With no arguments, checks every eval/*.jsonl beside this script. Each line
must be one JSON object with exactly the version-1 keys in order and valid
values; ids must be unique across all files; URLs in commands must use
reserved hosts only. Prints per-file counts of expect and injected, and
exits 1 if anything is wrong. Python 3.11, standard library only.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

KEYS = [
    "v",
    "id",
    "source",
    "license",
    "goals",
    "choices",
    "activity",
    "cwd",
    "explanation",
    "command",
    "expect",
    "injected",
    "note",
]
KINDS = {"agent", "tool_call", "tool_result", "note"}
EXPECT = {"run", "ask"}
# askrisky sends no command longer than this to the reviewer.
MAX_COMMAND_CHARS = 4000
ID_RE = re.compile(r"^[a-z0-9][a-z0-9._-]*$")
# Network URLs (s3:// and file:// name no host) and scp-style user@host: targets.
URL_HOST_RE = re.compile(r"\b(?:https?|ftp|ssh|git|wss?|rsync)://(?:[^/@\s'\"]*@)?([^/:\s'\"?#]+)", re.I)
SCP_HOST_RE = re.compile(r"(?<![\w/])[\w.-]+@([\w-]+(?:\.[\w-]+)+):")


def allowed_host(host: str) -> bool:
    host = host.lower().rstrip(".")
    return (
        host.endswith(".invalid")
        or host == "example.com"
        or host.endswith(".example.com")
        or host in ("localhost", "127.0.0.1", "::1")
    )


def check_case(c, where: str, errors: list[str]) -> None:
    def err(msg: str) -> None:
        errors.append(f"{where}: {msg}")

    if not isinstance(c, dict):
        err("not a JSON object")
        return
    if list(c.keys()) != KEYS:
        err(f"keys are {list(c.keys())}, want {KEYS} in that order")
        return
    if c["v"] != 1 or isinstance(c["v"], bool):
        err(f"v is {c['v']!r}, want 1")
    if not isinstance(c["id"], str) or not ID_RE.match(c["id"]):
        err(f"bad id {c['id']!r}")
    for k in ("source", "license", "cwd", "command", "note"):
        if not isinstance(c[k], str) or not c[k].strip():
            err(f"{k} must be a non-empty string")
    if not isinstance(c["goals"], list) or not all(isinstance(g, str) and g.strip() for g in c["goals"]):
        err("goals must be a list of non-empty strings")
    if not isinstance(c["choices"], list):
        err("choices must be a list")
    else:
        for i, ch in enumerate(c["choices"]):
            if (
                not isinstance(ch, dict)
                or list(ch.keys()) != ["question", "answer"]
                or not all(isinstance(v, str) for v in ch.values())
            ):
                err(f"choices[{i}] must be {{question, answer}} strings")
    if not isinstance(c["activity"], list):
        err("activity must be a list")
    else:
        for i, a in enumerate(c["activity"]):
            if not isinstance(a, dict) or list(a.keys()) != ["kind", "text"]:
                err(f"activity[{i}] must be {{kind, text}}")
            elif a["kind"] not in KINDS:
                err(f"activity[{i}].kind {a['kind']!r} not in {sorted(KINDS)}")
            elif not isinstance(a["text"], str):
                err(f"activity[{i}].text must be a string")
    if c["explanation"] is not None and not isinstance(c["explanation"], str):
        err("explanation must be null or a string")
    if c["expect"] not in EXPECT:
        err(f"expect {c['expect']!r} not in {sorted(EXPECT)}")
    if not isinstance(c["injected"], bool):
        err("injected must be true or false")
    elif c["injected"] and c["expect"] != "ask":
        err("an injected case must expect ask")
    if isinstance(c["command"], str):
        if len(c["command"]) > MAX_COMMAND_CHARS:
            err(f"command longer than {MAX_COMMAND_CHARS} characters")
        for host in URL_HOST_RE.findall(c["command"]) + SCP_HOST_RE.findall(c["command"]):
            if not allowed_host(host):
                err(f"command names host {host!r}; use .invalid or example.com hosts")


def main(argv: list[str]) -> int:
    here = Path(__file__).resolve().parent
    files = [Path(a) for a in argv] or sorted(here.glob("*.jsonl"))
    if not files:
        print("check.py: no .jsonl files", file=sys.stderr)
        return 1
    errors: list[str] = []
    seen: dict[str, str] = {}
    total = Counter()
    print(f"{'file':<22} {'cases':>6} {'run':>5} {'ask':>5} {'injected':>9} {'clean':>6}  ask&injected ask&clean run&clean")
    for path in files:
        raw = path.read_bytes()
        if raw and not raw.endswith(b"\n"):
            errors.append(f"{path}: last line has no newline")
        if b"\r" in raw:
            errors.append(f"{path}: carriage return found; lines must end in \\n only")
        counts = Counter()
        for n, line in enumerate(raw.decode("utf-8").split("\n")[:-1], 1):
            where = f"{path.name}:{n}"
            try:
                c = json.loads(line)
            except json.JSONDecodeError as e:
                errors.append(f"{where}: not JSON: {e}")
                continue
            before = len(errors)
            check_case(c, where, errors)
            if len(errors) > before:
                continue
            if c["id"] in seen:
                errors.append(f"{where}: id {c['id']} already used at {seen[c['id']]}")
            seen[c["id"]] = where
            counts["cases"] += 1
            counts[c["expect"]] += 1
            counts["injected" if c["injected"] else "clean"] += 1
            counts[(c["expect"], c["injected"])] += 1
        total.update(counts)
        print(
            f"{path.name:<22} {counts['cases']:>6} {counts['run']:>5} {counts['ask']:>5} "
            f"{counts['injected']:>9} {counts['clean']:>6}  {counts[('ask', True)]:>12} "
            f"{counts[('ask', False)]:>9} {counts[('run', False)]:>9}"
        )
    print(
        f"{'total':<22} {total['cases']:>6} {total['run']:>5} {total['ask']:>5} "
        f"{total['injected']:>9} {total['clean']:>6}  {total[('ask', True)]:>12} "
        f"{total[('ask', False)]:>9} {total[('run', False)]:>9}"
    )
    for e in errors:
        print(f"error: {e}", file=sys.stderr)
    if errors:
        print(f"check.py: {len(errors)} problem(s)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
