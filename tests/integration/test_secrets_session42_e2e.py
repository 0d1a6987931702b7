"""Session 42's forms end to end (the real CLI, model and store): a dump's password hashes, a
voicemail box's PIN, a key's bytes and restic's password file reach no byte of the home (the
store's pages read back: `every_byte`) and no answer; the rows around them stay searchable."""

from __future__ import annotations

import json

import pytest

from ..conftest import assert_nowhere, invoke, write
from ..secret_forms import j

pytestmark = pytest.mark.integration

BCRYPT = j("$2y$10$", "dhNWcy96pn.N3K.NF18XnKNFTfMJq0RbW7kZp2LxVtYcHs4GmAeDu")
MYSQL = j("*B2533201BE204EF8", "08DE68D55A1C3F79E04B6D21")
CRYPT = j("$6$GFr/bWlPB1FB2Pef$", "DTP4qwXAXXPFE2ViQnB7bMvlMc46KJZGIZeXvo9sQm1Lk2Pn3Rt4Vw5",
          "Xy6Zb7Cd8Ef9Gh0Ij1Kl2Mn3Op4Qr5St6Uv")
PIN = "739104"
KEY_BYTES = "17, 203, 5, 99, 141, 28, 77, 230, 9, 162, 58, 111, 44, 250, 3, 190"
RESTIC = j("VYKnl", "4835#q")


def test_a_dumps_hashes_and_a_devices_pins_reach_nothing(home, tmp_path):
    root = tmp_path / "ops"
    # the same hash twice in one chunk: its second copy is a back-reference in the page
    write(root, "db/dump.sql",
          "-- users of the shop\nINSERT INTO users (id, email, password_hash) VALUES "
          f"(1, 'admin@acme.io', '{BCRYPT}'), (2, 'ops@acme.io', '{BCRYPT}');\n"
          f"INSERT INTO accounts VALUES (1, 'root', '{CRYPT}');\n"
          f"CREATE USER 'app'@'%' IDENTIFIED WITH mysql_native_password AS '{MYSQL}';\n")
    write(root, "asterisk/voicemail.conf",
          f"[default]\n6001 => {PIN},Alice Example,alice@acme.io\n")
    write(root, "zigbee2mqtt/configuration.yaml",
          f"advanced:\n  network_key: [{KEY_BYTES}]\n  pan_id: 6754\n")
    write(root, "backup/restic-password.txt", RESTIC + "\n")
    indexed = json.loads(invoke("index", str(root), "--json"))
    by_path = {f["path"]: f for f in indexed["files"]}
    assert by_path["backup/restic-password.txt"]["index_policy"] == "block"
    assert by_path["db/dump.sql"]["chunks"] > 0
    answers = [invoke("search", "--json", "--", q) for q in
               ("users of the shop admin", "Alice Example voicemail", "zigbee pan_id", PIN)]
    assert any("admin@acme.io" in a for a in answers)
    assert any("pan_id: 6754" in a for a in answers)
    assert_nowhere(home, [BCRYPT, MYSQL, CRYPT, PIN, KEY_BYTES, RESTIC],
                   [json.dumps(indexed), *answers])
