#!/usr/bin/env python3
"""Drives Pi in RPC mode for one prompt, answering its dialogs as the
person at Pi's UI would.

Usage: pi_rpc.py ANSWER PROMPT -- PI_COMMAND...

Starts PI_COMMAND (`pi --mode rpc …`), sends PROMPT, answers every
`confirm` dialog an extension opens with ANSWER (yes or no), and prints each
dialog it answered as one JSON line ({"title", "message", "answer"}). Stops
once the turn ends (`agent_end`), Pi exits, or after DEADLINE_S seconds;
exits with 0 when the turn ended, 1 otherwise.
"""

import json
import subprocess
import sys
import threading

DEADLINE_S = 90

answer, prompt = sys.argv[1], sys.argv[2]
command = sys.argv[sys.argv.index("--") + 1:]
pi = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
deadline = threading.Timer(DEADLINE_S, pi.kill)
deadline.daemon = True
deadline.start()


def send(obj):
    pi.stdin.write((json.dumps(obj) + "\n").encode())
    pi.stdin.flush()


ended = False
send({"id": "e2e-1", "type": "prompt", "message": prompt})
# Records end with "\n" only (a JSON string may hold U+2028).
for raw in iter(pi.stdout.readline, b""):
    try:
        m = json.loads(raw.rstrip(b"\r\n").decode("utf-8"))
    except ValueError:
        continue
    if not isinstance(m, dict):
        continue
    if m.get("type") == "extension_ui_request" and m.get("method") == "confirm":
        print(json.dumps({"title": m.get("title"), "message": m.get("message"), "answer": answer}), flush=True)
        send({"type": "extension_ui_response", "id": m.get("id"), "confirmed": answer == "yes"})
    elif m.get("type") == "response" and m.get("success") is False:
        print(json.dumps({"error": m}), flush=True)
        break
    elif m.get("type") == "agent_end":
        ended = True
        break
try:
    pi.stdin.close()
    pi.wait(timeout=20)
except (OSError, subprocess.TimeoutExpired):
    pi.kill()
    pi.wait()
deadline.cancel()
sys.exit(0 if ended else 1)
