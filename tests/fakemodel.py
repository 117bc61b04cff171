"""A real HTTP server on 127.0.0.1 that stands in for a model provider.

Speaks the OpenAI-compatible chat-completions wire format (POST .../v1/chat/completions)
and Ollama's (POST /api/chat). What it answers is set per test: a reply text, an HTTP
status, invalid JSON, a hang, or a trickle (the whole answer, or only its body, one byte
every trickle_seconds). It records every request (path, headers, body).
"""
import json
import os
import shutil
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class FakeModel:
    def __init__(self):
        self.reply = "Hello from the model."
        self.status = 200
        self.mode = "ok"            # ok | invalid-json | hang | trickle | trickle-body
        self.hang_seconds = 5.0
        self.trickle_seconds = 0.1
        self.requests: list[dict] = []
        self.statuses: list[int] = []   # per-request statuses to use first (then self.status)
        model = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                length = int(self.headers.get("Content-Length", 0))
                body = self.rfile.read(length)
                try:
                    parsed = json.loads(body)
                except ValueError:
                    parsed = None
                model.requests.append({"path": self.path, "headers": dict(self.headers), "body": parsed})
                status = model.statuses.pop(0) if model.statuses else model.status
                if model.mode == "hang":
                    time.sleep(model.hang_seconds)
                if status != 200:
                    self._send(status, b'{"error": "boom"}')
                    return
                if model.mode == "invalid-json":
                    self._send(200, b"{this is not json")
                    return
                if self.path.endswith("/chat/completions"):
                    payload = {"choices": [{"index": 0, "message": {"role": "assistant", "content": model.reply}}]}
                elif self.path == "/api/chat":
                    payload = {"model": "m", "message": {"role": "assistant", "content": model.reply}, "done": True}
                else:
                    self._send(404, b'{"error": "no such path"}')
                    return
                self._send(200, json.dumps(payload).encode())

            def _send(self, status, data):
                if model.mode.startswith("trickle"):
                    self._trickle(status, data)
                    return
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def _trickle(self, status, data):
                head = (f"HTTP/1.0 {status} OK\r\nContent-Type: application/json\r\n"
                        f"Content-Length: {len(data)}\r\n\r\n").encode()
                slow = head + data if model.mode == "trickle" else data
                try:
                    if model.mode != "trickle":
                        self.wfile.write(head)
                        self.wfile.flush()
                    for i in range(len(slow)):
                        self.wfile.write(slow[i:i + 1])
                        self.wfile.flush()
                        time.sleep(model.trickle_seconds)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

        self.scheme = "http"

    @property
    def openai_url(self) -> str:
        return f"{self.scheme}://127.0.0.1:{self.port}/v1"

    @property
    def ollama_url(self) -> str:
        return f"{self.scheme}://127.0.0.1:{self.port}"

    def serve_tls(self, cert: str, key: str) -> "FakeModel":
        """Speak HTTPS with this certificate (call before start)."""
        import ssl
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.scheme = "https"
        return self

    def start(self) -> "FakeModel":
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def make_ca(where: str) -> dict | None:
    """A throwaway CA and a certificate for 127.0.0.1 signed by it, made with the openssl
    command: {"cadir": a hashed CA directory (as /etc/ssl/certs is), "cert", "key"}; None
    where openssl is missing."""
    openssl = shutil.which("openssl")
    if openssl is None:
        return None
    os.makedirs(where, exist_ok=True)

    def run(*args, stdin=None):
        subprocess.run([openssl, *args], cwd=where, check=True, capture_output=True, input=stdin)

    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    run("req", "-x509", *ec, "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=shelldon test CA",
        "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    run("req", *ec, "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1")
    with open(os.path.join(where, "server.ext"), "w") as handle:
        handle.write("subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\n"
                     "subjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid:always\n")
    run("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
        "-out", "server.pem", "-days", "2", "-extfile", "server.ext")
    cadir = os.path.join(where, "cadir")
    os.makedirs(cadir, exist_ok=True)
    shutil.copy(os.path.join(where, "ca.pem"), cadir)
    run("rehash", cadir)
    return {"cadir": cadir, "cert": os.path.join(where, "server.pem"), "key": os.path.join(where, "server.key")}


class TunnelProxy:
    """An HTTP proxy that only tunnels (CONNECT host:port), as an https_proxy does; it
    records each CONNECT target."""

    def __init__(self):
        import socket
        self.targets: list[str] = []
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _serve(self):
        import socket
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            head = b""
            while b"\r\n\r\n" not in head:
                chunk = client.recv(4096)
                if not chunk:
                    break
                head += chunk
            method, target = head.split(b" ")[:2] if head.count(b" ") >= 2 else (b"", b"")
            if method != b"CONNECT":
                client.sendall(b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n")
                client.close()
                continue
            self.targets.append(target.decode())
            host, _, port = target.decode().rpartition(":")
            upstream = socket.create_connection((host, int(port)))
            client.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source, sink):
        try:
            while chunk := source.recv(65536):
                sink.sendall(chunk)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                try:
                    sock.shutdown(2)
                except OSError:
                    pass

    def stop(self):
        self.listener.close()
