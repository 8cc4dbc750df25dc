"""What the serve benchmarks share: one HTTP/1.1 answer read whole from a kept connection, and
the percentile their tables print. Not a benchmark itself."""


def read_answer(connection):
    """The answer to the request just sent on `connection`: its head and its body (by
    Content-Length); exits when the server closes the connection first."""
    answer = b""
    while True:
        chunk = connection.recv(65536)
        if not chunk:
            raise SystemExit("the server closed the connection")
        answer += chunk
        head, separator, rest = answer.partition(b"\r\n\r\n")
        if separator:
            length = int([line.split(b":")[1] for line in head.split(b"\r\n")
                          if line.lower().startswith(b"content-length:")][0])
            if len(rest) >= length:
                return head, rest


def percentile(values, p):
    """The p-th percentile of `values` (nearest rank); NaN for none."""
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))] if values else float("nan")
