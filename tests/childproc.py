"""Run a function in a forked child and get back what it returned (or raised), as JSON.

For tests of things a process can do only once (drop root): the test process stays root.
"""
import json
import os
import traceback


def in_child(func, *args, timeout: float = 30.0):
    """func(*args) in a fork; returns its JSON-able result, or {'raised': type, 'error': str}."""
    import select
    rfd, wfd = os.pipe()
    pid = os.fork()
    if pid == 0:  # child: never returns into pytest
        code = 0
        try:
            os.close(rfd)
            try:
                result = func(*args)
            except BaseException as exc:  # report it, whatever it is
                result = {"raised": type(exc).__name__, "error": str(exc),
                          "trace": traceback.format_exc()}
            data = json.dumps(result).encode()
            while data:
                data = data[os.write(wfd, data):]
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(wfd)
    chunks = []
    try:
        while True:
            ready, _, _ = select.select([rfd], [], [], timeout)
            if not ready:
                os.kill(pid, 9)
                raise TimeoutError("child did not answer")
            chunk = os.read(rfd, 65536)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(rfd)
        os.waitpid(pid, 0)
    return json.loads(b"".join(chunks) or b"null")
