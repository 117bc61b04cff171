"""A real HTTP server on 127.0.0.1 that stands in for a model provider.

Speaks the OpenAI-compatible chat-completions wire format (POST .../v1/chat/completions)
and Ollama's (POST /api/chat). What it answers is set per test: a reply text, an HTTP
status, invalid JSON, a hang, or a trickle (the whole answer, or only its body, one byte
every trickle_seconds). It records every request (path, headers, body). With
serve_tls it speaks HTTPS; TlsProxy is an https:// proxy in front of it.
"""
import json
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
        self.error_body = b'{"error": "boom"}'   # what a status other than 200 answers
        self.body: bytes | None = None   # a 200 answer's whole body, instead of one with the reply
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
                    self._send(status, model.error_body)
                    return
                if model.mode == "invalid-json":
                    self._send(200, b"{this is not json")
                    return
                if model.body is not None:
                    self._send(200, model.body)
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

    def serve_tls(self, context) -> "FakeModel":
        """Speak HTTPS with this server-side ssl.SSLContext (call before start)."""
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.scheme = "https"
        return self

    def start(self) -> "FakeModel":
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def tls_context(ca, host: str = "127.0.0.1"):
    """A server-side TLS context with a certificate for host issued by ca (a trustme.CA)."""
    import ssl
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ca.issue_cert(host).configure_cert(context)
    return context


class TlsProxy:
    """An https:// proxy on 127.0.0.1: it terminates TLS (the context given), then takes
    only CONNECT host:port and tunnels to it, as an https_proxy does for an https URL.
    It counts the TLS handshakes that succeeded and records each CONNECT target; a client
    that speaks clear text to it fails the handshake and is counted in neither."""

    def __init__(self, context):
        import socket
        self.context = context
        self.handshakes = 0
        self.targets: list[str] = []
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self._serve, daemon=True).start()

    @property
    def url(self) -> str:
        return f"https://127.0.0.1:{self.port}"

    def _serve(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._handle, args=(client,), daemon=True).start()

    def _handle(self, raw):
        import socket
        import ssl
        raw.settimeout(10)
        try:
            client = self.context.wrap_socket(raw, server_side=True)
        except (ssl.SSLError, OSError):
            raw.close()
            return
        self.handshakes += 1
        with client:
            head = b""
            while b"\r\n\r\n" not in head:
                chunk = client.recv(4096)
                if not chunk:
                    return
                head += chunk
            method, target = (head.split(b" ") + [b"", b""])[:2]
            if method != b"CONNECT":
                client.sendall(b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n")
                return
            self.targets.append(target.decode())
            host, _, port = target.decode().rpartition(":")
            with socket.create_connection((host, int(port)), timeout=10) as upstream:
                client.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
                self._pipe(client, upstream)

    @staticmethod
    def _pipe(client, upstream):
        """Both directions in one thread (an SSL socket is not to be read and written
        from two threads at once)."""
        import select
        while True:
            ready = [client] if client.pending() else select.select([client, upstream], [], [], 10)[0]
            if not ready:
                return
            for source in ready:
                sink = upstream if source is client else client
                try:
                    data = source.recv(65536)
                except OSError:
                    return
                if not data:
                    return
                sink.sendall(data)

    def stop(self):
        self.listener.close()
