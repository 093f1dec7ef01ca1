"""A static server that compresses text with gzip, as real static hosts do.

Lighthouse judges a site as served: through the standard library's server,
which never compresses, every page would lose points no host would cost it.
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import io
import os
from pathlib import Path

from tests.browser.conftest import QuietHandler, serve

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
        content_type = self.guess_type(path)
        if not os.path.isfile(path) or content_type.split(";", 1)[0] not in COMPRESSIBLE:
            return super().send_head()
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
