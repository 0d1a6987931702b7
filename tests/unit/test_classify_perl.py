"""A CPAN distribution's own files, as a Perl developer's checkout holds them.

A pass over a distribution laid out as `Module::Starter`/Dist::Zilla write it (lib/, t/, xt/,
Makefile.PL, cpanfile ...; sources from Debian's libdancer2-perl 0.400001 skeleton) found its
tests (`t/001_base.t`), its manuals (`lib/Shop/Cart.pod`), its cpanfile, Carton's lockfile and
the PAUSE login `.pause` 'unknown format', excluded; the build scripts and the distribution's
metadata plain Perl source or configuration; what `perl Makefile.PL` writes (MYMETA.*, the
Makefile, blib/) and what Carton installs (local/lib/perl5) indexed as the project's own.
"""

from __future__ import annotations

import pytest

from repokb.models import Kind, Policy, SkippedPath
from repokb.pipeline.discover import discover
from repokb.roots import resolve_roots

from ..conftest import assert_classified, write

TEST = ("use strict;\nuse warnings;\nuse Test::More tests => 1;\n"
        "use_ok 'Shop::Cart';\n")
POD = ("=head1 NAME\n\nShop::Cart::Manual - how to use the cart\n\n=head1 SYNOPSIS\n\n"
       "  my $cart = Shop::Cart->new;\n\n=cut\n")
MAKEFILE_PL = ("use ExtUtils::MakeMaker;\nWriteMakefile(\n  NAME => 'Shop::Cart',\n"
               "  VERSION_FROM => 'lib/Shop/Cart.pm',\n  PREREQ_PM => { 'Moose' => '2' },\n);\n")
MAKEFILE = ("# This Makefile is for the Shop::Cart extension to perl.\n#\n"
            "# It was generated automatically by MakeMaker version\n"
            "# 7.70 (Revision: 77000) from the contents of\n"
            "# Makefile.PL. Don't edit this file, edit Makefile.PL instead.\n\nall: pure_all\n")
# Mojolicious' lib/Mojo/resources/html_entities.txt (2,231 lines of these): a table, not prose
ENTITIES = "".join(f"{name}; U+{0xC0 + i:05X}\n{name} U+{0xC0 + i:05X}\n"
                   for i, name in enumerate(["Aacute", "Agrave", "Acirc", "Atilde"] * 8))
GUIDE = "".join(f"Step {i}: add the item to the cart, then check the total again.\n"
                for i in range(60))
META_JSON = '{\n  "name" : "Shop-Cart",\n  "version" : "1.02",\n  "meta-spec" : {"version": 2}\n}\n'


@pytest.mark.parametrize(
    ("rel", "content", "kind", "subkind", "language", "policy"),
    [
        ("t/001_base.t", TEST, Kind.TEST, "perl_test", "perl", Policy.PARSE_AND_INDEX),
        ("xt/author/pod.t", TEST, Kind.TEST, "perl_test", "perl", Policy.PARSE_AND_INDEX),
        ("lib/Shop/Cart.pod", POD, Kind.DOCUMENTATION, "pod_doc", "pod",
         Policy.PARSE_AND_INDEX),
        ("app.psgi", "my $app = sub { [200, [], ['ok']] };\n", Kind.SOURCE, "perl_source",
         "perl", Policy.PARSE_AND_INDEX),
        ("Makefile.PL", MAKEFILE_PL, Kind.DEPENDENCY_MANIFEST, "perl_makemaker", "perl",
         Policy.INDEX_TEXT),
        ("Build.PL", "use Module::Build;\nModule::Build->new(module_name => 'Shop::Cart')"
         "->create_build_script;\n", Kind.DEPENDENCY_MANIFEST, "perl_module_build", "perl",
         Policy.INDEX_TEXT),
        ("cpanfile", "requires 'Moose', '2.0';\non test => sub { requires 'Test::More' };\n",
         Kind.DEPENDENCY_MANIFEST, "cpanfile", "perl", Policy.INDEX_TEXT),
        ("dist.ini", "name = Shop-Cart\nlicense = Perl_5\n[@Basic]\n",
         Kind.DEPENDENCY_MANIFEST, "dist_zilla", "ini", Policy.INDEX_TEXT),
        ("META.json", META_JSON, Kind.DEPENDENCY_MANIFEST, "cpan_meta", "json",
         Policy.INDEX_TEXT),
        ("META.yml", "---\nname: Shop-Cart\nversion: '1.02'\n", Kind.DEPENDENCY_MANIFEST,
         "cpan_meta", "yaml", Policy.INDEX_TEXT),
        ("cpanfile.snapshot", "# carton snapshot format: version 1.0\nDISTRIBUTIONS\n",
         Kind.LOCKFILE, "carton_lockfile", None, Policy.METADATA_ONLY),
        # written by `perl Makefile.PL` on this machine
        ("MYMETA.json", META_JSON, Kind.GENERATED, "cpan_build_meta", "json",
         Policy.METADATA_ONLY),
        ("Makefile", MAKEFILE, Kind.GENERATED, "makemaker_generated", "make",
         Policy.METADATA_ONLY),
        # PAUSE credentials, as cpan-upload reads them
        (".pause", "user SHOPCART\npassword hunter2-pause\n", Kind.SECRET_CANDIDATE,
         "credentials_file", None, Policy.BLOCK),
        (".perltidyrc", "-l=100\n-i=2\n", Kind.CONFIGURATION, "tool_config", None,
         Policy.METADATA_ONLY),
        ("MANIFEST", "Changes\nlib/Shop/Cart.pm\nMakefile.PL\nt/001_base.t\n",
         Kind.CONFIGURATION, "tool_config", None, Policy.METADATA_ONLY),
        # Mojolicious' templates
        ("templates/index.html.ep", "% layout 'default';\n<h1><%= $title %></h1>\n",
         Kind.SOURCE, "html_template", "html", Policy.INDEX_TEXT),
        # Mojolicious' command that writes a Dockerfile is Perl, not a Dockerfile (it was
        # infrastructure, its subs read as text); a Dockerfile's variants stay Docker's
        ("lib/Mojolicious/Command/Author/generate/dockerfile.pm",
         "package Mojolicious::Command::Author::generate::dockerfile;\n"
         "use Mojo::Base 'Mojolicious::Command';\nsub run { }\n1;\n", Kind.SOURCE,
         "perl_source", "perl", Policy.PARSE_AND_INDEX),
        ("Dockerfile.prod", "FROM perl:5.36\nRUN cpanm Mojolicious\n", Kind.INFRASTRUCTURE,
         "dockerfile", "dockerfile", Policy.INDEX_TEXT),
        # a table written as text is data (it was documentation: 93 pieces of `Aacute; U+000C1`
        # among the answers); a text of sentences stays documentation
        ("lib/Mojo/resources/html_entities.txt", ENTITIES, Kind.DATA, "text_records", "text",
         Policy.METADATA_ONLY),
        ("lib/Shop/guide.txt", GUIDE, Kind.DOCUMENTATION, "text_doc", "text",
         Policy.PARSE_AND_INDEX),
        # what stays as it was
        ("lib/Shop/Cart.pm", "package Shop::Cart;\nuse Moose;\n1;\n", Kind.SOURCE,
         "perl_source", "perl", Policy.PARSE_AND_INDEX),
        ("bin/shop.pl", "#!/usr/bin/perl\nuse Shop::Cart;\n", Kind.SOURCE, "perl_source",
         "perl", Policy.PARSE_AND_INDEX),
    ],
)
def test_a_cpan_distributions_files_are_known(tmp_path, rel, content, kind, subkind, language,
                                              policy):
    assert_classified(tmp_path, rel, content,
                      kind=kind, subkind=subkind, language=language, index_policy=policy)


def test_perl_build_output_and_carton_installs_are_not_walked(tmp_path):
    root = tmp_path / "Shop-Cart"
    write(root, "lib/Shop/Cart.pm", "package Shop::Cart;\n1;\n")
    write(root, "blib/lib/Shop/Cart.pm", "package Shop::Cart;\n1;\n")
    write(root, "_build/build_params", "$VAR1 = {};\n")
    write(root, "local/lib/perl5/Moose.pm", "package Moose;\n1;\n")
    write(root, "src/local/settings.pm", "package Local;\n1;\n")  # not Carton's: walked
    (project,) = resolve_roots([root], None)
    items = list(discover(project))
    files = {i.path for i in items if not isinstance(i, SkippedPath)}
    skipped = {i.path: i.reason for i in items if isinstance(i, SkippedPath)}
    assert files == {"lib/Shop/Cart.pm", "src/local/settings.pm"}
    assert set(skipped) == {"blib", "_build", "local"}
    assert "Carton" in skipped["local"]
