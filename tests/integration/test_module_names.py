"""A module's own name finds the module (real model and shard).

Elixir's `defmodule`, Ruby's `module`, Swift's protocols and extensions, Kotlin's objects and
SQL's tables were no definitions to the exact-symbol boost (rank._DEFINITIONS held functions,
classes, methods and types only): "MyApp.Accounts.User" answered the functions of
`MyApp.Accounts` (whose names share its words) and not the module `MyApp.Accounts.User`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from repokb.roots import resolve_roots
from repokb.search import Query

from ..conftest import write

pytestmark = pytest.mark.integration


@pytest.fixture
def app(tmp_path: Path) -> Path:
    root = tmp_path / "my_app"
    write(root, "lib/my_app/accounts.ex", '''
        defmodule MyApp.Accounts do
          @moduledoc "The accounts context: users, their registration and their sessions."
          alias MyApp.Accounts.User

          @doc "Lists every user of MyApp.Accounts, ordered by email."
          def list_users do
            Repo.all(from u in User, order_by: u.email)
          end

          @doc "Registers a user in MyApp.Accounts from the sign-up attributes."
          def register_user(attrs) do
            %User{} |> User.registration_changeset(attrs) |> Repo.insert()
          end
        end
        ''')
    write(root, "lib/my_app/accounts_user.ex", '''
        defmodule MyApp.Accounts.User do
          @moduledoc "A user of MyApp.Accounts."
          use Ecto.Schema

          schema "users" do
            field :email, :string
            field :hashed_password, :string
          end

          @doc "The changeset MyApp.Accounts uses to register a user."
          def registration_changeset(user, attrs) do
            user |> cast(attrs, [:email, :password]) |> unique_constraint(:email)
          end
        end
        ''')
    return root


def test_a_module_named_in_the_question_is_found_first(workspace, app):
    workspace.indexer.run(resolve_roots([app], None))
    for text, path in (("MyApp.Accounts.User", "lib/my_app/accounts_user.ex"),
                       ("MyApp.Accounts", "lib/my_app/accounts.ex")):
        hit = workspace.searcher.search(Query(text=text, limit=5))[0]
        assert (hit.path, hit.symbol) == (path, text)

