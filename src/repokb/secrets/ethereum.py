"""The secrets of Ethereum (EVM) projects: Hardhat, Truffle, Foundry, ethers, web3, viem.

The general finders read `privateKey = "0x..."` and `PRIVATE_KEY=...`; these forms they did not:
- a private key (64 hex digits, usually `0x`-prefixed) with no secret-named key around it:
  Hardhat's `accounts: ["0x..."]` (also over lines), a signer built from it (ethers'
  `new Wallet("0x...")`, viem's `privateKeyToAccount("0x...")`, web3's
  `privateKeyToAccount(..)`, eth-account's `Account.from_key(..)`, Brownie's
  `accounts.add(..)`, truffle's
  `new HDWalletProvider(["0x..."], url)`, Foundry's cheat codes `vm.startBroadcast(0x...)`,
  `vm.broadcast`, `vm.sign`, `vm.addr`, `vm.rememberKey`, `vm.createWallet`; ethers-rs's
  `"0x...".parse::<LocalWallet>()`), and Solidity's unquoted number
  under a key's name (`uint256 deployerKey = 0x...;`, `OWNER_PK`, `signerKey`, `wallet`,
  `secret`, or an account's role, `deployer: 0x...`, `ALICE = 0x...`, whose own name would be
  its 40-digit address; not `keyHash`, a Chainlink gas lane, `publicKey`, `ADMIN_SLOT` nor
  `deployTransaction`), on a line naming a private
  key (`vm.envOr("PRIVATE_KEY", uint256(0x...))`) or in a list under such a name;
- a BIP-39 mnemonic: twelve or more words in a row, each of the 2048 words of the English list
  (`mnemonic: "..."`, `const mnemonic = "..."`, `Wallet.fromPhrase("...")`, `MNEMONIC=...`); an
  English sentence of twelve such words in a row does not occur (`the`, `a`, `is`, `of` are not
  in the list); words mostly repeated are a placeholder (Hardhat's and Anvil's public
  development mnemonic `test test ... junk`);
- a node provider's API key in an RPC URL's path: Infura's `https://mainnet.infura.io/v3/KEY`,
  Alchemy's `https://eth-mainnet.g.alchemy.com/v2/KEY`, QuickNode's `.quiknode.pro/KEY`, Ankr's
  `rpc.ankr.com/eth/KEY`, GetBlock's, Blast's and Chainstack's (`p2pify.com/KEY`); a
  placeholder (`your-api-key`, `${ALCHEMY_KEY}`) or a key with no digit is kept;
- the same keys under the names that hold them by convention, with no key word in them:
  `ALCHEMY_ID=...` (connectkit's and wagmi's `alchemyId`), `INFURA_ID`, `INFURA_PROJECT_ID`
  (the path part of `infura.io/v3/ID`: the project's API key; SonarSource's secret rules
  S6719 and S6783 read both as keys), plural and prefixed ones too (`REACT_APP_INFURA_IDS`,
  `NEXT_PUBLIC_ALCHEMY_ID`), in an env file, a shell script, CI or code. Other `*_ID`s stay
  readable: WalletConnect's (Reown's) `WALLETCONNECT_PROJECT_ID` is a public identifier,
  shipped in every dapp's front end and restricted by an allow-list of origins, not a key.

Public material stays readable: a contract address (`0x` + 40 hex digits), a transaction or
block hash and a `bytes32` constant (`DOMAIN_SEPARATOR`, an EIP-1967 slot, `keccak256("...")`'s
value) where nothing names a private key, and ABI JSON.
"""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files

from repokb.secrets.keylines import KeyLines
from repokb.secrets.scan import is_placeholder, key_words, names_public_key

Span = tuple[int, int, str, bool]

# a key `0x`-prefixed, searched by its literal prefix (a pattern opening with a character class
# is tried at every character: 2.9 s over Django's texts against 0.07 s); one without the prefix
# is a quoted hex string detect-secrets' hex entropy plugin finds (`library`)
_HEX_0X = re.compile(r"0x[0-9a-fA-F]{62,64}(?![0-9A-Za-z_])")
# what stands right before a key on its line, each form ending at the value
_SIGNER_CALL = re.compile(
    r"(?:\bWallet|privateKeyToAccount|privateKeyToAddress|HDWalletProvider|fromPrivateKey|"
    r"SigningKey|from_key|privateKeyToPublic|\bvm\.(?:startBroadcast|broadcast|sign|addr|"
    r"rememberKey|createWallet)|wallet\.add|accounts\.add|LocalAccount|NonceManager|Signer)\s*\(\s*\[?\s*"
    r"(?:uint256\s*\(\s*)?[\"'`]?$")
_NAMED = re.compile(
    r"(?P<name>[A-Za-z_$][\w$]*)[\"']?\s*(?::\s*[A-Za-z_][\w<>\[\]| ]*?)?\s*"
    r"(?:=|:|=>|:=)\s*(?:\[\s*)?(?:[A-Za-z_][\w.]*\(\s*)?[\"'`]?$")
# on the key's line: a private key named, or a signer type it is parsed into (ethers-rs's
# `"0x...".parse::<LocalWallet>()`, alloy's `PrivateKeySigner`)
_PRIVATE_KEY_WORDS = re.compile(r"(?i:priv(?:ate)?[ _-]?key(?![A-Za-z0-9_])|mnemonic)|privateKey"
                                r"|LocalWallet|PrivateKeySigner")
_KEY_NAME_WORDS = frozenset({"key", "pk", "privkey", "privatekey", "secret", "signer", "wallet",
                             "mnemonic", "seed", "sk"})
_KEY_NAME_ANY = frozenset({"private", "priv", "secret", "mnemonic"})
# an account's role: 64 hex digits under it are its key (an account's own name is its 40-digit
# address), `deployer: 0x...`, `ALICE = 0x...`; not `DEPLOYER_TX`, `OWNER_SLOT`
_ACCOUNT_NAMES = frozenset({"deployer", "owner", "admin", "account", "signer", "minter",
                            "relayer", "operator", "sender", "user", "alice", "bob", "carol",
                            "funder", "faucet", "treasury", "guardian", "keeper", "executor"})
# a list opened under a key naming accounts or keys: every key inside it, over lines too
_LIST_NAME = re.compile(r"(?P<name>[A-Za-z_$][\w$]*)[\"']?\s*[:=]\s*$")
_LIST_REACH = 4000

# twelve or more lowercase words of 3 to 8 letters, opening a string, a value or a line: one
# pattern for each opener, each searched by its literal (one class of openers took 0.9 s over
# Django's texts, the six 0.4 s, at load 9; a line's indentation before the words 0.3 s more)
_WORD_RUNS = tuple(re.compile(opener + r"(?>[a-z]{3,8}(?:[ \t]+[a-z]{3,8}){11,})")
                   for opener in ('"', "'", "`", "=", ": ?", "\n"))
_WORD = re.compile(r"[a-z]+")
_MNEMONIC_WORDS = 12

_RPC_KEY = re.compile(
    r"(?:https?|wss?)://[\w.-]*?(?:infura\.io(?::\d+)?/(?:ws/)?v3/|"
    r"alchemy(?:api)?\.(?:com|io)/(?:nft/)?v[23]/|quiknode\.pro/|rpc\.ankr\.com/[\w-]+/|"
    r"getblock\.io/|blastapi\.io/|p2pify\.com/)(?P<value>[A-Za-z0-9_-]{16,128})")
# a provider's key under its conventional name, then `=`, `:` or `=>`, quoted or not
_PROVIDER_ID = re.compile(
    r"(?i:\b[\w]*?(?<!sql)(?:alchemy|infura)(?:_?project)?_?ids?)"  # not sqlalchemy_id
    r"[\"']?[ \t]*(?:=|:|=>)[ \t]*[\"'`]?"
    r"(?P<value>[A-Za-z0-9_-]{20,64})(?![\w.\-/$({])")
_RPC_ANCHORS = ("infura.io", "alchemy", "quiknode.pro", "rpc.ankr.com", "getblock.io",
                "blastapi.io", "p2pify.com")


@cache
def bip39_words() -> frozenset[str]:
    """The 2048 words of BIP-39's English list (rules/data/bip39_english.txt)."""
    text = files("repokb.rules").joinpath("data/bip39_english.txt").read_text("utf-8")
    return frozenset(text.split())


def find(text: str, keys: KeyLines) -> list[Span]:
    """Spans of Ethereum secrets in the forms above (see the module docstring)."""
    return _keys(text) + _mnemonics(text) + _rpc_keys(text, keys) + _provider_ids(text, keys)


def _names_a_key(name: str) -> bool:
    """`accounts` (Hardhat's), or a name whose last word is one of a key (`deployerKey`,
    `OWNER_PK`) or an account's role (`deployer`), or that says private or secret anywhere;
    not a public key."""
    if name.lower() == "accounts":
        return True
    words = key_words(name)
    if not words or names_public_key(words):
        return False
    return (words[-1] in _KEY_NAME_WORDS or words[-1] in _ACCOUNT_NAMES
            or any(w in _KEY_NAME_ANY for w in words))


def _keys(text: str) -> list[Span]:
    out: list[Span] = []
    for m in _HEX_0X.finditer(text):
        if m.start() and (text[m.start() - 1].isalnum() or text[m.start() - 1] in "_$"):
            continue  # the tail of a longer word or number
        line_start = text.rfind("\n", 0, m.start()) + 1
        before = text[line_start:m.start()]
        named = _NAMED.search(before)
        line_end = text.find("\n", m.end())
        line = text[line_start:line_end if line_end != -1 else len(text)]
        if (_SIGNER_CALL.search(before) or (named and _names_a_key(named.group("name")))
                or _PRIVATE_KEY_WORDS.search(line) or _in_key_list(text, m.start())):
            out.append((m.start(), m.end(), "ethereum_private_key", True))
    return out


def _in_key_list(text: str, at: int) -> bool:
    """Whether offset `at` lies inside a list opened under `accounts` or a key's name, over
    lines too (`accounts: [\n  "0x...",\n  "0x..."\n]`)."""
    opened = text.rfind("[", max(0, at - _LIST_REACH), at)
    if opened == -1 or text.find("]", opened, at) != -1:
        return False
    named = _LIST_NAME.search(text, max(0, opened - 200), opened)
    return bool(named and _names_a_key(named.group("name")))


def _mnemonics(text: str) -> list[Span]:
    out: list[Span] = []
    words = bip39_words()
    lines = "\n" + text  # the first line opens after a newline too
    for run in (m for pattern in _WORD_RUNS for m in pattern.finditer(lines)):
        stretch: list[re.Match[str]] = []
        for w in [*_WORD.finditer(run.group()), None]:
            if w is not None and w.group() in words:
                stretch.append(w)
                continue
            # not a placeholder of repeated words: Hardhat's and Anvil's public development
            # mnemonic "test test test ... junk" (random words seldom repeat)
            if (len(stretch) >= _MNEMONIC_WORDS
                    and len({w.group() for w in stretch}) * 2 > len(stretch)):
                start = run.start() - 1  # the "\n" put before the text
                out.append((start + stretch[0].start(), start + stretch[-1].end(),
                            "bip39_mnemonic", True))
            stretch = []
    return out


def _rpc_keys(text: str, keys: KeyLines) -> list[Span]:
    """A key in an RPC URL, on the lines holding a provider's host (an URL spans no line)."""
    out: list[Span] = []
    for start, end in keys.lines(_RPC_ANCHORS):
        for m in _RPC_KEY.finditer(text, start, end):
            value = m.group("value")
            if any(c.isdigit() for c in value) and not is_placeholder(value):
                out.append((m.start("value"), m.end("value"), "rpc_api_key", True))
    return out


def _provider_ids(text: str, keys: KeyLines) -> list[Span]:
    """A node provider's key under its conventional name (`ALCHEMY_ID=...`, `infuraId: "..."`),
    on the lines naming the provider; a placeholder or a value with no digit is kept."""
    out: list[Span] = []
    for start, end in keys.lines(("alchemy", "infura")):
        for m in _PROVIDER_ID.finditer(text, start, end):
            value = m.group("value")
            if (any(c.isdigit() for c in value) and any(c.isalpha() for c in value)
                    and not is_placeholder(value)):
                out.append((m.start("value"), m.end("value"), "rpc_api_key", True))
    return out
