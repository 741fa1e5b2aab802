"""`instantsearch serve --tls-certificate --tls-key` driven by Algolia's official Python client over HTTPS.

A certificate authority and a leaf certificate for 127.0.0.1 are made for the run (trustme, from PyPI); the
server is started on a free port of 127.0.0.1 with the leaf and its key; this process then trusts the
authority (certifi's bundle, which requests and so the client read, with the authority added: as a machine
that installed it) and the client saves, waits for and searches records over HTTPS. A client that does not
trust the authority (Python's own, with the system's roots) fails the handshake, and plain HTTP to the port
gets no HTTP answer. Usage: python_tls.py INSTANTSEARCH_BINARY"""
import http.client
import os
import secrets
import socket
import ssl
import subprocess
import sys
import tempfile

import certifi
import trustme


def check(condition, what):
    if not condition:
        raise SystemExit(f"FAILED: {what}")
    print(f"ok: {what}")


def client(port, key):
    # Imported once the authority is in the trust store: requests loads its bundle when first imported.
    from algoliasearch.http.hosts import Host, HostsCollection
    from algoliasearch.search.client import SearchClientSync
    from algoliasearch.search.config import SearchConfig

    config = SearchConfig("CONFORMANCE", key)
    config.hosts = HostsCollection([Host("127.0.0.1", scheme="https", port=port)])
    return SearchClientSync.create_with_config(config=config)


def main():
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory() as work:
        authority = trustme.CA()
        leaf = authority.issue_cert("127.0.0.1", "localhost")
        chain, key_file, ca_file = (os.path.join(work, name) for name in ("chain.pem", "key.pem", "ca.pem"))
        leaf.private_key_pem.write_to_path(key_file)
        with open(chain, "wb") as out:
            for blob in leaf.cert_chain_pems:
                out.write(blob.bytes())
        authority.cert_pem.write_to_path(ca_file)
        bundle = os.path.join(work, "bundle.pem")
        with open(bundle, "wb") as out, open(certifi.where(), "rb") as roots:
            out.write(roots.read() + b"\n" + authority.cert_pem.bytes())
        certifi.where = lambda: bundle
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
        probe.close()
        key = secrets.token_hex(16)
        server = subprocess.Popen(
            [binary, "serve", "--data", os.path.join(work, "data"), "--port", str(port),
             "--tls-certificate", chain, "--tls-key", key_file],
            env={**os.environ, "INSTANTSEARCH_ADMIN_KEY": key}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        try:
            banner = server.stdout.readline().decode()
            check(banner.startswith("serving 0 indices on https://"), f"serve says it serves HTTPS ({banner.strip()})")
            untrusting = http.client.HTTPSConnection("127.0.0.1", port, timeout=10,
                                                     context=ssl.create_default_context())
            try:
                untrusting.request("GET", "/1/isalive")
                check(False, "a client that does not trust the certificate is refused")
            except ssl.SSLCertVerificationError:
                check(True, "a client that does not trust the certificate fails the handshake")
            trusting = http.client.HTTPSConnection("127.0.0.1", port, timeout=10,
                                                   context=ssl.create_default_context(cafile=ca_file))
            trusting.request("GET", "/1/isalive")
            check(trusting.getresponse().status == 200, "Python's own client trusting the authority: isalive")
            search = client(port, key)
            response = search.save_objects("tls_products", [
                {"objectID": "1", "name": "red shirt"}, {"objectID": "2", "name": "blue shirt"}])
            search.wait_for_task("tls_products", response[0].task_id)
            found = search.search_single_index("tls_products", {"query": "shirt"})
            check(found.nb_hits == 2, "save_objects, wait_for_task and search_single_index over HTTPS")
            check(search.get_object("tls_products", "1")["name"] == "red shirt", "get_object over HTTPS")
            search.close()
            with socket.create_connection(("127.0.0.1", port), 5) as plain:
                plain.sendall(b"GET /1/isalive HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                plain.settimeout(5)
                try:
                    answer = plain.recv(4096)
                except (ConnectionResetError, socket.timeout):
                    answer = b""
            check(not answer.startswith(b"HTTP/"), "plain HTTP to the TLS port gets no HTTP answer")
        finally:
            server.terminate()
            server.wait(timeout=30)
    print("python client over TLS: all checks passed")


if __name__ == "__main__":
    main()
