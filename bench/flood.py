"""Hostile clients for the class poll's flood benchmark, in a process of their own (as in a room,
where they are other machines): one address floods pipelined requests on many connections, one
mints a new phone id per answer (vote stuffing), one holds connections open with bare blank lines.

Usage: ``python bench/flood.py URL QUESTION SECONDS``; prints ``ready``, waits for a line on
stdin, floods for SECONDS, then prints one line of JSON: requests sent, replies by status.
"""

from __future__ import annotations

import json
import re
import socket
import sys
import threading
import time
from urllib.parse import urlsplit

FLOODER, STUFFER, IDLER = "127.61.0.1", "127.62.0.1", "127.63.0.1"
PIPELINE = 200
IDLE_CONNECTIONS = 20


def main() -> None:
    url, question, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
    parts = urlsplit(url)
    host, port, base = parts.hostname or "", parts.port or 80, parts.path
    head = f"Host: {host}:{port}\r\n"
    status_request = f"GET {base}status HTTP/1.1\r\n{head}\r\n".encode()
    statuses: dict[str, int] = {}
    sent = [0]
    lock = threading.Lock()
    print("ready", flush=True)
    sys.stdin.readline()
    until = time.perf_counter() + seconds

    def tally(received: bytes, requests: int) -> None:
        codes = [code.decode() for code in re.findall(rb"HTTP/1\.[01] (\d{3}) ", received)]
        with lock:
            sent[0] += requests
            for code in codes:
                statuses[code] = statuses.get(code, 0) + 1
            statuses["dropped"] = statuses.get("dropped", 0) + requests - len(codes)

    def exchange(source: str, data: bytes, requests: int) -> bytes:
        received = b""
        try:
            with socket.create_connection((host, port), timeout=5, source_address=(source, 0)) as sock:
                sock.sendall(data)
                while True:
                    chunk = sock.recv(65536)
                    if not chunk:
                        break
                    received += chunk
                    if received.count(b"HTTP/1.") >= requests:
                        break
        except OSError:
            pass  # closed unread: refused
        return received

    def flood() -> None:
        while time.perf_counter() < until:
            tally(exchange(FLOODER, status_request * PIPELINE, PIPELINE), PIPELINE)

    def stuff() -> None:
        body = json.dumps({"question": question, "choice": 0}).encode()
        while time.perf_counter() < until:
            page = exchange(STUFFER, f"GET {base} HTTP/1.1\r\n{head}Connection: close\r\n\r\n".encode(), 1)
            cookie = re.search(rb"Set-Cookie: (phone=[^;]+)", page)
            tally(page, 1)
            if cookie is None:
                time.sleep(0.01)
                continue
            answer = (f"POST {base}answer HTTP/1.1\r\n{head}Content-Type: application/json\r\n"
                      f"Cookie: {cookie.group(1).decode()}\r\nContent-Length: {len(body)}\r\n"
                      "Connection: close\r\n\r\n").encode() + body
            tally(exchange(STUFFER, answer, 1), 1)

    def idle() -> None:
        sockets: list[socket.socket] = []
        while time.perf_counter() < until:
            while len(sockets) < IDLE_CONNECTIONS:
                try:
                    sockets.append(socket.create_connection((host, port), timeout=1, source_address=(IDLER, 0)))
                except OSError:
                    break
            for sock in list(sockets):
                try:
                    sock.sendall(b"\r\n\r\n")
                except OSError:
                    sockets.remove(sock)
                    sock.close()
            time.sleep(0.1)
        for sock in sockets:
            sock.close()

    threads = [threading.Thread(target=flood) for _ in range(3)]
    threads += [threading.Thread(target=stuff), threading.Thread(target=idle)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(json.dumps({"sent": sent[0], "statuses": statuses}), flush=True)


if __name__ == "__main__":
    main()
