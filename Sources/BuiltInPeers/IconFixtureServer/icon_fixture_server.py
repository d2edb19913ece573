#!/usr/bin/env python3
"""icon_fixture_server.py - the HTTPS fixture server of the icon-loading tests and conformance area.

Serves canned responses on 127.0.0.1 over https (a CA and a leaf certificate generated for this
run with the openssl command) and, on a second port, over plain http (so that a client which
follows a redirect to http is caught: that request is logged too). Every request is appended to
the request log as one JSON line: {"scheme", "method", "path", "if_none_match",
"if_modified_since"}.

    icon_fixture_server.py --routes ROUTES.json --workdir DIR

prints one JSON line on standard output once both listeners accept connections:
    {"https": "https://127.0.0.1:PORT", "http": "http://127.0.0.1:PORT2", "ca": "DIR/ca.pem",
     "log": "DIR/requests.jsonl"}
and runs until it receives SIGTERM or standard input closes.

ROUTES.json maps a request path (without the query) to a response:
    {"/a/appInfo.json": {"status": 200, "type": "application/json", "file": "appInfo.json",
                         "etag": "\"v1\"", "last_modified": "...", "max_age": 60,
                         "headers": {"X": "y"}, "location": "{https}/b",
                         "text": "...", "file_prefix": 100, "pad_to": 3000000,
                         "no_length": true, "chunk": 4096, "delay": 0.2,
                         "pad_byte": 32, "template": true, "vector": "/v/valid/x"}}
    status       default 200
    file | text  the body (a file relative to ROUTES.json, or literal text); default empty
    file_prefix  serve only the first N bytes of the file (a truncated image)
    pad_to       append bytes (zero, or pad_byte) up to this length (an oversize body), written as
                 they are sent (never held in memory); the runner caps it (Docs/vectors.md)
    no_length    send no Content-Length (the body ends when the connection closes)
    chunk/delay  write the body in chunks of `chunk` bytes, sleeping `delay` s between them
    etag         sent as ETag; a request whose If-None-Match equals it gets 304
    location     sent as Location; {https} and {http} expand to this server's two origins,
                 {base} and {http_base} to them followed by the request's token prefix and
                 the route's "vector" prefix; {userinfo_base} is {base} with user:secret@
    template     the text body is expanded like location
    vector       the path prefix of the route's vector (used by {base})
A request path /t/TOKEN/REST is looked up as REST (and logged in full): the conformance runner
gives every case its own token, so each case's requests can be told apart in the log.
Unknown paths get 404.
Each https connection does its TLS handshake in its own thread, within HANDSHAKE_TIMEOUT seconds: an
idle or slow client never holds up the others.
"""
import argparse
import json
import os
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# Seconds a connection to the https port has to complete its TLS handshake (in its own thread).
HANDSHAKE_TIMEOUT = 10


def make_certificates(workdir):
    """A CA and a leaf for 127.0.0.1/localhost, P-256, valid two days; returns (ca, cert, key)."""
    ca_key, ca_pem = os.path.join(workdir, "ca.key"), os.path.join(workdir, "ca.pem")
    key, csr, cert = (os.path.join(workdir, name) for name in ("leaf.key", "leaf.csr", "leaf.pem"))
    ext = os.path.join(workdir, "leaf.ext")
    with open(ext, "w") as handle:
        handle.write("basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\n"
                     "extendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1,DNS:localhost\n")
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "check": True}
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                    "-keyout", ca_key, "-out", ca_pem, "-days", "2", "-subj", "/CN=xds icon fixture CA",
                    "-addext", "basicConstraints=critical,CA:TRUE",
                    "-addext", "keyUsage=critical,keyCertSign,cRLSign"], **quiet)
    subprocess.run(["openssl", "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                    "-keyout", key, "-out", csr, "-subj", "/CN=127.0.0.1"], **quiet)
    subprocess.run(["openssl", "x509", "-req", "-in", csr, "-CA", ca_pem, "-CAkey", ca_key, "-CAcreateserial",
                    "-out", cert, "-days", "2", "-extfile", ext], **quiet)
    return ca_pem, cert, key


def expand(text, values):
    """Replaces each {name} of `values` in `text`; other braces (JSON) are left alone."""
    for name, value in values.items():
        text = text.replace("{%s}" % name, value)
    return text


class Fixture:
    def __init__(self, routes_path, log_path):
        with open(routes_path) as handle:
            self.routes = json.load(handle)
        self.base = os.path.dirname(os.path.abspath(routes_path))
        self.log_path = log_path
        self.lock = threading.Lock()
        self.origins = {}

    def log(self, entry):
        with self.lock, open(self.log_path, "a") as handle:
            handle.write(json.dumps(entry, sort_keys=True) + "\n")

    def expansions(self, route, token):
        prefix = ("/t/%s" % token if token else "") + route.get("vector", "")
        return dict(self.origins, base=self.origins["https"] + prefix, http_base=self.origins["http"] + prefix,
                    userinfo_base=self.origins["https"].replace("https://", "https://user:secret@") + prefix)

    def body(self, route, token=None):
        """The route's body as (data, padding): padding zero (or pad_byte) bytes follow data, written as they are
        sent, never held in memory whole."""
        data = b""
        if "file" in route:
            with open(os.path.join(self.base, route["file"]), "rb") as handle:
                data = handle.read()
            if "file_prefix" in route:
                data = data[: route["file_prefix"]]
        elif "text" in route:
            text = route["text"]
            if route.get("template"):
                text = expand(text, self.expansions(route, token))
            data = text.encode("utf-8")
        padding = max(0, route.get("pad_to", 0) - len(data))
        return data, padding


def body_chunks(data, padding, pad_byte, chunk):
    """The body in pieces of at most `chunk` bytes: data, then the padding."""
    for start in range(0, len(data), chunk):
        yield data[start:start + chunk]
    filler = bytes([pad_byte]) * min(chunk, padding)
    while padding > 0:
        yield filler[:padding]
        padding -= len(filler)


class TLSThreadingHTTPServer(ThreadingHTTPServer):
    """https with the TLS handshake in each connection's own thread, bounded by HANDSHAKE_TIMEOUT: a client that
    connects and says nothing holds its own thread only, never the accepting one (which every other case needs)."""

    def __init__(self, address, handler, context):
        super().__init__(address, handler)
        self.context = context

    def finish_request(self, request, client_address):
        request.settimeout(HANDSHAKE_TIMEOUT)
        try:
            secure = self.context.wrap_socket(request, server_side=True)
        except (ssl.SSLError, OSError):
            return  # no handshake in time, or a failed one: the connection is closed
        secure.settimeout(None)
        try:
            super().finish_request(secure, client_address)
        finally:
            try:
                secure.shutdown(socket.SHUT_WR)
            except OSError:
                pass
            secure.close()


def handler_for(fixture, scheme):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.0"

        def log_message(self, *args):
            pass

        def do_GET(self):
            path = self.path.split("?", 1)[0]
            token = None
            if path.startswith("/t/"):
                parts = path.split("/", 3)
                token = parts[2]
                path = "/" + (parts[3] if len(parts) > 3 else "")
            fixture.log({"scheme": scheme, "method": "GET", "path": self.path,
                         "if_none_match": self.headers.get("If-None-Match"),
                         "if_modified_since": self.headers.get("If-Modified-Since")})
            route = fixture.routes.get(path)
            if route is None:
                self.send_response(404)
                self.send_header("Content-Type", "text/plain")
                self.send_header("Content-Length", "10")
                self.end_headers()
                self.wfile.write(b"not found\n")
                return
            etag = route.get("etag")
            if etag is not None and self.headers.get("If-None-Match") == etag:
                self.send_response(304)
                self.send_header("ETag", etag)
                if "max_age" in route:
                    self.send_header("Cache-Control", "max-age=%d" % route["max_age"])
                self.end_headers()
                return
            data, padding = fixture.body(route, token)
            self.send_response(route.get("status", 200))
            if "type" in route:
                self.send_header("Content-Type", route["type"])
            if etag is not None:
                self.send_header("ETag", etag)
            if "last_modified" in route:
                self.send_header("Last-Modified", route["last_modified"])
            if "max_age" in route:
                self.send_header("Cache-Control", "max-age=%d" % route["max_age"])
            if "location" in route:
                self.send_header("Location", expand(route["location"], fixture.expansions(route, token)))
            for name, value in route.get("headers", {}).items():
                self.send_header(name, value)
            if not route.get("no_length"):
                self.send_header("Content-Length", str(len(data) + padding))
            self.end_headers()
            chunk = route.get("chunk", 65536)
            delay = route.get("delay", 0)
            try:
                for piece in body_chunks(data, padding, route.get("pad_byte", 0), chunk):
                    self.wfile.write(piece)
                    self.wfile.flush()
                    if delay:
                        time.sleep(delay)
            except (BrokenPipeError, ConnectionResetError, ssl.SSLError):
                pass  # the client stopped reading (a size cap or a timeout): expected

    return Handler


def main():
    # xds blocks SIGINT, SIGTERM and SIGHUP in every thread (it handles them itself) and the process that
    # starts us keeps the spawning thread's mask: take it off before any thread starts, or SIGTERM
    # could not stop us.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--routes", required=True)
    parser.add_argument("--workdir", required=True)
    arguments = parser.parse_args()
    os.makedirs(arguments.workdir, exist_ok=True)
    ca, cert, key = make_certificates(arguments.workdir)
    log_path = os.path.join(arguments.workdir, "requests.jsonl")
    open(log_path, "w").close()
    fixture = Fixture(arguments.routes, log_path)

    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    secure = TLSThreadingHTTPServer(("127.0.0.1", 0), handler_for(fixture, "https"), context)
    plain = ThreadingHTTPServer(("127.0.0.1", 0), handler_for(fixture, "http"))
    secure.daemon_threads = plain.daemon_threads = True
    fixture.origins = {"https": "https://127.0.0.1:%d" % secure.server_address[1],
                       "http": "http://127.0.0.1:%d" % plain.server_address[1]}
    for server in (secure, plain):
        threading.Thread(target=server.serve_forever, daemon=True).start()

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())

    def watch_stdin():
        sys.stdin.read()
        stop.set()

    threading.Thread(target=watch_stdin, daemon=True).start()
    print(json.dumps({"https": fixture.origins["https"], "http": fixture.origins["http"], "ca": ca,
                      "log": log_path}), flush=True)
    stop.wait()
    secure.shutdown()
    plain.shutdown()


if __name__ == "__main__":
    main()
