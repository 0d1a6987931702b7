"""Ruby's other file names are Ruby: a Rails app's rake tasks, its rackup file, its views.

A pass over rack 2.2 and a Rails-shaped tree found `config.ru` (every Rack app's entry point),
`lib/tasks/*.rake` (a Rails app's tasks), `Guardfile`/`Capfile`/`Thorfile` and the ERB views
(`app/views/users/show.html.erb`) unknown, so excluded. GitHub Linguist names them Ruby (its
Ruby extensions and file names) and HTML+ERB.
"""

from __future__ import annotations

from pathlib import PurePosixPath

import pytest

from repokb.models import Kind, Policy, Role

from ..conftest import assert_classified, classify_file

RAKE = ('namespace :db do\n  desc "Seed"\n  task seed: :environment do\n    User.create!\n'
        "  end\nend\n")
RACKUP = 'require_relative "config/environment"\n\nrun Rails.application\n'
VIEW = "<h1><%= @user.name %></h1>\n<p><%= link_to 'Edit', edit_user_path(@user) %></p>\n"
GENERATOR = "class <%= class_name %> < ApplicationRecord\nend\n"



@pytest.mark.parametrize(
    ("rel", "content", "kind", "language", "policy"),
    [
        ("lib/tasks/users.rake", RAKE, Kind.SOURCE, "ruby", Policy.PARSE_AND_INDEX),
        ("config.ru", RACKUP, Kind.SOURCE, "ruby", Policy.PARSE_AND_INDEX),
        ("example/lobster.ru", RACKUP, Kind.SOURCE, "ruby", Policy.PARSE_AND_INDEX),
        ("lib/thor/tasks/release.thor", "class Release < Thor\nend\n", Kind.SOURCE, "ruby",
         Policy.PARSE_AND_INDEX),
        ("app/views/users/index.json.jbuilder", "json.array! @users, :id, :name\n",
         Kind.SOURCE, "ruby", Policy.PARSE_AND_INDEX),
        ("Guardfile", "guard :rspec do\n  watch(%r{^lib/})\nend\n", Kind.SOURCE, "ruby",
         Policy.PARSE_AND_INDEX),
        ("Capfile", 'require "capistrano/setup"\n', Kind.SOURCE, "ruby", Policy.PARSE_AND_INDEX),
        ("Thorfile", 'require "thor"\n', Kind.SOURCE, "ruby", Policy.PARSE_AND_INDEX),
        ("fastlane/Fastfile", "lane :beta do\n  build_app\nend\n", Kind.SOURCE, "ruby",
         Policy.PARSE_AND_INDEX),
        # ERB: the language of the name before `.erb`; a view is an HTML template
        ("app/views/users/show.html.erb", VIEW, Kind.SOURCE, "html", Policy.INDEX_TEXT),
        ("lib/generators/model/templates/model.rb.erb", GENERATOR, Kind.SOURCE, "ruby",
         Policy.PARSE_AND_INDEX),
        # what stays as it was
        ("Rakefile", "task default: :test\n", Kind.SOURCE, "ruby", Policy.PARSE_AND_INDEX),
        ("Gemfile.lock", "GEM\n  specs:\n", Kind.LOCKFILE, "gemfile_lock", Policy.METADATA_ONLY),
        ("spec/models/user_spec.rb", "describe User do\nend\n", Kind.TEST, "ruby",
         Policy.PARSE_AND_INDEX),
    ],
)
def test_ruby_file_names_linguist_knows_are_ruby(tmp_path, rel, content, kind, language, policy):
    assert_classified(tmp_path, rel, content, kind=kind, language=language, index_policy=policy)


BUNDLE_CONFIG = ('---\nBUNDLE_PATH: "vendor/bundle"\n'
                 'BUNDLE_GEMS__EXAMPLE__COM: "deploy:Zk3qW8rT1vYp"\n')


@pytest.mark.parametrize("rel", [".bundle/config", "apps/shop/.bundle/config",
                                 ".gem/credentials", ".npmrc", ".pypirc"])
def test_bundler_config_is_a_credentials_file_as_npmrc_is(tmp_path, rel):
    """`.bundle/config` (Bundler's per-project settings) holds the credentials of private gem
    servers (`BUNDLE_GEMS__EXAMPLE__COM: "user:token"`): blocked as `.npmrc`, `.pypirc` and
    RubyGems' `.gem/credentials` are; it was excluded as "unknown format: no rule matched"."""
    c = classify_file(tmp_path, rel, BUNDLE_CONFIG)
    assert (c.kind, c.subkind, c.index_policy, c.knowledge_role) == (
        Kind.SECRET_CANDIDATE, "credentials_file", Policy.BLOCK, Role.BLOCKED), c.reasons
    assert "secret file" in c.reasons[0] and PurePosixPath(rel).name in c.reasons[0], c.reasons


def test_what_bundler_installs_under_dot_bundle_is_not_a_credentials_file(tmp_path):
    c = classify_file(tmp_path, ".bundle/ruby/3.2.0/gems/rack-2.2.8/lib/rack.rb",
                      "module Rack\nend\n")
    assert c.kind != Kind.SECRET_CANDIDATE and c.index_policy != Policy.BLOCK, c.reasons
    c = classify_file(tmp_path, "lib/config", BUNDLE_CONFIG.replace("Zk3qW8rT1vYp", "x"))
    assert c.kind != Kind.SECRET_CANDIDATE, c.reasons
