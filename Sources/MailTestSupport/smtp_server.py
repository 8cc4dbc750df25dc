"""A real SMTP server for MailTests (Debian's python3-aiosmtpd): keeps each mail it takes
as a JSON file in FOLDER ({"from", "to", "tls", "authenticated", "data"}) and prints
"ready PORT" once it listens.

  python3 smtp_server.py FOLDER [--starttls CERT KEY] [--require-starttls]
                                [--implicit CERT KEY] [--auth USER:PASSWORD] [--port PORT]
                                [--stall-first N]

--port listens on PORT (a server started again where a test's server expects it); without
it, on a free port. --stall-first N keeps each of the first N mails it is sent (numbered on
from those already in FOLDER) and then never answers: a sender killed while it waits.
"""
import argparse, asyncio, json, os, signal, socket, ssl, sys, threading

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


class Keep:
    def __init__(self, folder, stall_until=0):
        # A server started again in the same folder numbers on after the mails kept there.
        self.folder = folder
        self.count = len([name for name in os.listdir(folder) if name.startswith("mail-")])
        self.stall_until = stall_until

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        record = {"from": envelope.mail_from, "to": envelope.rcpt_tos, "tls": session.ssl is not None or server.transport.get_extra_info("ssl_object") is not None,
                  "authenticated": bool(session.authenticated),
                  "data": envelope.content.decode("utf-8", "replace")}
        path = os.path.join(self.folder, "mail-%06d.json" % self.count)
        with open(path + ".part", "w") as out:
            json.dump(record, out)
        os.rename(path + ".part", path)
        if self.count <= self.stall_until:
            # Kept, and no answer until the sender goes away (the test ends the server).
            await asyncio.Event().wait()
        return "250 OK kept as mail-%06d" % self.count


def context(cert, key):
    made = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    made.load_cert_chain(cert, key)
    return made


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--starttls", nargs=2)
    parser.add_argument("--require-starttls", action="store_true")
    parser.add_argument("--implicit", nargs=2)
    parser.add_argument("--auth")
    parser.add_argument("--port", type=int)
    parser.add_argument("--stall-first", type=int, default=0)
    options = parser.parse_args()
    port = options.port
    if not port:
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
        probe.close()
    settings = {}
    if options.starttls:
        settings["tls_context"] = context(*options.starttls)
        settings["require_starttls"] = options.require_starttls
    if options.auth:
        user, password = options.auth.split(":", 1)

        def authenticator(server, session, envelope, mechanism, data):
            ok = isinstance(data, LoginPassword) and data.login == user.encode() and data.password == password.encode()
            return AuthResult(success=ok)
        settings["authenticator"] = authenticator
        settings["auth_require_tls"] = False
    if options.implicit:
        settings["ssl_context"] = context(*options.implicit)
    controller = Controller(Keep(options.folder, options.stall_first), hostname="127.0.0.1", port=port, **settings)
    controller.start()
    print("ready %d" % port, flush=True)
    ended = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: ended.set())
    # Until the test ends it, or closes the pipe it reads from.
    threading.Thread(target=lambda: (sys.stdin.read(), ended.set()), daemon=True).start()
    ended.wait()
    controller.stop()


main()
