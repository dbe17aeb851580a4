#!/usr/bin/env python3
"""A stand-in for intervals.icu's upload endpoint, on 127.0.0.1, for Heartline's tests.

It checks each request as the documented API expects it: POST to
/api/v1/athlete/{athlete}/activities, HTTP basic auth as user API_KEY with the key as the
password, `name` and `external_id` query parameters, and a multipart/form-data body whose one
field `file` carries a filename and a whole FIT file (its header's data size and both CRCs
right). Each request becomes one JSON line in the log, with what was found.

What it answers is read from the mode file at each request:
  ok    201 with a small JSON activity (the file is kept in --keep), or 400 naming the first
        check that failed
  fail  500
  busy  429 with Retry-After: 120
  lost  takes the activity (listed from then on) and never answers, as when an answer is lost
  conflict  409, whatever was sent

GET /api/v1/athlete/{athlete}/activities?oldest=&newest= lists the activities taken so far,
each with its id and external_id, as intervals.icu's activity list gives them.
  moved 308 to /elsewhere on the same server
  hang  reads the request and never answers
"""
import argparse
import base64
import http.server
import json
import os
import re
import socketserver
import threading
import time
import urllib.parse

CRC_TABLE = [0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
             0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400]


def fit_crc(data):
    crc = 0
    for byte in data:
        for nibble in (byte & 0xF, byte >> 4):
            tmp = CRC_TABLE[crc & 0xF]
            crc = (crc >> 4) & 0x0FFF
            crc = crc ^ tmp ^ CRC_TABLE[nibble]
    return crc


def fit_problem(data):
    """None when `data` is one whole FIT file, else what is wrong with it."""
    if len(data) < 14:
        return "shorter than a FIT header"
    header_size = data[0]
    if data[8:12] != b".FIT":
        return "no .FIT signature"
    data_size = int.from_bytes(data[4:8], "little")
    if len(data) != header_size + data_size + 2:
        return "length %d, header says %d" % (len(data), header_size + data_size + 2)
    if header_size >= 14:
        header_crc = int.from_bytes(data[12:14], "little")
        if header_crc != 0 and header_crc != fit_crc(data[:12]):
            return "header CRC wrong"
    if int.from_bytes(data[-2:], "little") != fit_crc(data[:-2]):
        return "file CRC wrong"
    return None


def parse_multipart(content_type, body):
    match = re.search(r'boundary=("?)([^";]+)\1', content_type or "")
    if not match:
        return None, "no boundary"
    boundary = b"--" + match.group(2).encode()
    if not body.startswith(boundary) or not body.endswith(boundary + b"--\r\n"):
        return None, "body does not open and close with the boundary"
    parts = body[len(boundary):-len(boundary + b"--\r\n")].split(b"\r\n" + boundary)
    fields = []
    for part in parts:
        if not part.startswith(b"\r\n"):
            return None, "a part does not start on a new line"
        head, sep, content = part[2:].partition(b"\r\n\r\n")
        if not sep:
            return None, "a part has no blank line after its headers"
        if content.endswith(b"\r\n"):
            content = content[:-2]
        disposition = ""
        for line in head.decode("latin-1").split("\r\n"):
            if line.lower().startswith("content-disposition:"):
                disposition = line
        name = re.search(r'\bname="([^"]*)"', disposition)
        filename = re.search(r'\bfilename="([^"]*)"', disposition)
        fields.append({"name": name.group(1) if name else None,
                       "filename": filename.group(1) if filename else None,
                       "content": content})
    return fields, None


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        expected_auth = "Basic " + base64.b64encode(("API_KEY:" + self.server.key).encode()).decode()
        problem = None
        if url.path != "/api/v1/athlete/%s/activities" % self.server.athlete:
            problem = "GET of %s" % url.path
        elif self.headers.get("Authorization") != expected_auth:
            problem = "wrong key"
        elif "oldest" not in query:
            problem = "oldest missing"
        self.record({"method": "GET", "path": url.path, "problem": problem})
        if problem:
            return self.answer(401 if problem == "wrong key" else 400, {"error": problem})
        with self.server.lock:
            listed = list(self.server.activities)
        self.answer(200, listed)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        entry = {"method": "POST", "path": url.path,
                 "name": query.get("name", [None])[0],
                 "external_id": query.get("external_id", [None])[0]}
        problem = None
        expected_path = "/api/v1/athlete/%s/activities" % self.server.athlete
        expected_auth = "Basic " + base64.b64encode(("API_KEY:" + self.server.key).encode()).decode()
        if url.path != expected_path:
            problem = "path %s, not %s" % (url.path, expected_path)
        elif self.headers.get("Authorization") != expected_auth:
            entry["auth"] = False
            mode = self.mode()
            self.record(dict(entry, problem="wrong key"))
            if mode == "hang":
                return self.hang()
            return self.answer(401, {"error": "unauthorized"})
        entry["auth"] = problem is None
        if problem is None and (entry["name"] is None or entry["external_id"] is None):
            problem = "name or external_id missing"
        if problem is None:
            fields, problem = parse_multipart(self.headers.get("Content-Type"), body)
            if problem is None:
                files = [f for f in fields if f["name"] == "file"]
                if len(fields) != 1 or len(files) != 1:
                    problem = "fields %s, not one called file" % [f["name"] for f in fields]
                elif not files[0]["filename"]:
                    problem = "the file has no filename"
                else:
                    data = files[0]["content"]
                    entry["filename"] = files[0]["filename"]
                    entry["bytes"] = len(data)
                    problem = fit_problem(data)
        mode = self.mode()
        entry["mode"] = mode
        entry["problem"] = problem
        self.record(entry)
        if mode == "hang":
            return self.hang()
        if mode == "lost" and not problem:
            self.take(entry, data)
            return self.hang()
        if mode == "conflict":
            return self.answer(409, {"error": "conflict"})
        if mode == "fail":
            return self.answer(500, {"error": "server"})
        if mode == "busy":
            return self.answer(429, {"error": "slow down"}, {"Retry-After": "120"})
        if mode == "moved":
            return self.answer(308, {"error": "moved"}, {"Location": "/elsewhere" + self.path})
        if problem:
            return self.answer(400, {"error": problem})
        self.answer(201, self.take(entry, data))

    def take(self, entry, data):
        if self.server.keep:
            with open(os.path.join(self.server.keep, "%d.fit" % time.time_ns()), "wb") as out:
                out.write(data)
        activity = {"id": "i%d" % self.server.next_id(), "external_id": entry["external_id"]}
        with self.server.lock:
            self.server.activities.append(activity)
        return activity

    def mode(self):
        try:
            with open(self.server.mode_file) as f:
                return f.read().strip() or "ok"
        except OSError:
            return "ok"

    def hang(self):
        while True:
            # Hangs: the server's hang mode answers nothing, ever.
            time.sleep(3600)

    def answer(self, status, payload, headers=None):
        data = json.dumps(payload).encode()
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def record(self, entry):
        with self.server.lock:
            with open(self.server.log, "a") as f:
                f.write(json.dumps(entry) + "\n")


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True

    def next_id(self):
        with self.lock:
            self.count += 1
            return self.count


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--mode-file", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--athlete", default="0")
    parser.add_argument("--keep", help="a folder to write each whole FIT file received to")
    args = parser.parse_args()
    server = Server(("127.0.0.1", 0), Handler)
    server.lock = threading.Lock()
    server.count = 0
    server.activities = []
    server.log = args.log
    server.mode_file = args.mode_file
    server.key = args.key
    server.athlete = args.athlete
    server.keep = args.keep
    with open(args.port_file + ".tmp", "w") as f:
        f.write(str(server.server_address[1]))
    os.rename(args.port_file + ".tmp", args.port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
