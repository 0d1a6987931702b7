defmodule Shop.Accounts do
  @moduledoc """
  The Accounts context: users, their sessions and their API tokens.
  """

  import Ecto.Query, warn: false
  alias Shop.Repo
  alias Shop.Accounts.{User, UserToken}

  @token_days 60

  @doc """
  Gets a single user by id.

  Raises `Ecto.NoResultsError` if the User does not exist.
  """
  @spec get_user!(integer()) :: User.t()
  def get_user!(id), do: Repo.get!(User, id)

  @doc "Gets a user by email and password, or nil when either is wrong."
  def get_user_by_email_and_password(email, password)
      when is_binary(email) and is_binary(password) do
    user = Repo.get_by(User, email: email)
    if User.valid_password?(user, password), do: user
  end

  # Counts the characters of a name, clause by clause.
  def name_length(nil), do: 0
  def name_length(""), do: 0

  def name_length(name) when is_binary(name) do
    String.length(name)
  end

  defp token_query(token, context) do
    from t in UserToken,
      where: t.token == ^token and t.context == ^context,
      where: t.inserted_at > ago(@token_days, "day")
  end

  defmacro with_user(conn, do: block) do
    quote do
      var!(user) = unquote(conn).assigns.current_user
      unquote(block)
    end
  end

  defdelegate change_user(user, attrs \\ %{}), to: User, as: :changeset

  defmodule Notifier do
    @moduledoc "Delivers account e-mails."
    def deliver_confirmation(user, url) do
      deliver(user.email, "Confirmation instructions", "Confirm at #{url}")
    end
  end
end

defprotocol Shop.Priceable do
  @doc "The price of a thing in cents"
  def price_in_cents(thing)
end

defimpl Shop.Priceable, for: Shop.Catalog.Product do
  def price_in_cents(%{price: price}), do: round(price * 100)
end

defmodule Shop.AccountsTest do
  use Shop.DataCase

  test "get_user!/1 returns the user with the given id" do
    user = user_fixture()
    assert Shop.Accounts.get_user!(user.id) == user
  end
end
