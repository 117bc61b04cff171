"""A real HTTP server on 127.0.0.1 that stands in for a model provider.

Speaks the OpenAI-compatible chat-completions wire format (POST .../v1/chat/completions)
and Ollama's (POST /api/chat). What it answers is set per test: a reply text, an HTTP
status, invalid JSON, or a hang. It records every request (path, headers, body).
"""
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class FakeModel:
    def __init__(self):
        self.reply = "Hello from the model."
        self.status = 200
        self.mode = "ok"            # ok | invalid-json | hang
        self.hang_seconds = 5.0
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
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def openai_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def ollama_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> "FakeModel":
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
