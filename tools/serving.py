"""The built site served over HTTP on localhost, as a static host would serve it, plain or compressed with gzip.

Lighthouse judges a site as served: through the standard library's server,
which never compresses, every page would lose points no host would cost it.
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import io
import mimetypes
import os
import posixpath
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit


class QuietHandler(SimpleHTTPRequestHandler):
    """Serves files without a log line per request, so pytest output stays readable."""

    def log_message(self, format: str, *args) -> None:
        pass


class QuietServer(ThreadingHTTPServer):
    """Chromium drops keep-alive connections at will; that is not worth a traceback."""

    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        pass


@contextlib.contextmanager
def serve(root: Path, handler: type[SimpleHTTPRequestHandler] = QuietHandler) -> Iterator[str]:
    """A built site served the way a static host would serve it, on a free local port."""
    server = QuietServer(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


COMPRESSIBLE = {
    "application/javascript",
    "application/json",
    "application/xml",
    "image/svg+xml",
    "text/css",
    "text/html",
    "text/javascript",
    "text/plain",
    "text/xml",
}


def _content_type(path: str) -> str:
    """The type the standard handler sends a file with: its own table first, then the system's."""
    table = SimpleHTTPRequestHandler.extensions_map
    ext = posixpath.splitext(path)[1]
    return table.get(ext) or table.get(ext.lower()) or mimetypes.guess_type(path)[0] or "application/octet-stream"


def _gzipped(path: str) -> bool:
    """Whether a static host sends the file compressed: text, scripts and SVG; not
    images, nor Pagefind's files, already compressed."""
    return _content_type(path).split(";", 1)[0] in COMPRESSIBLE


def sent_bytes(root: Path, url: str) -> int:
    """The bytes the gzip server sends for a site URL, as a reader's browser receives them."""
    path = root / unquote(urlsplit(url).path).lstrip("/")
    if path.is_dir():
        path = path / "index.html"
    stat = path.stat()
    return len(_compressed(str(path), stat.st_mtime)) if _gzipped(str(path)) else stat.st_size


@functools.lru_cache(maxsize=256)
def _compressed(path: str, mtime: float) -> bytes:
    """Each file compressed once per version, so repeated runs measure the page, not the server."""
    return gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)


class GzipHandler(QuietHandler):
    """Sends text gzipped to a client that accepts gzip; everything else as the standard handler does."""

    protocol_version = "HTTP/1.1"  # keep-alive, as a browser gets from a real host

    def send_head(self):
        if "gzip" not in self.headers.get("Accept-Encoding", ""):
            return super().send_head()
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not self.path.split("?", 1)[0].split("#", 1)[0].endswith("/"):
                return super().send_head()  # the redirect to the address with a slash
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path) or not _gzipped(path):
            return super().send_head()
        content_type = _content_type(path)
        stat = os.stat(path)
        body = _compressed(path, stat.st_mtime)
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)


def serve_gzip(root: Path) -> contextlib.AbstractContextManager[str]:
    """`root` served on a free local port with gzip; yields the address without a trailing slash."""
    return serve(root, handler=GzipHandler)
