"""Starts the live fixture (Docent + a fake Confluence) once per test session."""

import json
import shutil
import subprocess
from pathlib import Path
from typing import Iterator

import pytest

import docent_client

FIXTURE_SCRIPT = Path(__file__).resolve().parents[2] / "smoke" / "start-fixture.mjs"


@pytest.fixture(scope="session")
def live() -> Iterator[dict]:
    """The fixture's JSON line: base_url, api_key and the fake wiki's url, space and credentials."""
    node = shutil.which("node")
    if node is None or not FIXTURE_SCRIPT.exists():
        pytest.skip("the smoke fixture needs Node.js and the repository's clients/smoke/start-fixture.mjs")
    # stderr is inherited so that the server's logs show up and never fill a pipe.
    process = subprocess.Popen(
        [node, str(FIXTURE_SCRIPT)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        line = process.stdout.readline()
        if not line:
            raise RuntimeError(f"the smoke fixture exited with code {process.wait()} before it was ready")
        yield json.loads(line)
    finally:
        # Closing stdin is the fixture's signal to stop the server and the fake wiki.
        process.stdin.close()
        process.wait(timeout=60)


@pytest.fixture(scope="session")
def api_client(live: dict) -> Iterator[docent_client.ApiClient]:
    configuration = docent_client.Configuration(host=live["base_url"], api_key={"ApiKey": live["api_key"]})
    with docent_client.ApiClient(configuration) as client:
        yield client
