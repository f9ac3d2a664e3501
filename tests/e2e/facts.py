#!/usr/bin/env python3
"""Reads what one end-to-end run left behind and prints it as facts.

Usage: facts.py CASE_DIR HOME COMMAND_OR_PATH

CASE_DIR holds the run's files: out.jsonl (Claude Code's stream-json output
with hook events), req/ (the requests the fake model server received). HOME
is the scratch home whose askrisky state is read. COMMAND_OR_PATH picks this
run's record in askrisky's decision log (its `command` field) and the tool
call whose result is read (tool_results.py; "-": the first call).

Prints one `key<TAB>value` line per fact, values with tabs and newlines
escaped, so the shell script can assert on them without a JSON tool. A fact
that cannot be found is printed empty: the assertion on it then fails with
a readable message instead of this script crashing.
"""

import json
import os
import shlex
import sys

sys.dont_write_bytecode = True  # no __pycache__ left beside the scripts
import tool_results  # noqa: E402 (after the line above)

case_dir, home, command = sys.argv[1], sys.argv[2], sys.argv[3]
facts = {}


def put(key, value):
    if isinstance(value, bool):
        value = "true" if value else "false"
    elif value is None:
        value = ""
    elif not isinstance(value, str):
        value = json.dumps(value)
    facts[key] = value


def read_jsonl(path):
    out = []
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if line:
                    try:
                        out.append(json.loads(line))
                    except ValueError:
                        pass
    except OSError:
        pass
    return out


# Claude Code's own account of the run.
events = read_jsonl(os.path.join(case_dir, "out.jsonl"))
session_id = next((e.get("session_id") for e in events if e.get("session_id")), "")
put("session_id", session_id)
result = next((e for e in events if e.get("type") == "result"), {})
put("result_subtype", result.get("subtype"))
put("result_is_error", result.get("is_error"))

# askrisky's answers as Claude Code saw them, from its hook_response events
# (for PreToolUse the last one: the call the case is about comes last).
for e in events:
    if e.get("type") != "system" or e.get("subtype") != "hook_response":
        continue
    event = e.get("hook_event")
    if event == "PreToolUse":
        put("pre_hook_name", e.get("hook_name"))
        put("pre_exit", e.get("exit_code"))
        put("pre_stdout", (e.get("stdout") or "").strip())
        try:
            out = json.loads(e.get("stdout") or "")
            spec = out.get("hookSpecificOutput") or {}
        except (ValueError, AttributeError):
            spec = {}
        put("pre_decision", spec.get("permissionDecision"))
        put("pre_reason", spec.get("permissionDecisionReason"))
        # A command handed back to run contained: ASKRISKY exec --contained
        # TOKEN -- SHELL -c LINE, LINE exactly the model's command.
        updated = (spec.get("updatedInput") or {}).get("command")
        put("pre_updated_command", updated)
        try:
            argv = shlex.split(updated or "")
        except ValueError:
            argv = []
        wrapped = len(argv) == 8 and argv[1:3] == ["exec", "--contained"] and argv[4] == "--" and argv[6] == "-c"
        put("pre_wrapped_askrisky", argv[0] if wrapped else "")
        put("pre_wrapped_shell", argv[5] if wrapped else "")
        put("pre_wrapped_line", argv[7] if wrapped else "")
    elif event == "UserPromptSubmit" and "prompt_exit" not in facts:
        put("prompt_exit", e.get("exit_code"))
        put("prompt_stdout", (e.get("stdout") or "").strip())

# The tool_result that came back to the model for this run's call (the one
# whose input holds COMMAND; for "-" the first call), from the requests the
# fake got: where it first came back, and what it says.
sent = tool_results.find(os.path.join(case_dir, "req"), command)
if sent.get("found") == "yes":
    put("tool_result_post", sent["request"])
    put("tool_result_is_error", sent["is_error"])
    put("tool_result_text", sent["text"])

# askrisky's decision log: the last record for this run's command.
state = os.path.join(home, ".local", "state", "askrisky")
records = [r for r in read_jsonl(os.path.join(state, "log.jsonl")) if r.get("command") == command]
if records:
    r = records[-1]
    for key in ("surface", "decision", "outcome", "decided_by", "tier", "session", "mode"):
        put("log_" + key, r.get(key))
    put("log_rules", ",".join(r.get("rules") or []))
    contained = r.get("contained") or {}
    put("log_contained_applied", contained.get("applied"))
    put("log_contained_writable", ",".join(contained.get("writable") or []))
    reviewer = r.get("reviewer") or {}
    for key in ("answered", "risk", "authorization", "injection", "reason"):
        put("log_reviewer_" + key, reviewer.get(key))

# askrisky's session store: the goal the prompt hook recorded.
if session_id:
    store = os.path.join(state, "sessions", "claude-code", session_id + ".jsonl")
    goals = [r for r in read_jsonl(store) if r.get("kind") == "goal"]
    put("store_goals", len(goals))
    if goals:
        put("goal_text", goals[0].get("text"))
        put("goal_source", goals[0].get("source"))
    if os.path.exists(store):
        put("store_mode", oct(os.stat(store).st_mode & 0o777))

for key, value in facts.items():
    value = value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")
    print("%s\t%s" % (key, value))
