# A package and its development shell, as nixpkgs and a project's default.nix write them.
{ lib
, stdenv
, python3Packages
, fetchPypi
, withDocs ? false
}:

let
  # the test data the package's checks read
  testData = fetchPypi {
    pname = "ledger-testdata";
    version = "1.0";
    hash = "sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";
  };

  /* Options passed to pytest: the slow tests are left to CI. */
  pytestFlags = [ "-m" "not slow" "--durations=10" ];
in
python3Packages.buildPythonApplication rec {
  pname = "ledger";
  version = "1.2.0";
  pyproject = true;

  src = fetchPypi {
    inherit pname version;
    hash = "sha256-BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB=";
  };

  # the version pin in setup.cfg is looser upstream; a string's `x = {` opens nothing
  postPatch = ''
    substituteInPlace setup.cfg \
      --replace "numpy >= 1.26, < 2" "numpy >= 1.26" \
      --replace "x = {" "y = }"
  '';

  build-system = with python3Packages; [ hatchling hatch-vcs ];

  dependencies = with python3Packages; [
    numpy
    pyyaml
    rich
  ] ++ lib.optionals withDocs [ python3Packages.sphinx ];

  nativeCheckInputs = [ python3Packages.pytestCheckHook ];

  preCheck = ''
    export LEDGER_TESTDATA=${testData}
    export HOME=$(mktemp -d)
  '';

  pytestFlagsArray = pytestFlags;

  passthru.shell = stdenv.mkDerivation {
    name = "ledger-shell";
    buildInputs = [ python3Packages.python python3Packages.ruff ];
    shellHook = "echo 'ledger development shell'";
  };

  meta = with lib; {
    description = "Keeps the running total of a ledger and reports it";
    longDescription = ''
      ledger keeps the running total of the amounts added to a book, reports
      it per account and currency, and refuses amounts over an account's limit.
    '';
    homepage = "https://ledger.example.org";
    changelog = "https://ledger.example.org/changes/${version}";
    license = licenses.mit;
    maintainers = with maintainers; [ ];
    mainProgram = "ledger";
    platforms = platforms.unix;
  };
}
