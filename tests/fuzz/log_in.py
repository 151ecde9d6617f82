"""Logs a sandbox demo customer in (password, then the SMS code from the sandbox outbox) and
prints the access token from its cookie, for the contract fuzzer. Standard library only."""

import json
import re
import sys
import urllib.parse
import urllib.request

base = sys.argv[1]
EMAIL, PASSWORD, PHONE = "olivia@demo.harbour.example", "Harbour2026", "+447700900001"


def post(path, body):
    request = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Accept": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response), response.headers.get_all("Set-Cookie") or []


step, _ = post("/v2/auth/login", {"email": EMAIL, "password": PASSWORD})
outbox = urllib.request.urlopen(
    f"{base}/dev/outbox?to={urllib.parse.quote(PHONE)}", timeout=10
).read().decode()
code = re.search(r'<pre class="outbox-body">(\d{6})', outbox).group(1)
_, cookies = post(
    "/v2/auth/mfa/login",
    {"requestId": step["mfa"]["requestId"], "method": "sms", "secret": code},
)
# The token arrives only as an HttpOnly cookie (`access` on plain-HTTP localhost).
access = next(c for c in cookies if re.match(r"(__Host-)?access=[^;]", c))
print(access.split(";", 1)[0].split("=", 1)[1])
