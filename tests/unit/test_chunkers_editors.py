"""Emacs Lisp and Vim script are cut by their definitions (chunkers/elisp.py, vimscript.py):
before, both were fixed windows with no name, so "where is magit-status defined" or "what
does fugitive#Diffsplit do" found a window starting anywhere, named nothing."""

from __future__ import annotations

from pathlib import Path

from repokb.chunkers import chunker_for

# the golden inputs (tests/golden/chunkers), which the property tests mutate too
INPUTS = Path(__file__).parent.parent / "golden" / "chunkers" / "inputs"

ELISP = (INPUTS / "sample.el").read_text(encoding="utf-8")


def test_each_elisp_definition_is_a_named_piece_with_its_autoload_cookie():
    pieces = chunker_for("emacs_lisp").chunk(ELISP)
    named = [(p.symbol, p.symbol_type, p.start_line, p.end_line) for p in pieces if p.symbol]
    assert named == [("shop", "package", 5, 13),  # `;;; Code: (require ..)` joined: short
                     ("shop", "group", 14, 16),
                     ("shop-cache-file", "variable", 18, 20),
                     ("shop-checkout", "function", 22, 27),
                     ("shop-with-cart", "macro", 29, 31),
                     ("shop-cart.shop-total", "function", 33, 35),
                     ("shop--buffer-cart", "variable", 37, 40)]  # `(provide ..)` joined
    checkout = next(p for p in pieces if p.symbol == "shop-checkout")
    assert checkout.content.startswith(";;;###autoload\n(defun shop-checkout")
    commentary = pieces[[p.symbol_type for p in pieces].index("package")]
    assert "checks them out against the" in commentary.content


def test_unbalanced_elisp_falls_back_to_windows_and_keeps_every_line():
    text = "(defun f ()\n  (g))\n)\n" + "(setq x 1)\n" * 30
    pieces = chunker_for("emacs_lisp").chunk(text)
    assert pieces and all(p.symbol is None for p in pieces)
    covered = {n for p in pieces for n in range(p.start_line, p.end_line + 1)}
    assert covered >= set(range(1, text.count("\n") + 1))


VIM = (INPUTS / "sample.vim").read_text(encoding="utf-8")


def test_each_vim_function_and_command_is_a_piece_findable_by_its_bare_name():
    pieces = chunker_for("vim").chunk(VIM)
    named = [(p.symbol, p.symbol_type, p.start_line, p.end_line) for p in pieces
             if p.symbol_type in ("function", "command")]
    assert named == [("Checkout", "function", 7, 14),
                     ("shop.cart.Total", "function", 16, 21),  # s:Inner stays inside
                     ("ShopCheckout", "command", 23, 25),
                     ("Gshop", "command", 26, 26)]
    assert pieces[1].content.startswith('" Check out the current cart')


GITCONFIG = '''\
[user]
\tname = Jane Developer
\temail = jane@example.com
[alias]
\tco = checkout
\tlg = log --graph --pretty=format:'%Cred%h%Creset -%C(yellow)%d%Creset %s' --abbrev-commit
'''
SSH_CONFIG = '''\
Host *
    ServerAliveInterval 60
    AddKeysToAgent yes

Host bastion  # the jump host
    HostName bastion.example.com
    User jane
    Port 2222

Match host db-* exec "test -f ~/.ssh/id_work"
    IdentityFile ~/.ssh/id_work
    ProxyJump bastion
'''


def test_a_gitconfig_is_cut_by_section_and_an_ssh_config_by_host_block():
    git = chunker_for("git_config").chunk(GITCONFIG)
    assert [(p.symbol, p.start_line) for p in git] == [("user", 1), ("alias", 4)]
    ssh = chunker_for("ssh_config").chunk(SSH_CONFIG)
    assert [(p.symbol, p.start_line, p.end_line) for p in ssh] == [
        ("Host *", 1, 4), ("Host bastion", 5, 9),
        ('Match host db-* exec "test -f ~/.ssh/id_work"', 10, 12)]


HELP = '''\
*shop.txt*  A small shop for Vim

==============================================================================
INTRODUCTION                                                    *shop-intro*

Shop keeps a cart of items in a buffer and checks them out.

==============================================================================
COMMANDS                                                     *shop-commands*

                                                *:ShopCheckout* *:Scheckout*
:ShopCheckout [cart]    Pay for every item of [cart] (the current buffer's
                        cart when none is given), then empty it.

                                                *g:shop_currency*
g:shop_currency         The currency prices are shown in.  Default: "EUR".
'''


def test_vim_help_is_cut_by_its_tags():
    pieces = chunker_for("text").chunk(HELP)
    named = [(p.symbol, p.start_line) for p in pieces]
    # the header line alone is too short: it joins the first topic
    assert named == [("shop-intro", 1), ("shop-commands", 8), (":ShopCheckout", 11),
                     ("g:shop_currency", 15)]
    assert "Pay for every item" in pieces[2].content


def test_other_plain_text_is_cut_as_before():
    from repokb.chunkers.rst import RstChunker

    text = "Notes\n=====\n\nSome *emphasis* here.\n\nMore\n====\n\nAnd more text here.\n"
    pieces = chunker_for("text").chunk(text)
    assert pieces == RstChunker().chunk(text)  # the plain-text chunker's pieces, unchanged
    assert [(p.symbol, p.also) for p in pieces] == [("More", (("Notes", "section"),))]


VSPEC = '''\
let g:airline_theme = 'dark'

describe 'active builder'
  before
    let s:builder = airline#builder#new({'active': 1})
  end

  it 'should start with an empty statusline'
    let stl = s:builder.build()
    Expect stl == ''
  end
end
'''


def test_vim_vspec_tests_are_named_by_their_description():
    pieces = chunker_for("vim").chunk(VSPEC)
    assert [(p.symbol, p.symbol_type) for p in pieces if p.symbol] == [
        ("active builder", "describe")]  # a group under 1500 characters stays whole
    big = VSPEC.replace("    Expect stl == ''\n", "    Expect stl == ''\n" * 120)
    named = [(p.symbol, p.symbol_type) for p in chunker_for("vim").chunk(big) if p.symbol]
    assert ("active builder.should start with an empty statusline", "test") in named


def test_end_outside_a_spec_file_is_no_test_block():
    text = ("if has('nvim')\n  let g:shop_nvim = 1\nend\n" "function! s:Format(name) abort\n"
            "  return fnamemodify(a:name, ':t') . ' (shop)'\nendf\n")
    assert [p.symbol for p in chunker_for("vim").chunk(text) if p.symbol] == ["Format"]
