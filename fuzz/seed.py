#!/usr/bin/env python3
"""Writes the starting corpus of every fuzz target from the test fixtures:
the bypass corpus's command lines, the transcript fixtures, and hook and
provider payloads shaped like the real ones. Usage: fuzz/seed.py [OUT_DIR]"""
import json
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parent.parent
out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else root / "fuzz" / "corpus"


def put(target, name, data):
    d = out / target
    d.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    (d / name).write_bytes(data)


def unescape(field):
    # The corpus file's escapes: \t, \n and \\; any other backslash stays.
    res, i = [], 0
    while i < len(field):
        if field[i] == "\\" and i + 1 < len(field) and field[i + 1] in "tn\\":
            res.append({"t": "\t", "n": "\n", "\\": "\\"}[field[i + 1]])
            i += 2
        else:
            res.append(field[i])
            i += 1
    return "".join(res)


lines = []
for tsv in ("bypass.tsv", "known_gaps.tsv"):
    for row in (root / "tests" / "corpus" / tsv).read_text().splitlines():
        if row.strip() and not row.startswith("#"):
            lines.append(unescape(row.split("\t")[0]))
for i, line in enumerate(lines):
    put("parse_classify", f"corpus-{i:04}", line)

fish = [
    "echo (date) \"$(whoami)\" $argv[1..2] $$name {a,b}c",
    "if test -f x; and test -r x; cat x; else if test -d x; ls; else; echo; end",
    "for f in *.txt; rm $f &; end > log",
    "switch (uname); case Linux '*BSD'; echo; case '*'; end",
    "function ll -d 'ls'; ls -l $argv; end; begin; not true; or false; end &| cat",
    "cmd 2>| less; cmd >? out 2>&1 &>> all; echo \\x41\\u00e9\\cA 'a\\'b'",
]
for i, line in enumerate(fish):
    put("fish", f"fish-{i}", line)
for i, line in enumerate(lines[:200]):
    put("fish", f"corpus-{i:04}", line)

for f in sorted((root / "tests" / "fixtures" / "transcripts").iterdir()):
    text = f.read_text()
    put("transcript", f.name, text)
    tail = "\n".join(text.splitlines()[-4:])
    put("transcript", f"{f.name}.tail", tail)

ratings = [
    {"risk": "low", "authorization": "explicit", "injection": False, "reason": "Lists files."},
    {"risk": "high", "authorization": "none", "injection": True, "reason": "A README asked for it.\u202e"},
    {"risk": "medium", "authorization": "weak", "injection": False, "reason": " \t"},
]
for i, r in enumerate(ratings):
    text = json.dumps(r)
    put("reply", f"ratings-{i}", text)
    put("reply", f"openai-{i}", json.dumps({
        "id": "chatcmpl-1", "object": "chat.completion", "model": "m",
        "choices": [{"index": 0, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": text}}],
        "usage": {"prompt_tokens": 900, "completion_tokens": 40, "total_tokens": 940},
    }))
    put("reply", f"anthropic-{i}", json.dumps({
        "id": "msg_1", "type": "message", "role": "assistant", "model": "m",
        "content": [{"type": "text", "text": text}], "stop_reason": "end_turn",
        "usage": {"input_tokens": 900, "output_tokens": 40},
    }))
put("reply", "openai-length", json.dumps({"choices": [{"finish_reason": "length", "message": {"content": "{\"risk\":"}}]}))
put("reply", "error", json.dumps({"error": {"message": "rate limited", "type": "rate_limit"}}))

claude = {"session_id": "abc", "transcript_path": "/home/u/.claude/projects/p/abc.jsonl",
          "cwd": "/home/u/p", "permission_mode": "default"}
hooks = {
    "hook_claude_code": [
        {**claude, "hook_event_name": "PreToolUse", "tool_name": "Bash",
         "tool_input": {"command": "rm -rf build && make", "description": "Clean build"}},
        {**claude, "hook_event_name": "PreToolUse", "tool_name": "Write",
         "tool_input": {"file_path": "/home/u/.bashrc", "content": "x"}},
        {**claude, "hook_event_name": "UserPromptSubmit", "prompt": "fix the tests"},
        {**claude, "hook_event_name": "SessionStart", "source": "resume"},
    ],
    "hook_codex": [
        {"session_id": "s", "transcript_path": "/t.jsonl", "cwd": "/p", "hook_event_name": "PreToolUse",
         "tool_name": "shell", "tool_input": {"command": ["bash", "-lc", "git push -f"]}},
        {"session_id": "s", "cwd": "/p", "hook_event_name": "PreToolUse", "tool_name": "Bash",
         "tool_input": {"command": "curl x | sh"}},
        {"session_id": "s", "hook_event_name": "UserPromptSubmit", "prompt": "deploy"},
    ],
    "hook_gemini": [
        {"session_id": "s", "transcript_path": "/t.json", "cwd": "/p", "hook_event_name": "BeforeTool",
         "tool_name": "run_shell_command", "tool_input": {"command": "ls -la", "dir_path": "sub"}},
        {"session_id": "s", "hook_event_name": "BeforeAgent", "prompt": "add a test"},
        {"session_id": "s", "hook_event_name": "SessionStart", "source": "resume"},
    ],
    "hook_cursor": [
        {"conversation_id": "c", "generation_id": "g", "hook_event_name": "beforeShellExecution",
         "command": "git reset --hard", "cwd": "/p", "workspace_roots": ["/p"]},
        {"conversation_id": "c", "hook_event_name": "beforeSubmitPrompt", "prompt": "refactor"},
    ],
    "hook_copilot": [
        {"timestamp": 1, "cwd": "/p", "toolName": "bash",
         "toolArgs": json.dumps({"command": "npm publish", "description": "Publish"})},
        {"sessionId": "s", "timestamp": 1, "cwd": "/p", "prompt": "ship it"},
    ],
    "hook_opencode": [
        {"hook_event_name": "tool.execute.before", "directory": "/home/u/p",
         "input": {"tool": "bash", "sessionID": "ses_2", "callID": "call_1"},
         "output": {"args": {"command": "git push --force", "workdir": "sub"}},
         "session": {"id": "ses_2", "parent_id": "ses_1", "root_id": "ses_1"}},
        {"hook_event_name": "chat.message", "input": {"sessionID": "ses_1", "agent": "build"},
         "output": {"message": {"role": "user"}, "parts": [{"type": "text", "text": "fix it"},
                    {"type": "text", "text": "planted", "synthetic": True}]},
         "session": {"id": "ses_1", "parent_id": None, "root_id": "ses_1"}},
    ],
    "hook_pi": [
        {"hook_event_name": "tool_call", "tool_name": "bash", "tool_call_id": "call_3",
         "input": {"command": "sudo make install"}, "cwd": "/home/u/p", "session_id": "s", "has_ui": True},
        {"hook_event_name": "input", "text": "fix the typo", "source": "interactive", "session_id": "s"},
    ],
    "hook_qwen": [
        {"session_id": "q1", "transcript_path": "/t.jsonl", "cwd": "/p", "hook_event_name": "PreToolUse",
         "tool_name": "run_shell_command", "tool_input": {"command": "rm -rf build", "directory": "sub"},
         "tool_use_id": "toolu_9"},
        {"session_id": "q1", "hook_event_name": "UserPromptSubmit", "prompt": "x", "submitted_prompt": "fix"},
    ],
}
# One target for every agent: the first byte picks the agent, in the order
# of askrisky's agent table.
order = ["hook_claude_code", "hook_codex", "hook_gemini", "hook_cursor", "hook_copilot",
         "hook_opencode", "hook_pi", "hook_qwen"]
for target, payloads in hooks.items():
    pick = bytes([order.index(target)])
    for i, p in enumerate(payloads):
        put("hook", f"{target}-{i}", pick + json.dumps(p).encode())
    put("hook", f"{target}-not-an-object", pick + b"[1, 2]")

# Deeply nested lines: the generator's choices.
for i in range(8):
    put("nested", f"choices-{i}", bytes([i, 0, 255, 7, i * 31 % 256, 200, 3, 1] * 16))

print(f"seeded {out}: {len(lines)} command lines")
