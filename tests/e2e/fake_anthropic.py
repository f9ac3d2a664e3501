#!/usr/bin/env python3
"""A scripted stand-in for the Anthropic Messages API, for end-to-end tests.

Usage: fake_anthropic.py PORT_FILE REQUEST_DIR TOOL INPUT_JSON

Listens on 127.0.0.1 on a free port and writes the port to PORT_FILE once it
is accepting connections (so the caller never races for a fixed port). Each
request is saved as REQUEST_DIR/NNN-<path>.json with its method, path and
body, so the test can read what the client sent back.

The script it plays, whatever the client asks:
  * a request that offers TOOL and has no tool_result yet: the model calls
    TOOL with INPUT_JSON (for Bash: {"command": ..., "description": ...});
  * a request carrying a tool_result: the model ends its turn with text;
  * anything else (a title or summary request, without tools): plain text.
Token counting and the client's HEAD probe get plausible answers, so the
client never sees an error that is not part of the test.
"""

import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PORT_FILE, REQUEST_DIR, TOOL = sys.argv[1], sys.argv[2], sys.argv[3]
TOOL_INPUT = json.loads(sys.argv[4])
MODEL = "claude-sonnet-4-5"
# A test server stops by itself even if nobody stops it.
LIFETIME_S = 300

counter = 0
counter_lock = threading.Lock()


def has_tool_result(messages):
    for m in messages:
        content = m.get("content")
        if isinstance(content, list):
            for block in content:
                if isinstance(block, dict) and block.get("type") == "tool_result":
                    return True
    return False


def offers_tool(body):
    return any(t.get("name") == TOOL for t in body.get("tools") or [])


def reply_blocks(body, n):
    """The content blocks and stop reason of the scripted reply to request n."""
    messages = body.get("messages") or []
    if has_tool_result(messages):
        return [{"type": "text", "text": "Done: I saw the command's result."}], "end_turn"
    if offers_tool(body):
        tool = {"type": "tool_use", "id": "toolu_e2e_%04d" % n, "name": TOOL, "input": TOOL_INPUT}
        return [tool], "tool_use"
    return [{"type": "text", "text": "E2E test session"}], "end_turn"


def sse(event, data):
    return ("event: %s\ndata: %s\n\n" % (event, json.dumps(data))).encode()


class Handler(BaseHTTPRequestHandler):
    # One response per connection: simple and enough for a test client.
    protocol_version = "HTTP/1.0"

    def log_message(self, fmt, *args):  # to stderr, which the test keeps in server.log
        sys.stderr.write("fake_anthropic: " + (fmt % args) + "\n")

    def record(self, body):
        global counter
        with counter_lock:
            counter += 1
            n = counter
        name = "%03d-%s.json" % (n, self.path.split("?")[0].strip("/").replace("/", "_") or "root")
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

    def do_HEAD(self):
        self.record(None)
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_GET(self):
        self.record(None)
        self.send_json(404, {"type": "error", "error": {"type": "not_found_error", "message": "not here"}})

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
        elif path.endswith("/v1/messages"):
            self.messages(body, n)
        else:
            self.send_json(404, {"type": "error", "error": {"type": "not_found_error", "message": "not here"}})

    def messages(self, body, n):
        blocks, stop = reply_blocks(body, n)
        usage = {"input_tokens": 100, "output_tokens": 20}
        message = {
            "id": "msg_e2e_%04d" % n,
            "type": "message",
            "role": "assistant",
            "model": body.get("model") or MODEL,
            "stop_sequence": None,
            "usage": usage,
        }
        if not body.get("stream"):
            self.send_json(200, dict(message, content=blocks, stop_reason=stop))
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        out = [sse("message_start", {"type": "message_start",
                                     "message": dict(message, content=[], stop_reason=None)})]
        for i, block in enumerate(blocks):
            if block["type"] == "tool_use":
                start = dict(block, input={})
                delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
            else:
                start = {"type": "text", "text": ""}
                delta = {"type": "text_delta", "text": block["text"]}
            out.append(sse("content_block_start", {"type": "content_block_start", "index": i,
                                                   "content_block": start}))
            out.append(sse("content_block_delta", {"type": "content_block_delta", "index": i,
                                                   "delta": delta}))
            out.append(sse("content_block_stop", {"type": "content_block_stop", "index": i}))
        out.append(sse("message_delta", {"type": "message_delta",
                                         "delta": {"stop_reason": stop, "stop_sequence": None},
                                         "usage": {"output_tokens": 20}}))
        out.append(sse("message_stop", {"type": "message_stop"}))
        self.wfile.write(b"".join(out))
        self.wfile.flush()


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    tmp = PORT_FILE + ".tmp"
    with open(tmp, "w") as f:
        f.write(str(server.server_address[1]))
    os.replace(tmp, PORT_FILE)  # the caller sees the whole port or nothing
    stop = threading.Timer(LIFETIME_S, server.shutdown)
    stop.daemon = True
    stop.start()
    server.serve_forever()


if __name__ == "__main__":
    main()
