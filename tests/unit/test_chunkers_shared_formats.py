"""The formats told apart by content (test_linguist_heuristics) cut where they part: an RPM spec
by its `%` sections (`%description`, `%files -n x`, a long `%changelog` per entry), a Kickstart
file by its `%packages` / `%post` ... `%end` sections, a Bruno `.bru` request by its blocks
(`meta`, `post`, `body:json`, `tests`), a CUE file by its top-level fields and definitions. Each
was cut into nameless 500-character windows: a section began in one and ended in the next."""

from __future__ import annotations

from ..conftest import chunks as cut


def named(pieces):
    return {p.symbol: (p.start_line, p.end_line) for p in pieces if p.symbol}


def lines_of(pieces):
    return sorted({n for p in pieces for n in range(p.start_line, p.end_line + 1)})


ENTRY = "- {n}: a change to the storage layer that fixes a bug in the partitioning code\n"
RPM = ("""Name:           python-blivet
Version:        3.14.2
Release:        1%{?dist}
Summary:        A python module for system storage configuration
License:        LGPL-2.1-or-later
URL:            https://storageapis.wordpress.com/projects/blivet
Source0:        %{url}/%{name}-%{version}.tar.gz

%description
The python-blivet package is a python module for examining and modifying
storage configuration.

%package -n python3-blivet
Summary: A python3 package for examining and modifying storage configuration.
Requires: python3-pyudev >= 0.18
Requires: parted >= 1.8.1

%description -n python3-blivet
The python3-blivet is a python3 package for examining and modifying storage
configuration.

%prep
%autosetup -n blivet-%{version} -p1

%build
%py3_build

%install
%py3_install
%find_lang blivet

%files -n python3-blivet -f blivet.lang
%license COPYING
%doc README.md ChangeLog examples
%{python3_sitelib}/*

%changelog
""" + "".join(f"* Mon Sep 14 2026 Vojtech Trefny <vtrefny@example.org> - 3.14.{v}-1\n"
              + "".join(ENTRY.format(n=n) for n in range(8)) + "\n" for v in (2, 1, 0)))


def test_an_rpm_spec_is_cut_by_section():
    pieces = cut("rpm_spec", RPM)
    names = named(pieces)
    text = RPM.splitlines()
    # each named section opens where its `%` line is
    for name, (start, _end) in names.items():
        if not name.startswith("%changelog"):
            assert text[start - 1].startswith(name), (name, text[start - 1])
    assert "%description -n python3-blivet" in names and "%package -n python3-blivet" in names
    assert "%files -n python3-blivet -f blivet.lang" in names
    # the long changelog is cut per entry, each named by its version
    assert {"%changelog.3.14.2-1", "%changelog.3.14.1-1", "%changelog.3.14.0-1"} <= set(names)
    held = set(lines_of(pieces))  # nothing lost
    assert [n for n, line in enumerate(text, 1) if line.strip() and n not in held] == []


KICKSTART = """
    #version=RHEL9
    text
    lang en_US.UTF-8
    keyboard us
    timezone Europe/Berlin --utc
    network --bootproto=dhcp --device=link --activate --hostname=build01
    bootloader --location=mbr
    clearpart --all --initlabel
    autopart --type=lvm

    %packages
    @^minimal-environment
    git
    python3
    python3-pip
    %end

    %post --log=/root/ks-post.log
    systemctl enable sshd
    echo "build host ready" > /etc/motd
    %end
"""


def test_a_kickstart_file_is_cut_by_section():
    pieces = cut("kickstart", KICKSTART)
    names = named(pieces)
    assert names["%packages"] == (11, 16)
    assert names["%post --log=/root/ks-post.log"] == (18, 21)


BRU = """
    meta {
      name: Create user
      type: http
      seq: 2
    }

    post {
      url: {{baseUrl}}/api/users
      body: json
      auth: bearer
    }

    body:json {
      {
        "name": "Ada Lovelace",
        "email": "ada@example.org"
      }
    }

    tests {
""" + "".join(f"""      test("user {n} is created with the fields it was given", function() {{
        expect(res.getStatus()).to.equal(201);
        expect(res.getBody().name).to.equal("Ada Lovelace");
      }});
""" for n in range(12)) + """    }

    docs {
      Creates a user and returns its id.
    }
"""


def test_a_bru_request_is_cut_by_block_named_after_the_request():
    pieces = cut("bru", BRU)
    names = named(pieces)
    assert "Create user.tests" in names, names
    assert names["Create user.body:json"][0] == 13
    assert all(n.startswith("Create user") for n in names)


def test_a_short_bru_request_stays_whole():
    short = BRU.split("    tests {")[0]
    pieces = cut("bru", short)
    assert len(pieces) == 1 and pieces[0].symbol == "Create user", pieces


CUE = """
    package service

    import "strings"

    // A service the platform runs: its name, replica count and image.
    #Service: {
    \tname:     string & strings.MinRunes(3)
    \treplicas: int & >=1 & <=10 | *2
    \tport:     int & >1024
    \timage:    =~"^registry\\\\.example\\\\.com/"
    }

    services: [Name=string]: #Service & {name: Name}

    services: web: {
    \treplicas: 3
    \tport:     8080
    \timage:    "registry.example.com/web:1.4"
    }
"""


def test_a_cue_file_is_cut_by_top_level_field():
    pieces = cut("cue", CUE)
    names = named(pieces)
    # with its comment (the short `package` and `import` lines above join it)
    assert names["#Service"][0] <= 5 and names["#Service"][1] == 11
    assert names["services.web"] == (15, 19)


NIX = """
    { lib, python3Packages, fetchPypi }:

    let
      # the test data the package's checks read
      testData = fetchPypi {
        pname = "ledger-testdata";
        version = "1.0";
        hash = "sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";
      };
    in
    python3Packages.buildPythonApplication rec {
      pname = "ledger";
      version = "1.2.0";
      pyproject = true;

      src = fetchPypi {
        inherit pname version;
        hash = "sha256-BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB=";
      };

      # a string holding braces and `=` opens nothing
      postPatch = ''
        substituteInPlace setup.cfg --replace "x = {" "y = }"
      '';

      dependencies = with python3Packages; [ numpy pyyaml ];

      meta = with lib; {
        description = "Keeps the running total of a ledger";
        license = licenses.mit;
        mainProgram = "ledger";
      };
    }
"""


def test_a_nix_file_is_cut_by_attribute():
    pieces = cut("nix", NIX)
    names = named(pieces)
    assert names["testData"] == (4, 9)  # with its comment
    assert names["src"] == (16, 19)
    assert names["postPatch"] == (21, 24)  # with its comment; the string's `x = {` is text
    assert names["meta"] == (28, 33)  # `with lib;` does not end it; the set's `}` joins it
    assert all(p.symbol_type in ("attribute", "module") for p in pieces)


FLAKE = """
    {
      description = "ledger development shell and package";
      inputs.nixpkgs.url = "github:NixOS/nixpkgs/nixos-unstable";
      outputs = { self, nixpkgs }:
        let pkgs = nixpkgs.legacyPackages.x86_64-linux; inherit (pkgs) lib;
        in {
          devShells.x86_64-linux.default = pkgs.mkShell {
            packages = [ pkgs.python311 pkgs.ruff pkgs.mypy ];
            shellHook = "echo ledger shell";
          };
        };
    }
"""


def test_a_let_inside_a_binding_does_not_end_it():
    names = named(cut("nix", FLAKE))
    assert names["outputs"][0] == 4 and names["outputs"][1] >= 11, names


DHALL = """
    let Prelude = https://prelude.dhall-lang.org/v21.1.0/package.dhall

    -- an account of the ledger: its id, currency and spending limit
    let Account = { id : Text, currency : Text, limit : Natural }

    let mkAccount =
          \\(id : Text) ->
          \\(currency : Text) ->
            { id, currency, limit = 1000 } : Account

    in  { accounts = [ mkAccount "cash" "EUR", mkAccount "bank" "USD" ] }
"""


def test_a_dhall_file_is_cut_by_let_binding():
    names = named(cut("dhall", DHALL))
    assert names["Account"] == (3, 4)  # with its comment
    assert names["mkAccount"][0] == 6


GDBINIT = """
    set print pretty on
    set pagination off

    # print the full backtrace of every thread, with locals
    define pstack
      thread apply all bt full
      info threads
    end
    document pstack
    Print the full backtrace of every thread, with its locals.
    end

    define pyobj
      call (void)_PyObject_Dump($arg0)
    end
"""


def test_a_gdb_script_is_cut_by_defined_command():
    names = named(cut("gdb", GDBINIT))
    # its comment and its document block with it (the short settings above join it)
    assert names["pstack"][0] <= 4 and names["pstack"][1] == 11
    assert names["pyobj"] == (13, 15)
