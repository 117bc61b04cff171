"""The model call's transport, against real loopback servers, through the real stages
(brain openai, --brain-url): an https:// proxy reached over TLS, no_proxy honoured, a
provider's certificate checked, and one deadline for the whole reply."""
import json
import os
import subprocess
import sys
import time

import pytest

from conftest import BIN
from fakemodel import FakeModel, TlsProxy, tls_context

trustme = pytest.importorskip("trustme")

DEGRADED = b"Sorry, my thoughts are foggy"


@pytest.fixture(scope="module")
def ca():
    return trustme.CA()


@pytest.fixture
def ca_bundle(ca, tmp_path):
    path = tmp_path / "test-ca.pem"
    ca.cert_pem.write_to_path(str(path))
    return str(path)


@pytest.fixture
def tls_model(ca):
    model = FakeModel().serve_tls(tls_context(ca)).start()
    model.reply = "over TLS"
    yield model
    model.stop()


@pytest.fixture
def proxy(ca):
    proxy = TlsProxy(tls_context(ca))
    yield proxy
    proxy.stop()


def run(ready, url, env, *, message="hello there"):
    return ready("shelldon-turn", "--brain", "openai", "--brain-url", url, message, env=env)


def proxied(proxy, no_proxy=""):
    return {"https_proxy": proxy.url, "HTTPS_PROXY": proxy.url, "no_proxy": no_proxy, "NO_PROXY": no_proxy}


def test_an_https_proxy_is_spoken_to_over_tls(ready, tls_model, proxy, ca_bundle):
    result = run(ready, tls_model.openai_url, {"REQUESTS_CA_BUNDLE": ca_bundle, **proxied(proxy)})
    assert result.returncode == 0 and result.stdout == b"over TLS\n", result.stderr
    # the proxy completed a TLS handshake with the stage, then was asked for a tunnel
    assert proxy.handshakes == 1 and proxy.targets == [f"127.0.0.1:{tls_model.port}"]
    assert len(tls_model.requests) == 1


def test_no_proxy_naming_the_provider_goes_direct(ready, tls_model, proxy, ca_bundle):
    result = run(ready, tls_model.openai_url, {"REQUESTS_CA_BUNDLE": ca_bundle, **proxied(proxy, "127.0.0.1")})
    assert result.returncode == 0 and result.stdout == b"over TLS\n", result.stderr
    assert proxy.handshakes == 0 and proxy.targets == []
    assert len(tls_model.requests) == 1


def test_an_untrusted_certificate_is_refused_unless_its_ca_is_given(ready, home, tls_model, tmp_path, ca_bundle):
    # a bundle without the test CA (another CA's): the handshake fails, nothing is sent
    other = tmp_path / "other-ca.pem"
    trustme.CA().cert_pem.write_to_path(str(other))
    result = run(ready, tls_model.openai_url, {"REQUESTS_CA_BUNDLE": str(other)})
    assert result.returncode == 0 and result.stdout.startswith(DEGRADED), result.stderr
    assert b"warning" in result.stderr and b"certificate not trusted" in result.stderr
    assert b"Traceback" not in result.stderr and result.stderr.count(b"\n") == 1
    assert tls_model.requests == []
    # the system's bundle does not hold it either
    result = run(ready, tls_model.openai_url, {}, message="hello again")
    assert result.stdout.startswith(DEGRADED) and b"certificate not trusted" in result.stderr
    # named by REQUESTS_CA_BUNDLE, as requests reads it
    result = run(ready, tls_model.openai_url, {"REQUESTS_CA_BUNDLE": ca_bundle}, message="and again")
    assert result.stdout == b"over TLS\n", result.stderr
    assert len(tls_model.requests) == 1


def test_a_provider_trickling_its_body_is_cut_off_at_the_deadline(ready, fake_model):
    """Each byte comes well within any read timeout (0.2 s apart), the whole body would
    take ~20 s: the deadline (1.5 s) cuts it, through shelldon-think as through a turn."""
    fake_model.mode, fake_model.trickle_seconds = "trickle-body", 0.2
    record = ready("shelldon-assemble", "hello there").stdout
    started = time.monotonic()
    result = ready("shelldon-think", "--brain", "openai", "--brain-url", fake_model.openai_url, input=record,
                   env={"SHELLDON_BRAIN_TIMEOUT": "1.5"})
    took = time.monotonic() - started
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["reply"].encode().startswith(DEGRADED)
    assert b"no reply within 1.5s" in result.stderr and b"Traceback" not in result.stderr
    assert took < 6, took   # not the ~20 s the body takes
    assert len(fake_model.requests) == 1   # the deadline passed: no retry


def test_the_rules_brain_never_imports_requests(ready, tmp_path):
    """The one start-up technique: requests is imported where a model is called, so a
    stage with the rules brain does not pay for it (python -X importtime lists it)."""
    home = tmp_path / "rules-home"
    subprocess.run([sys.executable, str(BIN / "shelldon-init"), "--home", str(home)], check=True, capture_output=True)
    result = subprocess.run([sys.executable, "-X", "importtime", str(BIN / "shelldon-turn"), "--home", str(home),
                             "my sister Ana lives in Porto"], capture_output=True, env={**os.environ})
    assert result.returncode == 0, result.stderr
    imported = {line.rsplit("|", 1)[-1].strip() for line in result.stderr.decode().splitlines()
                if line.startswith("import time:")}
    assert "shelldon.worker.rules" in imported or "shelldon.worker.turn" in imported   # the list is real
    assert not {"requests", "urllib3", "shelldon.broker.providers"} & imported
