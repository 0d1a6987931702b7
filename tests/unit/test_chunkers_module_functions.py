"""A function of a module is a function, not a method: Elixir has no methods (`def` in a
`defmodule`), nor has OCaml's `struct` or Rust's `mod`, and Ruby's `def self.x` in a `module` is
the module's function. They were typed "method" (a function with an owner), so a search hit
and the text embedded for it read `method MyApp.Accounts.get_user`. A method of a class stays a
method (Ruby's `def self.build` in a class too), and so do Perl's subs, whose package is a class
as often as a module."""

from __future__ import annotations

import textwrap

import pytest

from repokb.chunkers import chunker_for
from repokb.pipeline.enrich import prefix


def types(language: str, text: str) -> dict[str | None, str | None]:
    chunker = chunker_for(language)
    assert chunker is not None
    return {p.symbol: p.symbol_type for p in chunker.chunk(textwrap.dedent(text).lstrip())}


ELIXIR = '''
    defmodule MyApp.Accounts do
      @doc "Gets a single user, or nil when there is none with that id."
      def get_user(id) when is_integer(id), do: Repo.get(User, id)

      defp token_query(token, context) do
        from t in UserToken, where: t.token == ^token and t.context == ^context
      end
    end
    '''

RUBY = '''
    module Billing
      def self.currency_for(country)
        country == "US" ? "USD" : "EUR"
      end

      def taxed(amount)
        amount * (1 + rate)
      end
    end

    class Invoice
      def self.build(lines)
        new(lines.map { |line| Line.new(line) }.reject(&:empty?))
      end
    end
    '''

OCAML = '''
    module Make (Ord : OrderedType) = struct
      type elt = Ord.t

      let rec mem x = function
        | Empty -> false
        | Node { l; v; r; _ } -> let c = Ord.compare x v in c = 0 || mem x (if c < 0 then l else r)
    end
    '''

RUST = '''
    mod cache {
        pub fn lookup(key: &str) -> Option<String> {
            CACHE.with(|c| c.borrow().iter().find(|k| k.as_str() == key).cloned())
        }
    }
    '''


@pytest.mark.parametrize(("language", "text", "symbol"), [
    ("elixir", ELIXIR, "MyApp.Accounts.get_user"),
    ("elixir", ELIXIR, "MyApp.Accounts.token_query"),
    ("ruby", RUBY, "Billing.currency_for"),
    ("ocaml", OCAML, "Make.mem"),
    ("rust", RUST, "cache.lookup"),
])
def test_a_function_of_a_module_is_a_function(language, text, symbol):
    assert types(language, text)[symbol] == "function"


def test_a_method_of_a_class_stays_a_method():
    ruby = types("ruby", RUBY)
    assert ruby["Billing.taxed"] == "method"  # a mixin's instance method
    assert ruby["Invoice"] == "class"  # small: one piece
    big = RUBY.replace("      def self.build", "".join(  # over 1500: cut per method
        f"      def step{i}(x)\n" + "        x += 1\n" * 30 + "      end\n" for i in range(6))
        + "      def self.build")
    assert types("ruby", big)["Invoice.build"] == "method"
    perl = types("perl", '''
        package Shop::Coupon {
            sub apply {
                my ($self, $cart) = @_;
                return $cart->total * (1 - $self->{rate});
            }
        }
        ''')
    assert perl["Shop.Coupon.apply"] == "method"


def test_what_a_search_hit_and_its_embedded_text_call_it():
    chunker = chunker_for("elixir")
    assert chunker is not None
    piece = next(p for p in chunker.chunk(textwrap.dedent(ELIXIR).lstrip())
                 if p.symbol == "MyApp.Accounts.get_user")
    # the module's short head (`defmodule MyApp.Accounts do`) opens this piece: named too
    assert prefix("lib/my_app/accounts.ex", piece) == (
        "lib/my_app/accounts.ex: function MyApp.Accounts.get_user, module MyApp.Accounts — ")


def test_ruby_methods_after_module_function_are_functions_of_the_module():
    # `module_function` makes the methods after it the module's functions (called
    # `Helpers.price(...)`); they were typed method, as a mixin's instance methods are
    ruby = types("ruby", '''
        module Shop
          module Helpers
            # Formats a name for the receipt header line.
            def header(name)
              name.upcase.center(40)
            end

            module_function

            # Formats cents as a price string for the shop front.
            def price(cents)
              format("%.2f EUR", cents / 100.0)
            end

            # Rounds a total to the nearest five cents, as the tills do.
            def round_five(cents)
              ((cents + 2) / 5) * 5
            end
          end
        end
        ''')
    assert ruby["Shop.Helpers.price"] == ruby["Shop.Helpers.round_five"] == "function"
    assert ruby["Shop.Helpers.header"] == "method"  # before it: a mixin's instance method
