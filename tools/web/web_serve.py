"""Serve the built web site (``make web-serve``): a static file server on
this machine only.

    python tools/web/web_serve.py [--dir build/web] [--host 127.0.0.1] [--port 8000]

Python's ``http.server`` with the MIME types a browser insists on for a
module worker and WebAssembly (``.mjs``/``.js`` as JavaScript, ``.wasm`` as
``application/wasm``) and no caching, so a rebuilt site is picked up on
reload. ``serve_in_thread`` is what the browser tests and the benchmark use.
Bad usage (no built site) is one line on stderr and exit status 2.
"""

import argparse
import functools
import http.server
import os
import sys
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".css": "text/css", ".html": "text/html",
         ".py": "text/plain; charset=utf-8", ".bin": "application/octet-stream"}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types above, never cached, quiet."""

    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        if getattr(self.server, "verbose", False):
            super().log_message(format, *args)


def make_server(folder, host="127.0.0.1", port=0, verbose=False):
    """A ThreadingHTTPServer for ``folder`` on ``host:port`` (0: any free port)."""
    handler = functools.partial(Handler, directory=folder)
    srv = http.server.ThreadingHTTPServer((host, port), handler)
    srv.daemon_threads = True
    srv.verbose = verbose
    return srv


def serve_in_thread(folder, host="127.0.0.1"):
    """Start serving ``folder`` in a daemon thread; returns ``(server, base URL)``.
    Stop it with ``server.shutdown()``."""
    srv = make_server(folder, host)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, "http://%s:%d/" % (host, srv.server_address[1])


def main(argv=None):
    p = argparse.ArgumentParser(prog="python tools/web/web_serve.py",
                                description="Serve the built web site (make web first).")
    p.add_argument("--dir", default=os.path.join(ROOT, "build", "web"))
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default: %(default)s, this machine only)")
    p.add_argument("--port", type=int, default=8000)
    args = p.parse_args(argv)
    if not 0 <= args.port <= 65535:
        p.error("--port must be 0..65535 (0: any free port)")
    if not os.path.isfile(os.path.join(args.dir, "index.html")):
        print("web_serve: no site in %s (run make web)" % args.dir, file=sys.stderr)
        return 2
    try:
        srv = make_server(args.dir, args.host, args.port, verbose=True)
    except OSError as e:
        print("web_serve: cannot listen on %s:%d: %s" % (args.host, args.port, e.strerror),
              file=sys.stderr)
        return 2
    print("serving %s at http://%s:%d/ (Ctrl-C stops)" % (args.dir, args.host,
                                                          srv.server_address[1]), flush=True)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
