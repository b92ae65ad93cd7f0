"""Simulated phones for the class poll's benchmark (run as a process of its own by bench/poll.py,
so that their Python does not share the app's interpreter lock).

Usage: ``python bench/phones.py URL QUESTION PHONES SECONDS``. Each phone comes from its own
loopback address (127.0.0.0/8 is all this machine), loads the page's status (which gives it its
cookie) on a kept-alive connection, then the script prints ``ready`` and waits for a line on
stdin. Then the phones answer, spread evenly over SECONDS; the script prints one JSON line: each
answer's latency in milliseconds (request sent → whole reply read) and its HTTP status.

``python bench/phones.py follow URL PHONES``: each phone loads the status, then asks for it again
with ``?wait`` and its ETag, as the phone page does to follow the stage; the script prints
``ready`` and waits (at most 10 s) for every phone's reply: one JSON line with, for each phone,
when its reply arrived (``time.monotonic()``, the same clock in every process of this machine),
its status and its size in bytes.

Real phones are other machines: here they all run in one thread (asyncio), so that simulating
them takes as little as possible of the cores the app runs on.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from urllib.parse import urlsplit


async def read_reply(reader: asyncio.StreamReader) -> tuple[int, dict[str, str], bytes]:
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name:
            headers[name.strip().lower()] = value.strip()
    body = await reader.readexactly(int(headers.get("content-length", "0")))
    return status, headers, body


async def follow(url: str, phones: int) -> None:
    """The phones follow the stage: each keeps a ``status?wait`` until the stage changes."""
    parts = urlsplit(url)
    host, port, base = parts.hostname, parts.port, parts.path
    assert host is not None and port is not None
    streams = []
    for number in range(phones):
        source = f"127.0.{10 + number // 250}.{number % 250 + 1}"
        reader, writer = await asyncio.open_connection(host, port, local_addr=(source, 0))
        writer.write(f"GET {base}status HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
        _, headers, _ = await read_reply(reader)
        cookie, tag = headers["set-cookie"].split(";")[0], headers["etag"]
        writer.write(f"GET {base}status?wait HTTP/1.1\r\nHost: {host}:{port}\r\nCookie: {cookie}\r\n"
                     f"If-None-Match: {tag}\r\n\r\n".encode())
        streams.append((reader, writer))
    print("ready", flush=True)
    arrived = [0.0] * phones
    statuses = [0] * phones
    sizes = [0] * phones

    async def wait(number: int) -> None:
        reader, _ = streams[number]
        try:
            statuses[number], _, body = await asyncio.wait_for(read_reply(reader), 10)
            sizes[number] = len(body)
        except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError):
            statuses[number] = -1
        arrived[number] = time.monotonic()

    await asyncio.gather(*(wait(number) for number in range(phones)))
    for _, writer in streams:
        writer.close()
    print(json.dumps({"arrived": arrived, "statuses": statuses, "sizes": sizes}), flush=True)


async def main() -> None:
    if sys.argv[1] == "follow":
        await follow(sys.argv[2], int(sys.argv[3]))
        return
    url, question, phones, seconds = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
    parts = urlsplit(url)
    host, port, base = parts.hostname, parts.port, parts.path
    assert host is not None and port is not None
    streams, answers = [], []
    for number in range(phones):
        source = f"127.0.{10 + number // 250}.{number % 250 + 1}"
        reader, writer = await asyncio.open_connection(host, port, local_addr=(source, 0))
        writer.write(f"GET {base}status HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
        _, headers, _ = await read_reply(reader)
        cookie = headers["set-cookie"].split(";")[0]
        body = json.dumps({"question": question, "choice": number % 4}).encode()
        answers.append(f"POST {base}answer HTTP/1.1\r\nHost: {host}:{port}\r\nCookie: {cookie}\r\n"
                       f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body)
        streams.append((reader, writer))
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    latencies = [0.0] * phones
    statuses = [0] * phones
    start = time.perf_counter() + 0.05

    async def answer(number: int) -> None:
        await asyncio.sleep(max(0.0, start + seconds * number / phones - time.perf_counter()))
        reader, writer = streams[number]
        sent = time.perf_counter()
        try:
            writer.write(answers[number])
            statuses[number], _, _ = await read_reply(reader)
        except (OSError, asyncio.IncompleteReadError):
            statuses[number] = -1
        latencies[number] = (time.perf_counter() - sent) * 1000

    await asyncio.gather(*(answer(number) for number in range(phones)))
    took = time.perf_counter() - start
    for _, writer in streams:
        writer.close()
    print(json.dumps({"latencies_ms": latencies, "statuses": statuses, "took_s": took}), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
