"""A search in a test's words finds its block, titled by its description (real model, shard).

ExUnit's `describe "..." do`, Perl's `subtest '...' => sub {...}`, RSpec's and Jest's
`describe`/`it` were windows (or, for an ExUnit test inside a describe, a piece named without
the describe): a hit showed `None` or a title without the group the question described.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from repokb.roots import resolve_roots
from repokb.search import Query

from ..conftest import write

pytestmark = pytest.mark.integration


@pytest.fixture
def shop(tmp_path: Path) -> Path:
    root = tmp_path / "shop"
    write(root, "lib/shop/accounts.ex", '''
        defmodule Shop.Accounts do
          @doc "Registers a user from the sign-up form's attributes."
          def register_user(attrs) do
            %User{} |> User.registration_changeset(attrs) |> Repo.insert()
          end
        end
        ''')
    write(root, "test/shop/accounts_test.exs", '''
        defmodule Shop.AccountsTest do
          use Shop.DataCase, async: true

          describe "register_user/1 rejects a duplicate email" do
            test "with an error on the email field" do
              insert(:user, email: "a@example.com")
              {:error, changeset} = Accounts.register_user(%{email: "a@example.com"})
              assert "has already been taken" in errors_on(changeset).email
            end
          end

          describe "list_users/0" do
            test "returns every user ordered by email" do
              insert(:user, email: "b@example.com")
              insert(:user, email: "a@example.com")
              emails = Enum.map(Accounts.list_users(), & &1.email)
              assert emails == ["a@example.com", "b@example.com"]
            end
          end
        end
        ''')
    write(root, "lib/Shop/Cache.pm", '''
        package Shop::Cache;
        use strict;

        # A cache whose entries expire after a time to live.
        sub new { my ($class, %args) = @_; return bless {ttl => $args{ttl}, data => {}}, $class }

        sub get { my ($self, $key) = @_; return $self->{data}{$key} }

        1;
        ''')
    write(root, "t/cache.t", '''
        use strict;
        use warnings;
        use Test::More;
        use Shop::Cache;

        subtest 'expires entries after their time to live' => sub {
            my $cache = Shop::Cache->new(ttl => 1);
            $cache->set(answer => 42);
            sleep 2;
            ok(!defined $cache->get('answer'), 'gone after the ttl');
        };

        subtest 'counts hits and misses' => sub {
            my $cache = Shop::Cache->new;
            $cache->get('x');
            is($cache->stats->{misses}, 1, 'one miss');
        };

        done_testing;
        ''')
    return root


def test_a_test_found_by_its_words_is_titled_by_its_description(workspace, shop):
    workspace.indexer.run(resolve_roots([shop], None))

    def top(text: str) -> tuple[str, str | None, str]:
        hit = workspace.searcher.search(Query(text=text, limit=5))[0]
        return hit.path, hit.symbol, hit.content

    path, symbol, content = top("tests that registering rejects a duplicate email")
    assert path == "test/shop/accounts_test.exs"
    assert symbol == "Shop.AccountsTest.register_user/1 rejects a duplicate email"
    assert "has already been taken" in content and "list_users" not in content
    path, symbol, content = top("tests for entries that expire after their time to live")
    assert (path, symbol) == ("t/cache.t", "expires entries after their time to live")
    assert "gone after the ttl" in content and "misses" not in content
