#!/usr/bin/env python3
"""Finds what an agent sent back to the model as the result of one tool call.

Usage: tool_results.py REQUEST_DIR COMMAND

REQUEST_DIR holds the requests the fake model server saved (NNN-*.json,
{method, path, body}). In each model request, in order, the tool calls the
model made are paired with the results the agent sent back, whatever the
API:

  * Anthropic Messages       tool_use          -> tool_result (tool_use_id)
  * OpenAI Chat Completions  tool_calls        -> role "tool" message (tool_call_id)
  * OpenAI Responses         function_call     -> function_call_output (call_id),
                             and the custom_tool_call and local_shell_call kinds
  * Gemini                   functionCall      -> functionResponse (id, or order)

The call picked is the first whose arguments hold COMMAND as one whole
string (`{"command": "rm -rf victim"}`, `{"cmd": …}`, `["bash", "-lc", …]`);
"-" picks the first call of any tool. Prints `key<TAB>value` lines, tabs,
newlines and backslashes escaped:

  found    yes or no
  request  which model request first carried the result (1 = the first;
           the reviewer's requests are not counted)
  tool     the tool's name
  is_error true or false where the API says (Anthropic's is_error, a
           Gemini response with "error"), else empty
  text     the result's text: its strings, one a line

Imported by facts.py as a module (`find`).
"""

import glob
import json
import os
import sys

MODEL_PATHS = ("/messages", "/responses", "/chat/completions")


def is_model_request(req):
    """A request for a model answer, not the reviewer's nor a token count."""
    if req.get("method") != "POST":
        return False
    path = (req.get("path") or "").split("?")[0]
    body = req.get("body") or {}
    if ((body.get("response_format") or {}).get("json_schema") or {}).get("name") == "review":
        return False
    return path.endswith(MODEL_PATHS) or ":generateContent" in path or ":streamGenerateContent" in path


def parsed(value):
    """A JSON string's value (tool arguments often come encoded), else itself."""
    if isinstance(value, str) and value[:1] in ("{", "["):
        try:
            return json.loads(value)
        except ValueError:
            pass
    return value


def strings(value):
    """Every string in a JSON value, in order (a "type" tag left out)."""
    value = parsed(value)
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    if isinstance(value, dict):
        return [s for k, v in value.items() if k != "type" for s in strings(v)]
    return []


def holds(args, command):
    """Whether a call's arguments hold COMMAND as one whole string."""
    return command == "-" or command in strings(args)


def pairs(body):
    """[(tool, args, result, is_error)] for every call in a request body, in
    order; result is None for a call not answered (yet)."""
    calls, results = [], {}

    # Anthropic Messages, Chat Completions
    for m in body.get("messages") or []:
        if not isinstance(m, dict):
            continue
        content = m.get("content")
        for b in content if isinstance(content, list) else []:
            if not isinstance(b, dict):
                continue
            if b.get("type") == "tool_use":
                calls.append((b.get("id"), b.get("name"), b.get("input")))
            elif b.get("type") == "tool_result":
                results[b.get("tool_use_id")] = (b.get("content"), bool(b.get("is_error")))
        for c in m.get("tool_calls") or []:
            f = c.get("function") or {}
            calls.append((c.get("id"), f.get("name"), f.get("arguments")))
        if m.get("role") == "tool":
            results[m.get("tool_call_id")] = (content, None)

    # OpenAI Responses
    for i in body.get("input") or []:
        if not isinstance(i, dict):
            continue
        kind = i.get("type")
        if kind == "function_call":
            calls.append((i.get("call_id"), i.get("name"), i.get("arguments")))
        elif kind == "custom_tool_call":
            calls.append((i.get("call_id"), i.get("name"), i.get("input")))
        elif kind == "local_shell_call":
            calls.append((i.get("call_id"), "local_shell", i.get("action")))
        elif kind in ("function_call_output", "custom_tool_call_output", "local_shell_call_output"):
            results[i.get("call_id")] = (i.get("output"), None)

    # Gemini: by id where both sides carry one, else in order
    gcalls, gresults = [], []
    for c in body.get("contents") or []:
        for p in (c.get("parts") or []) if isinstance(c, dict) else []:
            if isinstance(p, dict) and isinstance(p.get("functionCall"), dict):
                f = p["functionCall"]
                key = ("gemini", len(gcalls))
                gcalls.append((key, f.get("id")))
                calls.append((key, f.get("name"), f.get("args")))
            elif isinstance(p, dict) and isinstance(p.get("functionResponse"), dict):
                f = p["functionResponse"]
                response = f.get("response")
                gresults.append((f.get("id"), (response, isinstance(response, dict) and "error" in response)))
    open_calls = list(gcalls)
    for rid, answer in [r for r in gresults if r[0]] + [r for r in gresults if not r[0]]:
        match = next((c for c in open_calls if rid and c[1] == rid), None)
        if match is None:
            match = next((c for c in open_calls if not (rid and c[1])), None)
        if match is not None:
            open_calls.remove(match)
            results[match[0]] = answer

    out = []
    for key, name, args in calls:
        result, error = results.get(key, (None, None))
        out.append((name, parsed(args), result, error))
    return out


def find(req_dir, command):
    """Facts about the result sent back for the call that holds COMMAND."""
    n = 0
    for path in sorted(glob.glob(os.path.join(req_dir, "*.json"))):
        try:
            with open(path, encoding="utf-8") as f:
                req = json.load(f)
        except (OSError, ValueError):
            continue
        if not is_model_request(req):
            continue
        n += 1
        for name, args, result, error in pairs(req.get("body") or {}):
            if holds(args, command) and result is not None:
                return {
                    "found": "yes",
                    "request": str(n),
                    "tool": name or "",
                    "is_error": "" if error is None else ("true" if error else "false"),
                    "text": "\n".join(strings(result)),
                }
    return {"found": "no"}


def main():
    for key, value in find(sys.argv[1], sys.argv[2]).items():
        value = value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")
        print("%s\t%s" % (key, value))


if __name__ == "__main__":
    main()
