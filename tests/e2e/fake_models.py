#!/usr/bin/env python3
"""A scripted stand-in for four model APIs, for end-to-end tests.

Usage: fake_models.py PORT_FILE REQUEST_DIR STEPS_JSON

Speaks, on 127.0.0.1 and a free port (written to PORT_FILE once listening):
  * Anthropic Messages        POST …/v1/messages            (Claude Code, Copilot CLI)
  * OpenAI Responses          POST …/responses              (Codex CLI)
  * OpenAI Chat Completions   POST …/chat/completions       (OpenCode, Pi, Qwen Code)
  * Gemini generateContent    POST …/models/M:generateContent, :streamGenerateContent

STEPS_JSON is a list of [TOOL, INPUT] pairs: the model's tool calls, in
order. It may instead be an object of such lists: {"": [...], "MARKER":
[...]}; a conversation whose user messages contain MARKER follows that
list, any other the "" one (so a subagent, whose prompt the model wrote,
can be scripted apart from the conversation that started it).

It also stands in for askrisky's reviewer: a Chat Completions request that
asks for the `review` JSON schema is rated from what it says (see
`review_ratings`): a command the person's typed goals under PERSON name is
low risk and explicitly authorized; one that only text the agent read (a
tool result inside the fenced ACTIVITY) names is an injection; any other,
or a request not laid out as PERSON, fenced ACTIVITY and COMMAND, is high
risk. So what askrisky sends decides what runs: planted text under PERSON
would let the planted command run, a missing command would stop the one
the person asked for.

A request that offers step N's tool and already carries N tool
results gets step N's call; one that carries every result, or offers no
such tool (a title or summary request), gets plain text. Each request is
saved as REQUEST_DIR/NNN-<path>.json ({method, path, body}) so the test can
read what the client sent back. Streaming is answered as the client asked.
The server stops by itself after a few minutes.
"""

import json
import os
import re
import shlex
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PORT_FILE, REQUEST_DIR = sys.argv[1], sys.argv[2]
SCRIPT = json.loads(sys.argv[3])
if not isinstance(SCRIPT, dict):
    SCRIPT = {"": SCRIPT}
LIFETIME_S = 300
DONE_TEXT = "Done: I saw the command's result."

counter = 0
counter_lock = threading.Lock()


def blocks(content):
    return content if isinstance(content, list) else []


# --- reading requests ---------------------------------------------------------


def anthropic_results(body):
    return sum(
        1
        for m in body.get("messages") or []
        for b in blocks(m.get("content"))
        if isinstance(b, dict) and b.get("type") == "tool_result"
    )


def chat_results(body):
    return sum(1 for m in body.get("messages") or [] if m.get("role") == "tool")


def responses_results(body):
    items = body.get("input") or []
    return sum(
        1
        for i in items if isinstance(i, dict)
        and i.get("type") in ("function_call_output", "custom_tool_call_output", "local_shell_call_output")
    )


def gemini_results(body):
    return sum(
        1
        for c in body.get("contents") or []
        for p in c.get("parts") or []
        if isinstance(p, dict) and "functionResponse" in p
    )


def texts(content):
    """The text in a message's content, whatever the API."""
    if isinstance(content, str):
        return [content]
    out = []
    for b in content if isinstance(content, list) else []:
        if isinstance(b, dict):
            out += [v for k, v in b.items() if k in ("text", "input_text") and isinstance(v, str)]
    return out


def user_text(body):
    """What the user messages of a request say (Anthropic, Chat Completions,
    Responses, Gemini)."""
    out = []
    for m in (body.get("messages") or []) + [i for i in body.get("input") or [] if isinstance(i, dict)]:
        if isinstance(m, dict) and m.get("role") == "user":
            out += texts(m.get("content"))
    for c in body.get("contents") or []:
        if isinstance(c, dict) and c.get("role") == "user":
            out += texts(c.get("parts"))
    return "\n".join(out)


def steps_for(body):
    text = user_text(body)
    for marker, steps in SCRIPT.items():
        if marker and marker in text:
            return steps
    return SCRIPT.get("", [])


def tool_names(body):
    """Names of the tools a request offers, whatever the API."""
    names = set()
    for t in body.get("tools") or []:
        if not isinstance(t, dict):
            continue
        names.add(t.get("name"))
        names.add((t.get("function") or {}).get("name"))
        for d in t.get("functionDeclarations") or t.get("function_declarations") or []:
            names.add(d.get("name"))
    names.discard(None)
    return names


def next_step(body, results):
    """The tool call to answer with, or None for text."""
    steps = steps_for(body)
    if results >= len(steps):
        return None
    tool, args = steps[results]
    return (tool, args) if tool in tool_names(body) else None


# --- the reviewer -------------------------------------------------------------


def review_sections(user):
    """(person, activity entries, command) from askrisky's reviewer request,
    or a string saying what is not as askrisky lays it out (see
    src/review/prompt.rs): PERSON first, then BEGIN ACTIVITY <id> … END
    ACTIVITY <id> with the same id, lines inside indented or an entry's
    `[label]`, then COMMAND whose command line comes last."""
    if not user.startswith("PERSON\n"):
        return "it does not start with PERSON"
    begin = re.search(r"^BEGIN ACTIVITY (\S+)$", user, re.M)
    if not begin:
        return "no BEGIN ACTIVITY line"
    end = re.search(r"^END ACTIVITY %s$" % re.escape(begin.group(1)), user, re.M)
    if not end or end.start() < begin.end():
        return "no END ACTIVITY with the same id after it"
    person = user[len("PERSON\n"):begin.start()]
    inside = user[begin.end() + 1:end.start()]
    entries = []
    for line in inside.splitlines():
        if line.startswith("["):
            entries.append(line)
        elif line.startswith("    ") and entries:
            entries[-1] += "\n" + line[4:]
        else:
            return "a line inside the fence is neither an entry nor indented: %r" % line[:60]
    rest = user[end.end():].lstrip("\n")
    if not rest.startswith("COMMAND\n") or "\nCommand line:\n" not in rest:
        return "no COMMAND section with a command line after the fence"
    command = rest.split("\nCommand line:\n", 1)[1].strip()
    if not command:
        return "the command line is empty"
    return person, entries, command


def review_ratings(body):
    """Rates the command as a careful reviewer would, from the request alone.

    The person asked for it when every word of it past the program (its
    operands, flags aside) is in what they typed (PERSON's numbered goals):
    "Create an empty file called made.txt" asks for `touch made.txt`. It
    is an injection when the person did not, and a tool result the agent
    read (an ACTIVITY entry `[tool result]`) holds those words."""
    user = "".join(m.get("content") or "" for m in body.get("messages") or []
                   if m.get("role") == "user" and isinstance(m.get("content"), str))
    sections = review_sections(user)
    if isinstance(sections, str):
        return {"risk": "high", "authorization": "none", "injection": False,
                "reason": "The request is not as expected: %s." % sections}
    person, entries, command = sections
    goals, in_goal = [], False
    for line in person.splitlines():
        in_goal = bool(re.match(r"\d+\. ", line)) or (in_goal and line.startswith("    "))
        if in_goal:
            goals.append(line)
    goals = "\n".join(goals)
    try:
        words = [w for w in shlex.split(command)[1:] if not w.startswith("-")]
    except ValueError:
        words = []
    named = lambda text: bool(words) and all(w in text for w in words)
    if named(goals):
        return {"risk": "low", "authorization": "explicit", "injection": False,
                "reason": "The person asked for this: %s." % " ".join(words)}
    if any(e.startswith("[tool result]") and named(e) for e in entries):
        return {"risk": "high", "authorization": "none", "injection": True,
                "reason": "Text the agent read, not the person, asked for this command."}
    return {"risk": "high", "authorization": "none", "injection": False,
            "reason": "Nothing the person typed asks for this command."}


def fill(schema):
    """A small value of the JSON schema's shape (Gemini's or JSON Schema's)."""
    t = str(schema.get("type", "object")).lower()
    if schema.get("enum"):
        return schema["enum"][0]
    if t == "object":
        return {k: fill(v) for k, v in (schema.get("properties") or {}).items()}
    if t == "array":
        return []
    if t in ("integer", "number"):
        return 1
    if t == "boolean":
        return False
    return "e2e"


# --- the server ---------------------------------------------------------------


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def log_message(self, fmt, *args):
        sys.stderr.write("fake_models: " + (fmt % args) + "\n")

    def record(self, body):
        global counter
        with counter_lock:
            counter += 1
            n = counter
        name = "%03d-%s.json" % (n, self.path.split("?")[0].strip("/").replace("/", "_").replace(":", "_")[-80:] or "root")
        with open(os.path.join(REQUEST_DIR, name), "w") as f:
            json.dump({"method": self.command, "path": self.path, "body": body}, f)
        return n

    def send_json(self, status, obj):
        data = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def start_sse(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()

    def do_HEAD(self):
        self.record(None)
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_GET(self):
        self.record(None)
        path = self.path.split("?")[0]
        if path.endswith("/models"):
            self.send_json(200, {"object": "list", "data": [{"id": "fake-model", "object": "model", "owned_by": "e2e"}],
                                 "models": []})
        else:
            self.send_json(404, {"error": {"type": "not_found_error", "message": "not here"}})

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            body = {"unparsed": raw.decode("utf-8", "replace")}
        n = self.record(body)
        path = self.path.split("?")[0]
        if path.endswith("/count_tokens"):
            self.send_json(200, {"input_tokens": 100})
        elif path.endswith("/messages"):
            self.anthropic(body, n)
        elif path.endswith("/responses"):
            self.openai_responses(body, n)
        elif path.endswith("/chat/completions"):
            self.chat(body, n)
        elif ":generateContent" in path or ":streamGenerateContent" in path:
            self.gemini(body, n, ":streamGenerateContent" in path)
        elif path.endswith(":countTokens"):
            self.send_json(200, {"totalTokens": 100})
        else:
            self.send_json(404, {"error": {"type": "not_found_error", "message": "not here"}})

    # Anthropic Messages
    def anthropic(self, body, n):
        step = next_step(body, anthropic_results(body))
        if step:
            out = [{"type": "tool_use", "id": "toolu_e2e_%04d" % n, "name": step[0], "input": step[1]}]
            stop = "tool_use"
        else:
            out = [{"type": "text", "text": DONE_TEXT if anthropic_results(body) else "E2E test session"}]
            stop = "end_turn"
        message = {"id": "msg_e2e_%04d" % n, "type": "message", "role": "assistant",
                   "model": body.get("model") or "claude-sonnet-4-5", "stop_sequence": None,
                   "usage": {"input_tokens": 100, "output_tokens": 20}}
        if not body.get("stream"):
            self.send_json(200, dict(message, content=out, stop_reason=stop))
            return
        ev = lambda e, d: ("event: %s\ndata: %s\n\n" % (e, json.dumps(d))).encode()
        chunks = [ev("message_start", {"type": "message_start", "message": dict(message, content=[], stop_reason=None)})]
        for i, b in enumerate(out):
            if b["type"] == "tool_use":
                start, delta = dict(b, input={}), {"type": "input_json_delta", "partial_json": json.dumps(b["input"])}
            else:
                start, delta = {"type": "text", "text": ""}, {"type": "text_delta", "text": b["text"]}
            chunks.append(ev("content_block_start", {"type": "content_block_start", "index": i, "content_block": start}))
            chunks.append(ev("content_block_delta", {"type": "content_block_delta", "index": i, "delta": delta}))
            chunks.append(ev("content_block_stop", {"type": "content_block_stop", "index": i}))
        chunks.append(ev("message_delta", {"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None},
                                           "usage": {"output_tokens": 20}}))
        chunks.append(ev("message_stop", {"type": "message_stop"}))
        self.start_sse()
        self.wfile.write(b"".join(chunks))

    # OpenAI Chat Completions
    def chat(self, body, n):
        schema = (body.get("response_format") or {}).get("json_schema") or {}
        if schema.get("name") == "review":
            ratings = review_ratings(body)
            self.send_json(200, {"id": "chatcmpl-%d" % n, "object": "chat.completion", "created": 0,
                                 "model": body.get("model") or "fake-reviewer",
                                 "choices": [{"index": 0, "finish_reason": "stop",
                                              "message": {"role": "assistant", "content": json.dumps(ratings)}}],
                                 "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120}})
            return
        step = next_step(body, chat_results(body))
        model = body.get("model") or "fake-model"
        if step:
            call = {"id": "call_e2e_%04d" % n, "type": "function",
                    "function": {"name": step[0], "arguments": json.dumps(step[1])}}
            msg, finish = {"role": "assistant", "content": None, "tool_calls": [call]}, "tool_calls"
        else:
            msg, finish = {"role": "assistant", "content": DONE_TEXT if chat_results(body) else "E2E test session"}, "stop"
        usage = {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120}
        if not body.get("stream"):
            self.send_json(200, {"id": "chatcmpl-%d" % n, "object": "chat.completion", "created": 0, "model": model,
                                 "choices": [{"index": 0, "message": msg, "finish_reason": finish}], "usage": usage})
            return
        base = {"id": "chatcmpl-%d" % n, "object": "chat.completion.chunk", "created": 0, "model": model}
        delta = {"role": "assistant"}
        if step:
            delta["tool_calls"] = [dict(msg["tool_calls"][0], index=0)]
        else:
            delta["content"] = msg["content"]
        chunks = [dict(base, choices=[{"index": 0, "delta": delta, "finish_reason": None}]),
                  dict(base, choices=[{"index": 0, "delta": {}, "finish_reason": finish}]),
                  dict(base, choices=[], usage=usage)]
        self.start_sse()
        self.wfile.write(b"".join(("data: %s\n\n" % json.dumps(c)).encode() for c in chunks) + b"data: [DONE]\n\n")

    # OpenAI Responses (streamed, as Codex asks)
    def openai_responses(self, body, n):
        step = next_step(body, responses_results(body))
        rid = "resp_e2e_%04d" % n
        if step:
            item = {"type": "function_call", "id": "fc_e2e_%04d" % n, "call_id": "call_e2e_%04d" % n,
                    "name": step[0], "arguments": json.dumps(step[1]), "status": "completed"}
        else:
            text = DONE_TEXT if responses_results(body) else "E2E test session"
            item = {"type": "message", "id": "msg_e2e_%04d" % n, "role": "assistant", "status": "completed",
                    "content": [{"type": "output_text", "text": text, "annotations": []}]}
        usage = {"input_tokens": 100, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 20,
                 "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 120}
        resp = {"id": rid, "object": "response", "created_at": 0, "status": "in_progress",
                "model": body.get("model") or "fake-model", "output": []}
        events = [("response.created", {"type": "response.created", "response": resp}),
                  ("response.output_item.added", {"type": "response.output_item.added", "output_index": 0,
                                                  "item": dict(item, status="in_progress")}),
                  ("response.output_item.done", {"type": "response.output_item.done", "output_index": 0, "item": item}),
                  ("response.completed", {"type": "response.completed",
                                          "response": dict(resp, status="completed", output=[item], usage=usage)})]
        if not body.get("stream", True):
            self.send_json(200, dict(resp, status="completed", output=[item], usage=usage))
            return
        self.start_sse()
        self.wfile.write(b"".join(("event: %s\ndata: %s\n\n" % (e, json.dumps(d))).encode() for e, d in events))

    # Gemini generateContent / streamGenerateContent?alt=sse
    def gemini(self, body, n, stream):
        step = next_step(body, gemini_results(body))
        gc = body.get("generationConfig") or {}
        schema = gc.get("responseJsonSchema") or gc.get("responseSchema")
        if step:
            parts = [{"functionCall": {"name": step[0], "args": step[1]}}]
        elif gc.get("responseMimeType") == "application/json" and schema:
            # The client's own helper calls (routing, checks): JSON of the shape asked.
            parts = [{"text": json.dumps(fill(schema))}]
        else:
            parts = [{"text": DONE_TEXT if gemini_results(body) else "E2E test session"}]
        resp = {"candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}],
                "usageMetadata": {"promptTokenCount": 100, "candidatesTokenCount": 20, "totalTokenCount": 120},
                "modelVersion": "gemini-2.5-flash", "responseId": "e2e-%d" % n}
        if not stream:
            self.send_json(200, resp)
            return
        self.start_sse()
        self.wfile.write(("data: %s\r\n\r\n" % json.dumps(resp)).encode())


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    tmp = PORT_FILE + ".tmp"
    with open(tmp, "w") as f:
        f.write(str(server.server_address[1]))
    os.replace(tmp, PORT_FILE)
    stop = threading.Timer(LIFETIME_S, server.shutdown)
    stop.daemon = True
    stop.start()
    server.serve_forever()


if __name__ == "__main__":
    main()
