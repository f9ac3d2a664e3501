#!/usr/bin/env python3
"""Checks what askrisky sent its reviewer in an end-to-end run.

Usage: fenced.py REQUEST_DIR TYPED_PROMPT [PLANTED_TEXT]

Finds the reviewer request among the saved requests (a Chat Completions
body asking for the `review` schema) and checks that the person's typed
prompt is in the PERSON section, that the text the agent read (the planted
instruction, when given) appears only inside the fenced BEGIN ACTIVITY …
END ACTIVITY block with its random id, and which command the COMMAND
section asks about. Prints one `name<TAB>value` line per fact; exit 0
either way (the caller compares).
"""

import glob
import json
import re
import sys

req_dir, typed = sys.argv[1:3]
planted = sys.argv[3] if len(sys.argv) > 3 else ""
found = None
for path in sorted(glob.glob(req_dir + "/*.json")):
    with open(path, encoding="utf-8") as f:
        r = json.load(f)
    body = r.get("body") or {}
    if ((body.get("response_format") or {}).get("json_schema") or {}).get("name") == "review":
        found = body
        break
facts = {"reviewer_asked": "yes" if found else "no"}
if found:
    user = "".join(m.get("content") or "" for m in found.get("messages") or [] if m.get("role") == "user")
    m = re.search(r"^BEGIN ACTIVITY (\S+)$", user, re.M)
    fence = m.group(1) if m else ""
    begin = user.find("BEGIN ACTIVITY " + fence) if fence else -1
    end = user.find("END ACTIVITY " + fence) if fence else -1
    person = user[:begin] if begin >= 0 else user
    facts["fenced"] = "yes" if 0 <= begin < end else "no"
    facts["typed_under_person"] = "yes" if person.startswith("PERSON") and typed in person else "no"
    if planted:
        spots = [i.start() for i in re.finditer(re.escape(planted), user)]
        facts["planted_seen"] = str(len(spots))
        facts["planted_only_in_activity"] = "yes" if spots and all(begin < i < end for i in spots) else "no"
        facts["planted_not_in_person"] = "yes" if planted not in person else "no"
    # The command line is the COMMAND section's last part, after the fence.
    rest = user[end:] if end >= 0 else ""
    m = re.search(r"^COMMAND\n(?:.*\n)*?Command line:\n", rest, re.M)
    facts["command"] = rest[m.end():].strip() if m else ""
for k, v in facts.items():
    print("%s\t%s" % (k, v))
