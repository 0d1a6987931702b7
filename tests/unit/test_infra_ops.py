"""Operations repositories as an operator keeps them (session newuser38): DebOps' Ansible roles,
an /etc with nginx and systemd, Salt's states, an npm tarball's `package/` folder."""

from __future__ import annotations

import json

import pytest

from repokb.chunkers import chunker_for
from repokb.chunkers.gotemplate import mask
from repokb.models import Kind, Policy
from repokb.pipeline.chunk import chunk_file
from repokb.roots import folder_name, resolve_roots
from repokb.secrets import redact

from ..conftest import assert_classified, classify_file, write
from .test_enrich_and_metrics import PLAN, _classification, _file

# DebOps 3.3.2's playbooks/service/secret.yml: the play's `- name:` before its `hosts:`
PLAY = """---
# SPDX-License-Identifier: GPL-3.0-only

- name: Configure secret storage space
  collections: [ 'debops.debops' ]
  hosts: [ 'debops_all_hosts' ]
  become: True

  roles:

    - role: secret
      tags: [ 'role::secret' ]
"""
# DebOps' roles/snmpd/tasks/configure_snmpv3_credentials.yml, shortened
TASKS = """---
- name: Stop snmpd before admin account initialization
  ansible.builtin.service:
    name: 'snmpd'
    state: 'stopped'

- name: Create the monitoring database user
  community.mysql.mysql_user:
    name: 'snmp'
    password: "Nu38snmpAdminPw1"
"""


@pytest.mark.parametrize(("rel", "text"), [
    ("playbooks/service/secret.yml", PLAY),
    ("playbooks/ldap/save-credential.yml", PLAY.replace("secret storage space", "credential")),
    ("roles/snmpd/tasks/configure_snmpv3_credentials.yml", TASKS),
])
def test_ansible_plays_and_tasks_named_like_secrets_are_indexed(tmp_path, rel, text) -> None:
    """Four DebOps files were blocked by their names alone ('secret', 'credential'): a play
    whose `- name:` comes before `hosts:` (DebOps writes every play so) and a role's task file.
    They are code; their values are redacted as any file's are."""
    c = classify_file(tmp_path, rel, text)
    assert c.kind != Kind.SECRET_CANDIDATE and c.index_policy != Policy.BLOCK, c
    assert "Nu38snmpAdminPw1" not in redact(text, "config", c.language).text


def test_a_list_of_credentials_keeps_its_block(tmp_path) -> None:
    """Named items whose keys are no module's (`user:`, `password:`) are a store of values."""
    text = "- name: app\n  user: app\n  password: Nu38listPw2\n- name: ci\n  user: ci\n"
    c = classify_file(tmp_path, "deploy/credentials.yml", text)
    assert c.index_policy == Policy.BLOCK, c


SITE = """# Default server configuration
#
server {
\tlisten 80 default_server;
\troot /var/www/html;
\tserver_name _;

\tlocation / {
\t\ttry_files $uri $uri/ =404;
\t}
}
"""


@pytest.mark.parametrize(("rel", "text"), [
    ("etc/nginx/sites-available/default", SITE),  # was unknown: excluded
    ("etc/nginx/proxy_params", "proxy_set_header Host $http_host;\n"
                               "proxy_set_header X-Real-IP $remote_addr;\n"),
    ("etc/nginx/nginx.conf", "user www-data;\nevents {\n\tworker_connections 768;\n}\n"),
    ("deploy/shop.conf", SITE),  # a `.conf` anywhere holding nginx's own block: was INI
    ("roles/nginx/templates/etc/nginx/conf.d/map.conf.j2",
     "{# a map #}\nmap $http_upgrade $connection_upgrade {\n    default upgrade;\n}\n"
     "access_log off;\n"),
])
def test_nginx_files_are_nginx(tmp_path, rel, text) -> None:
    c = classify_file(tmp_path, rel, text)
    assert c.language == "nginx" and c.index_policy != Policy.EXCLUDE, c


@pytest.mark.parametrize(("rel", "text", "language"), [
    # rsyslog's `if ... then` in a .conf stays INI; a role's hook script is its shebang's
    ("etc/rsyslog.d/49-haproxy.conf", "$AddUnixListenSocket /var/lib/haproxy/dev/log\n"
                                      ":programname, startswith, \"haproxy\" {\n  stop\n}\n",
     "ini"),
    ("roles/nginx/templates/etc/pki/hooks/nginx.j2", "#!/usr/bin/env bash\nset -e\n"
                                                     "server {\nlisten 80;\n}\n", "shell"),
    # DebOps' local facts: `#!{{ ansible_python['executable'] }}` was HTML
    ("roles/apt/templates/etc/ansible/facts.d/apt.fact.j2",
     "#!{{ ansible_python['executable'] }}\n# -*- coding: utf-8 -*-\nimport json\n", "python"),
])
def test_other_files_beside_nginx_keep_their_language(tmp_path, rel, text, language) -> None:
    assert classify_file(tmp_path, rel, text).language == language


def test_nginx_is_cut_by_its_blocks() -> None:
    text = ("user www-data;\nevents {\n\tworker_connections 768;\n\tmulti_accept on;\n"
            "\tuse epoll;\n}\n\n"
            "http {\n" + "".join(f"\tinclude /etc/nginx/conf.d/{i}.conf;\n" for i in range(30))
            + "\t# the shop\n\tserver {\n\t\tlisten 443 ssl;\n\t\tserver_name shop.example.com"
            " www.shop.example.com;\n" + "".join(f"\t\tadd_header X-H{i} v{i};\n"
                                                 for i in range(60))
            + "\t\tlocation /api/ {\n\t\t\tproxy_pass http://127.0.0.1:8080;\n"
            + "".join(f"\t\t\tproxy_set_header X-A{i} $v{i};\n" for i in range(8))
            + "\t\t\tif ($request_method = POST) {\n\t\t\t\treturn 405;\n\t\t\t}\n"
            "\t\t}\n\t}\n}\n")
    pieces = chunker_for("nginx").chunk(text)
    symbols = [p.symbol for p in pieces]
    assert "events" in symbols
    assert "http > server shop.example.com" in symbols, symbols
    assert "http > server shop.example.com > location /api/" in symbols, symbols
    assert not any("if" in (s or "") for s in symbols)
    assert "".join(p.content for p in pieces if p.symbol_type != "window").count("return 405") == 1
    held = {r for p in pieces for r in range(p.start_line, p.end_line + 1)}
    lines = text.splitlines()
    assert all(r + 1 in held for r, line in enumerate(lines) if line.strip())  # none lost


def test_an_nginx_template_is_cut_past_its_jinja_tags() -> None:
    """DebOps' `nginx.conf.j2`: `{% if %}` and `{{ }}` braces are Jinja's, not blocks."""
    text = ("{# Copyright #}\n{% if nginx_user | d() %}\nuser {{ nginx_user }};\n{% endif %}\n"
            "events {\n        worker_connections {{ nginx_worker_connections | default('1024')"
            " }};\n{% if x %}\n        multi_accept on;\n{% endif %}\n}\n\n"
            "location {{ item.location }} {\n    proxy_pass http://backend;\n"
            "    proxy_set_header Host $host;\n}\n")
    pieces = chunker_for("nginx").chunk(text)
    named = {p.symbol: p for p in pieces}
    assert "events" in named and "multi_accept on" in named["events"].content, pieces
    assert "location {{ item.location }}" in named, pieces


SALT = """{% set users = salt['pillar.get']('users', {}) %}
include:
  - nginx

{% for name, user in users.items() %}
{{ name }}-user:
  user.present:
    - name: {{ name }}
    - shell: {{ user.get('shell', '/bin/bash') }}
{% endfor %}

nginx-config:
  file.managed:
    - name: /etc/nginx/nginx.conf
    - source: salt://nginx/files/nginx.conf.jinja
    - template: jinja
"""


def test_a_salt_state_is_yaml_cut_by_its_state_ids(tmp_path) -> None:
    """`.sls` was stored as language "salt/scheme" (Linguist's "Salt or Scheme") and cut into
    windows; a Salt state is YAML with Jinja: its state IDs are its pieces."""
    c = classify_file(tmp_path, "salt/nginx/init.sls", SALT)
    assert c.language == "yaml", c
    pieces = chunker_for("yaml").chunk(SALT)
    assert [p.symbol for p in pieces][-2:] == ["{{ name }}-user", "nginx-config"], pieces
    assert "".join(p.content for p in pieces) == SALT


def test_a_scheme_library_is_scheme(tmp_path) -> None:
    c = classify_file(tmp_path, "lib/srfi/1.sls", "(library (srfi 1)\n  (export fold)\n"
                                                   "  (import (rnrs)))\n")
    assert c.language == "scheme", c


def test_an_action_opening_a_key_is_not_a_comment() -> None:
    """`{{ name }}-user:` (a Salt state ID made in a loop) is a key; a line that is only an
    action (Helm's `{{- include "x.labels" . | nindent 4 }}`) stays a comment."""
    text = "{{ name }}-user:\n  a: 1\n{{- include \"x\" . | nindent 4 }}\nb: 2\n"
    masked = mask(text)
    assert masked.splitlines()[0].endswith("-user:") and not masked.startswith("#")
    assert masked.splitlines()[2].startswith("#")
    assert len(masked) == len(text)


def test_an_npm_tarballs_package_folder_is_named_from_its_manifest(tmp_path) -> None:
    """`npm pack` + `tar xzf` gives `package/`: every npm project was project 'package', and
    two of them could not be indexed together."""
    one = write(tmp_path, "a/package/package.json", json.dumps(
        {"name": "@bitnami/readme-generator-for-helm", "version": "2.7.2"})).parent
    two = write(tmp_path, "b/package/package.json", json.dumps({"name": "yargs"})).parent
    assert folder_name(one) == "bitnami-readme-generator-for-helm-2.7.2"
    assert [r.name for r in resolve_roots([one, two], None)] == [
        "bitnami-readme-generator-for-helm-2.7.2", "yargs"]
    assert resolve_roots([one], "mine")[0].name == "mine"


@pytest.mark.parametrize("manifest", [None, "{not json", json.dumps(["x"]),
                                      json.dumps({"name": 3}), json.dumps({"name": " "})])
def test_a_package_folder_without_a_usable_name_keeps_its_own(tmp_path, manifest) -> None:
    folder = tmp_path / "package"
    folder.mkdir()
    if manifest is not None:
        (folder / "package.json").write_text(manifest)
    assert folder_name(folder) == "package"


@pytest.mark.parametrize(("language", "text", "value"), [
    # an Ansible role's template (DebOps' style) and a Salt state's Jinja
    ("ini", "password = {{ db_password | default('Nu38defaultPw12345') }}\n",
     "Nu38defaultPw12345"),
    ("yaml", "token: \"{{ api_token | d('Nu38defaultTok12345') }}\"\n", "Nu38defaultTok12345"),
    ("nginx", "location / {\n    proxy_set_header Authorization \"Basic Nu38abcdefGHIJ12\";\n}\n",
     "Nu38abcdefGHIJ12"),
    ("yaml", "redis_port: 6379\nredis_requirepass: \"Nu38redisPw12345\"\n", "Nu38redisPw12345"),
    ("yaml", "redis_server__masterauth: Nu38redisMaster99\n", "Nu38redisMaster99"),
])
def test_infra_secret_forms_are_redacted(language, text, value) -> None:
    assert value not in redact(text, "config", language).text


@pytest.mark.parametrize("text", [
    "port = {{ db_port | default('5432') }}\nuser = {{ db_user | default('app') }}\n",
    "password = {{ db_password | default(omit) }}\n",
    "location / {\n    proxy_set_header Authorization $http_authorization;\n}\n",
])
def test_infra_forms_that_hold_no_secret_stay(text) -> None:
    assert redact(text, "config", "ini").text == text


def test_each_ansible_task_is_a_piece_named_by_it() -> None:
    """DebOps' roles/nginx/tasks/main.yml was cut three tasks to a piece, named after the first
    (`Check if nginx is installed, Ensure base packages are installed, Ensure Nginx packages
    ...`): "which task installs the nginx packages" found it 3rd."""
    text = "".join(
        f"- name: {name}\n  ansible.builtin.{module}:\n    name: '{arg}'\n    state: present\n\n"
        for name, module, arg in [("Check if nginx is installed", "stat", "/usr/sbin/nginx"),
                                  ("Ensure base packages are installed", "apt", "openssl"),
                                  ("Ensure Nginx packages are in their desired state", "apt",
                                   "nginx-full")])
    pieces = chunker_for("yaml").chunk(text)
    assert [p.symbol for p in pieces] == ["Check if nginx is installed",
                                          "Ensure base packages are installed",
                                          "Ensure Nginx packages are in their desired state"]


@pytest.mark.parametrize(("rel", "text", "language"), [
    # an etckeeper repository: Salt's settings and Debian's service defaults were unknown
    ("etc/salt/master", "# The address of the interface to bind to:\n#interface: 0.0.0.0\n"
                        "worker_threads: 5\n", "yaml"),
    ("etc/salt/minion", "master: salt.example.com\n", "yaml"),
    ("etc/default/nginx", "# Options for nginx\n#DAEMON_OPTS=\"\"\n", "shell"),
])
def test_etc_files_known_by_their_folder(tmp_path, rel, text, language) -> None:
    c = classify_file(tmp_path, rel, text)
    assert c.language == language and c.index_policy != Policy.EXCLUDE, c


@pytest.mark.parametrize("text", [
    # DebOps' real defaults of secret-named variables that are settings, not secrets
    "update_password:    '{{ item.update_password | d(\"on_create\") }}'\n",
    "password_encryption = {{ item.password_encryption | d('scram-sha-256') }}\n",
])
def test_jinja_defaults_that_are_settings_stay(text) -> None:
    assert redact(text, "config", "yaml").text == text


# DebOps' roles/nginx/templates/etc/nginx/sites-available/default.conf.j2, shortened: macros
# above the server blocks that call them
MACROS = """{# Copyright (C) 2014-2016 Maciej Delmanowski #}
# {{ ansible_managed }}

{% macro print_root(item) %}
{%   if item.root is defined and item.root %}
        root {{ item.root }};
{%   elif nginx_root_www_path is defined %}
        root {{ nginx_root_www_path }}/{{ item.name[0] }}/public;
{%   endif %}
{% endmacro %}

{# Print the location blocks of a server #}
{% macro print_location(item) %}
{%   for location in item.location | d({}) | dictsort %}
        location {{ location.0 }} {
{{ location.1 | indent(8, true) }}
        }
{%   endfor %}
{% endmacro %}

server {
        listen {{ nginx_listen_port | d('80') }} default_server;
        server_name {{ item.name | join(' ') }};
{{ print_root(item) }}
{{ print_location(item) }}
        access_log /var/log/nginx/{{ item.filename | d(item.name[0]) }}_access.log;
}
"""


@pytest.mark.parametrize("language", ["nginx", "ini", "html"])
def test_a_templates_jinja_macros_are_definitions(language) -> None:
    """newuser38: DebOps' `default.conf.j2` was nginx windows and unnamed blocks; its 64
    templates with `{% macro %}` (read as HTML, INI, nginx, PHP...) named no macro. Each macro
    is a piece of its own, `macro NAME` with the comment above it; the rest is cut as before."""
    chunked = chunk_file(_file("templates/etc/nginx/sites-available/default.conf.j2"),
                         _classification(language), MACROS, "h", PLAN)
    macros = {c.symbol: c for c in chunked.chunks if c.symbol_type == "macro"}
    assert set(macros) == {"print_root", "print_location"}, chunked.chunks
    assert macros["print_location"].content.startswith("{# Print the location blocks")
    assert macros["print_location"].content.rstrip().endswith("{% endmacro %}")
    assert "elif nginx_root_www_path" in macros["print_root"].content
    rest = [c for c in chunked.chunks if c.symbol_type != "macro"]
    # the rest of the file: held once, no macro line in it
    assert sum(c.content.count("default_server;") for c in rest) == 1, rest
    assert not any("endmacro" in c.content or "indent(8" in c.content for c in rest), rest


# DebOps' roles/docker_registry/tasks/main.yml, shortened: a task whose `block:` holds tasks
BLOCK = """- name: Install required packages
  ansible.builtin.package:
    name: '{{ docker_registry__packages }}'
    state: 'present'

- name: Build Docker Registry from upstream
  when: docker_registry__upstream | bool
  become: True
  become_user: '{{ docker_registry__user }}'
  block:

    - name: Create required build directories
      ansible.builtin.file:
        path: '{{ item }}'
        state: 'directory'
        mode: '0755'
      with_items: [ '{{ docker_registry__src }}', '{{ docker_registry__gopath }}' ]

    - name: Clone Docker Registry source code
      ansible.builtin.git:
        repo: '{{ docker_registry__git_repo }}'
        dest: '{{ docker_registry__git_dest }}'
        version: '{{ docker_registry__git_version }}'
        depth: 1

    - name: Build Docker Registry binaries
      ansible.builtin.command: 'make PREFIX={{ docker_registry__gopath }} binaries'
      args:
        chdir: '{{ docker_registry__git_dest }}'
        creates: '{{ docker_registry__git_dest }}/bin/registry'

  rescue:

    - name: Report the failed build of the Docker Registry from its upstream sources
      ansible.builtin.debug:
        msg: 'The build of {{ docker_registry__git_version }} failed, see the log above'
"""


def test_tasks_in_an_ansible_block_are_named_by_their_own_names() -> None:
    """newuser38: a `block:`'s tasks were `[1].block[0-1]`, `[1].block[2]`, and a big task
    cut by its keys `[2].community.general.htpasswd`: each is named by its own `- name:`."""
    pieces = chunker_for("yaml").chunk(BLOCK)
    symbols = [p.symbol for p in pieces]
    for name in ("Install required packages", "Create required build directories",
                 "Clone Docker Registry source code", "Build Docker Registry binaries",
                 "Report the failed build of the Docker Registry from its upstream sources"):
        assert name in symbols, symbols
    assert not any("[" in (s or "") for s in symbols), symbols
    clone = pieces[symbols.index("Clone Docker Registry source code")]
    assert "ansible.builtin.git:" in clone.content and "make PREFIX" not in clone.content
    held = {r for p in pieces for r in range(p.start_line, p.end_line + 1)}
    assert all(r + 1 in held for r, line in enumerate(BLOCK.splitlines()) if line.strip())


def test_a_big_task_cut_by_its_keys_keeps_its_name() -> None:
    text = ("- name: Create directory for htpasswd files\n  ansible.builtin.file:\n"
            "    path: '/etc/nginx/private'\n    state: 'directory'\n\n"
            "- name: Manage users in htpasswd files\n  community.general.htpasswd:\n"
            + "".join(f"    option_{i}: '{{{{ nginx__htpasswd_option_{i} | d(omit) }}}}'\n"
                      for i in range(20))
            + "  with_subelements:\n    - '{{ nginx__htpasswd }}'\n    - 'users'\n"
            "  no_log: '{{ debops__no_log | d(True) }}'\n")
    pieces = chunker_for("yaml").chunk(text)
    symbols = [p.symbol or "" for p in pieces]
    assert not any(s.startswith("[") for s in symbols), symbols
    # infra39: its `- name:` line is no piece alone (`X.name`): it heads the module's call
    call = pieces[symbols.index("Manage users in htpasswd files")]
    assert call.content.lstrip().startswith("- name: Manage users in htpasswd files\n"), pieces
    assert "community.general.htpasswd:" in call.content, pieces
    assert not any(s.endswith(".name") for s in symbols), symbols


@pytest.mark.parametrize(("language", "kind"), [("markdown", Kind.SOURCE),
                                                ("html", Kind.DOCUMENTATION)])
def test_a_macro_shown_in_documentation_stays_in_its_section(language, kind) -> None:
    """Jinja's own manual shows `{% macro %}` in its examples: the section keeps them."""
    text = ("# Macros\n\nMacros are comparable with functions in regular programming languages."
            " They are useful to put often used idioms into reusable functions.\n\n"
            "{% macro input(name, value='', type='text') -%}\n"
            "    <input type=\"{{ type }}\" value=\"{{ value|e }}\" name=\"{{ name }}\">\n"
            "{%- endmacro %}\n\nThe macro can then be called like a function.\n")
    chunked = chunk_file(_file("docs/templates.md"), _classification(language, kind), text,
                         "h", PLAN)
    assert not any(c.symbol_type == "macro" for c in chunked.chunks), chunked.chunks
    assert any("reusable functions" in c.content and "endmacro" in c.content
               for c in chunked.chunks), chunked.chunks


def test_a_variables_list_of_named_items_keeps_its_key_path() -> None:
    """A role's defaults (`nginx__servers: [- name: site0 ...]`) are no tasks: `var[0]`."""
    text = "nginx__servers:\n" + "".join(
        f"  - name: site{i}\n    root: /srv/www/site{i}/public\n    options: |\n"
        + f"      proxy_set_header X-Site site{i};\n" * 40 for i in range(2))
    symbols = [p.symbol or "" for p in chunker_for("yaml").chunk(text)]
    assert "nginx__servers[0]" in symbols and "nginx__servers[1]" in symbols, symbols
    assert not any(s.startswith("site") for s in symbols), symbols


# Jinja's own tests (tests/test_core_tags.py) hold templates with `{% macro %}` in strings
PROGRAM_WITH_A_TEMPLATE = '''def test_simple(env):
    tmpl = env.from_string(
        """{% macro say_hello(name) %}Hello {{ name }}!{% endmacro %}
{{ say_hello('Peter') }}"""
    )
    assert tmpl.render() == "Hello Peter!"


def test_scoping(env):
    tmpl = env.from_string("{% macro level1(data1) %}{{ data1 }}{% endmacro %}")
    assert tmpl.render() == ""
'''


def test_a_programs_jinja_string_keeps_its_functions() -> None:
    """jinja38 cut `{% macro %}` out of any file but SQL and docs: a Python test holding a
    template in a string lost its function's lines to a piece `macro say_hello`. A program's
    macros are its templates' own only when the file is a template (`x.fact.j2`)."""
    chunked = chunk_file(_file("tests/test_core_tags.py"), _classification("python"),
                         PROGRAM_WITH_A_TEMPLATE, "h", PLAN)
    assert [c.symbol for c in chunked.chunks] == ["test_simple", "test_scoping"], chunked.chunks
    fact = ("#!{{ ansible_python['executable'] }}\n{% macro print_environment(env) %}\n"
            "{%   for key, value in env.items() %}\n{{ key }} = {{ value }}\n"
            "{%   endfor %}\n{% endmacro %}\nimport json\n\nprint(json.dumps({}))\n")
    chunked = chunk_file(_file("templates/etc/ansible/facts.d/environment.fact.j2"),
                         _classification("python"), fact, "h", PLAN)
    assert "print_environment" in [c.symbol for c in chunked.chunks], chunked.chunks


# DebOps' playbooks/scope/sshd.yml and a task of roles/redis_server/tasks/main.yml
PLAY_WITH_TASKS = """- name: Manage OpenSSH Server
  collections: [ 'debops.debops' ]
  hosts: [ 'debops_all_hosts', 'debops_all_services', 'debops_service_sshd' ]
  become: True

  environment: '{{ inventory__environment | d({})
                   | combine(inventory__group_environment | d({}))
                   | combine(inventory__host_environment  | d({})) }}'

  pre_tasks:

    - name: Prepare sshd environment
      ansible.builtin.import_role:
        name: 'debops.debops.sshd'
        tasks_from: 'main_env'
      tags: [ 'role::sshd', 'role::sshd:env' ]

  tasks:

    - name: Import sshd role
      ansible.builtin.import_role:
        name: 'debops.debops.sshd'
      tags: [ 'role::sshd', 'skip::sshd' ]
"""
TASK_WITH_TWO_MAPPINGS = """- name: Add include line into redis.conf
  ansible.builtin.lineinfile:
    dest: '/etc/redis/redis.conf'
    line: 'include /etc/redis/ansible-redis-static.conf'
  when: not ansible_check_mode | bool

- name: Install custom systemd unit files
  ansible.builtin.template:
    src: '{{ item }}.j2'
    dest: '/{{ item }}'
    owner: 'root'
    group: 'root'
    mode: '0644'
  with_items:
    - 'etc/systemd/system/redis-server.service'
    - 'etc/systemd/system/redis-server@.service'
  notify: [ 'Reload systemd daemon' ]
"""


def test_a_plays_tasks_are_named_by_their_own_names() -> None:
    """jinja38 named a play's `tasks:` piece after the play (`Manage OpenSSH Server.tasks`):
    its name and the word "tasks" made it the second answer to "which task generates
    sshd_config", above the role's own task. A play's `pre_tasks:`, `tasks:` hold tasks, as a
    `block:` does: each is named by its own `- name:`."""
    pieces = chunker_for("yaml").chunk(PLAY_WITH_TASKS)
    symbols = [p.symbol for p in pieces]
    assert symbols == ["Manage OpenSSH Server", "Prepare sshd environment", "Import sshd role"]
    assert "hosts:" in pieces[0].content and "tasks_from: 'main_env'" in pieces[1].content


def test_a_small_task_holding_two_mappings_is_one_piece() -> None:
    """A task with a module's arguments and a `with_items:` list was cut by its keys as a
    mapping of mappings is: `[16].name` (two lines, the first answer by meaning to "which task
    installs redis server"), `[16].ansible.builtin.template`, `[16].with_items`."""
    pieces = chunker_for("yaml").chunk(TASK_WITH_TWO_MAPPINGS)
    assert [p.symbol for p in pieces] == ["Add include line into redis.conf",
                                          "Install custom systemd unit files"], pieces
    assert pieces[1].content.rstrip().endswith("notify: [ 'Reload systemd daemon' ]")


# Debian bookworm's nginx-common and haproxy, as an etckeeper repository keeps /etc
LOGROTATE = """/var/log/nginx/*.log {
	daily
	missingok
	rotate 14
	compress
	create 0640 www-data adm
	postrotate
		invoke-rc.d nginx rotate >/dev/null 2>&1
	endscript
}
"""
UFW_PROFILE = """[Nginx HTTP]
title=Web Server (Nginx, HTTP)
description=Small, but very powerful and efficient web server
ports=80/tcp

[Nginx Full]
title=Web Server (Nginx, HTTP + HTTPS)
ports=80,443/tcp
"""
MIME_TYPES = """
types {
    text/html                             html htm shtml;
    text/css                              css;
    application/javascript                js;
    application/wasm                      wasm;
}
"""
CHARSET_MAP = """
# This map is not a full koi8-r <> utf8 map
charset_map  koi8-r  utf-8 {

    80  E29480 ; # ─
    81  E29482 ; # │
}
"""
DEFAULTS = """# Defaults file for HAProxy
#
# This is sourced by both, the initscript and the systemd unit file, so do not
# treat it as a shell script fragment.

# Change the config file location if needed
#CONFIG="/etc/haproxy/haproxy.cfg"
EXTRAOPTS="-de -m 16"
"""


SALT_MAP = """{%- set tplroot = tpldir.split('/')[0] %}
{%- import_yaml tplroot ~ "/defaults.yaml" as default_settings %}
{%- import_yaml tplroot ~ "/osfamilymap.yaml" as osfamilymap %}
{%- set defaults = salt['grains.filter_by'](
      default_settings,
      default='template',
      merge=salt['grains.filter_by'](osfamilymap, grain='os_family'),
    ) %}
{%- set template = salt['pillar.get']('template', default=defaults, merge=True) %}
"""


@pytest.mark.parametrize(("rel", "text", "expected"), [
    # were unknown, excluded: "no rule matched"
    ("etc/logrotate.d/nginx", LOGROTATE,
     dict(kind=Kind.CONFIGURATION, subkind="logrotate_config", language="logrotate")),
    ("etc/ufw/applications.d/nginx", UFW_PROFILE,
     dict(kind=Kind.CONFIGURATION, subkind="ini_config", language="ini")),
    ("etc/nginx/mime.types", MIME_TYPES,
     dict(kind=Kind.CONFIGURATION, language="nginx", index_policy=Policy.INDEX_TEXT)),
    ("etc/nginx/koi-utf", CHARSET_MAP,
     dict(kind=Kind.DATA, subkind="charset_map", index_policy=Policy.METADATA_ONLY)),
    # was source (a shell program)
    ("etc/default/haproxy", DEFAULTS,
     dict(kind=Kind.CONFIGURATION, subkind="service_defaults", language="shell")),
    ("etc/sysconfig/haproxy", DEFAULTS,
     dict(kind=Kind.CONFIGURATION, subkind="service_defaults", language="shell")),
    # Salt 3008.5's tests/integration/files/file/base/modules/jinja/map.jinja (was HTML)
    ("salt/nginx/map.jinja", SALT_MAP,
     dict(kind=Kind.CONFIGURATION, subkind="salt_map", language="jinja")),
    ("docs/_templates/layout.jinja", "<div>{% block body %}{% endblock %}</div>\n",
     dict(language="html")),
    # a role's template of one stays a sample (DebOps' roles/atd/templates/etc/default/atd.j2)
    ("roles/haproxy/templates/etc/default/haproxy.j2", DEFAULTS,
     dict(kind=Kind.CONFIGURATION, subkind="sample_config", language="shell")),
])
def test_an_etc_trees_service_files_are_decided(tmp_path, rel, text, expected) -> None:
    """newuser38 left `logrotate.d/*`, `ufw/applications.d/*`, nginx's `mime.types` and charset
    maps unknown, and `/etc/default/*` a shell program: a service's log rotation, firewall
    profile and MIME map are configuration an operator asks about; the charset maps are byte
    tables (data, metadata only); `/etc/default/*` are settings."""
    assert_classified(tmp_path, rel, text, **expected)


def test_a_mime_map_is_searchable_by_its_types() -> None:
    pieces = chunker_for("nginx").chunk(MIME_TYPES)
    assert any("application/wasm" in p.content and p.symbol == "types" for p in pieces), pieces



# DebOps' playbooks/service/nginx.yml, shortened: a play whose `roles:` list is its body
PLAY_WITH_ROLES = """- name: Install and manage nginx webserver
  collections: [ 'debops.debops', 'debops.roles01' ]
  hosts: [ 'debops_all_hosts', 'debops_service_nginx' ]
  become: True

  roles:

    - role: keyring
      tags: [ 'role::keyring', 'skip::keyring', 'role::nginx' ]
      keyring__dependent_apt_keys:
        - '{{ nginx__keyring__dependent_apt_keys }}'

    - role: apt_preferences
      tags: [ 'role::apt_preferences', 'skip::apt_preferences' ]
      apt_preferences__dependent_list:
        - '{{ nginx__apt_preferences__dependent_list }}'

    - role: ferm
      tags: [ 'role::ferm', 'skip::ferm' ]
      ferm__dependent_rules:
        - '{{ nginx__ferm__dependent_rules }}'

    - { role: python, tags: [ 'role::python', 'skip::python', 'role::ldap' ],
        python__dependent_packages3: [ '{{ ldap__python__dependent_packages3 }}' ] }

    - role: nginx
      tags: [ 'role::nginx', 'skip::nginx' ]
      nginx__servers: '{{ nginx__default_servers + nginx__host_servers }}'
      nginx__dependent_upstreams:
        - '{{ php__nginx__dependent_upstreams }}'
        - '{{ gitlab__nginx__dependent_upstreams }}'

    - logrotate_for_nginx_and_its_friends_for_a_very_long_time
"""


def test_a_plays_roles_are_named_by_their_roles() -> None:
    """infra39: a play's `roles:` list cut for its size named its items by position
    (`Install and manage nginx webserver.roles[4]`); each role is now named by its role, as a
    task is by its `- name:` (`role: x`, `{ role: x }` or a bare name)."""
    pieces = chunker_for("yaml").chunk(PLAY_WITH_ROLES)
    symbols = [p.symbol for p in pieces]
    assert symbols == ["Install and manage nginx webserver", "keyring", "apt_preferences",
                       "ferm", "python", "nginx",
                       "logrotate_for_nginx_and_its_friends_for_a_very_long_time"], pieces
    by = {p.symbol: p for p in pieces}
    assert "nginx__servers:" in by["nginx"].content and "ferm" not in by["nginx"].content
    assert "python__dependent_packages3" in by["python"].content


def test_a_roles_list_outside_a_play_keeps_its_positions() -> None:
    """Only a play's (a mapping with `hosts:`) `roles:` names its items by role: a user's
    list of role grants is data, its items still `users[0].roles[2]`."""
    grants = "users:\n  - login: ana\n    roles:\n" + "".join(
        f"      - name: grant_number_{n}\n        role: admin\n        scope: project_{n}_long\n"
        for n in range(30))
    symbols = [p.symbol for p in chunker_for("yaml").chunk(grants)]
    assert symbols and all("roles[" in (s or "") for s in symbols[1:]), symbols
    assert not any(s and s.startswith("grant_number") for s in symbols)
