#!/usr/bin/env python3
"""stravalib's whole flow against a `trackdrop sandbox`, with stravalib unmodified.

Only the host is redirected: every request stravalib sends to https://www.strava.com goes to the sandbox
instead (a requests.Session that rewrites the scheme and host, nothing else). The flow: authorize URL,
code from the sandbox's auto-approve redirect, token exchange, refresh, athlete, upload, wait for the
upload, get the activity, deauthorize, and a last call that must be refused.

    python3 stravalib_flow.py SANDBOX_URL CLIENT_ID CLIENT_SECRET FILE.gpx

Prints one JSON object with what happened; exits non-zero (with the reason on stderr) when a step fails.
Needs stravalib 2.x: python3 -m pip install 'stravalib==2.6'
"""

import json
import os
import sys
from urllib.parse import parse_qs, urlsplit

os.environ.setdefault("SILENCE_TOKEN_WARNINGS", "true")

import requests  # noqa: E402  (after the environment is set: stravalib reads it on import)
import stravalib  # noqa: E402
from stravalib import Client  # noqa: E402
from stravalib import exc  # noqa: E402

STRAVA = "https://www.strava.com"


class RedirectedSession(requests.Session):
    """Sends what stravalib addresses to Strava to the sandbox; paths, headers and bodies are untouched."""

    def __init__(self, sandbox: str):
        super().__init__()
        self.sandbox = sandbox.rstrip("/")
        self.sent = []

    def request(self, method, url, *args, **kwargs):
        if url.startswith(STRAVA):
            url = self.sandbox + url[len(STRAVA):]
        self.sent.append(f"{method.upper()} {urlsplit(url).path}")
        return super().request(method, url, *args, **kwargs)


def main() -> int:
    sandbox, client_id, client_secret, gpx = sys.argv[1:5]
    session = RedirectedSession(sandbox)
    client = Client(requests_session=session, rate_limit_requests=False)

    url = client.authorization_url(
        client_id=int(client_id),
        redirect_uri="http://127.0.0.1:9/callback",
        scope=["read", "activity:read_all", "activity:write"],
        state="stravalib-interop",
    )
    answer = session.get(url, allow_redirects=False)
    if answer.status_code != 302:
        raise SystemExit(f"authorize answered {answer.status_code}: {answer.text}")
    query = parse_qs(urlsplit(answer.headers["Location"]).query)
    code = query["code"][0]

    tokens = client.exchange_code_for_token(client_id=int(client_id), client_secret=client_secret, code=code)
    client.access_token = tokens["access_token"]
    client.refresh_token = tokens["refresh_token"]
    client.token_expires = tokens["expires_at"]

    refreshed = client.refresh_access_token(
        client_id=int(client_id), client_secret=client_secret, refresh_token=tokens["refresh_token"]
    )
    client.access_token = refreshed["access_token"]
    client.refresh_token = refreshed["refresh_token"]
    client.token_expires = refreshed["expires_at"]

    athlete = client.get_athlete()
    with open(gpx, "rb") as activity_file:
        uploader = client.upload_activity(activity_file, data_type="gpx", external_id="stravalib-interop")
    activity = uploader.wait(timeout=60, poll_interval=0.2)
    fetched = client.get_activity(activity.id)

    client.deauthorize()
    refused_after = False
    try:
        client.get_athlete()
    except exc.AccessUnauthorized:
        refused_after = True

    print(json.dumps({
        "stravalib": stravalib.__version__,
        "scope": query.get("scope", [""])[0],
        "athlete_id": athlete.id,
        "upload_id": uploader.upload_id,
        "activity_id": activity.id,
        "fetched_activity_id": fetched.id,
        "refused_after_deauthorize": refused_after,
        "requests": session.sent,
    }))
    return 0 if refused_after and fetched.id == activity.id else 1


if __name__ == "__main__":
    sys.exit(main())
