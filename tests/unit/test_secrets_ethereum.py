"""The secrets of Ethereum projects (Hardhat, Truffle, Foundry, ethers, viem), as they write them.

Found on a planted Hardhat + Foundry project indexed for real: a private key `0x`-prefixed in
Hardhat's `accounts: ["0x..."]` and in ethers' `new Wallet("0x...")`, a BIP-39 mnemonic under
`mnemonic:` and in `const mnemonic = "..."`, Infura's and Alchemy's API keys in RPC URLs
(`https://mainnet.infura.io/v3/KEY`, `https://eth-sepolia.g.alchemy.com/v2/KEY`) reached the
store and the search answers; `privateKey = "..."` and `PRIVATE_KEY=` were redacted already.
Public material stays readable: contract addresses, transaction and block hashes, `bytes32`
constants, `keccak256` role ids, ABI JSON.
"""

from __future__ import annotations

import pytest

from repokb.secrets import find_all, mode_for, redact

from ..conftest import assert_redacted

# FAKE values, random hex and letters; the mnemonic's words are BIP-39's but chosen by hand
_K = "9f2c4e71a0b83d56e1f4a7c29b0d3e85f6a1c47e2b9d0f3a58c6e17b4d2a09f3"
_K2 = "3b7e0a94c1d6f28e5a0b7c3d9e1f4a26b8c0d5e7f9a1b3c5d7e9f0a2b4c6d8e0"
_WORDS = "exhibit stable wrist orbit chalk planet rescue velvet hollow cousin ladder spike"
_WORDS24 = ("glimpse margin ozone tattoo rabbit unfold wagon clever nominee bracket sunset pilot "
            "gaze fossil olive dinner trumpet artwork cradle meadow ribbon jungle harvest quote")
_INFURA = "2824c1c099724caf4941d4072014b3ce"
_ALCHEMY = "JdObOIRpFqaDZeV7G5IfQHeVVEqZe2qp"


@pytest.mark.parametrize(("text", "language", "value"), [
    # Hardhat's accounts, on one line and over lines
    (f'module.exports = {{ networks: {{ mainnet: {{ accounts: ["0x{_K}"] }} }} }};',
     "javascript", _K),
    (f'    accounts: [\n      "0x{_K2}",\n      "0x{_K}",\n    ],', "javascript", _K),
    (f'    accounts: [\n      "0x{_K2}",\n      "0x{_K}",\n    ],', "typescript", _K2),
    # a signer built from a key: ethers, viem, web3, eth-account, truffle
    (f'const wallet = new ethers.Wallet("0x{_K}", provider);', "javascript", _K),
    (f'const account = privateKeyToAccount("0x{_K}");', "typescript", _K),
    (f'acct = Account.from_key("0x{_K}")', "python", _K),
    (f'provider: () => new HDWalletProvider(["0x{_K}"], url),', "javascript", _K),
    (f'dev = accounts.add("0x{_K}")', "python", _K),
    # an account's role given 64 hex digits: its key (its own name is a 40-digit address)
    (f"deployer: 0x{_K}\n", "text", _K),
    (f"    uint256 constant ALICE = 0x{_K};", "solidity", _K),
    (f'  "owner": "0x{_K}",', "json", _K),
    # Foundry: a Solidity number under a key's name, cheat codes given a key, envOr's default
    (f"    uint256 deployerKey = 0x{_K};", "solidity", _K),
    (f"    uint256 internal constant OWNER_PK = 0x{_K};", "solidity", _K),
    (f"        vm.startBroadcast(0x{_K});", "solidity", _K),
    (f"        (uint8 v, bytes32 r, bytes32 s) = vm.sign(0x{_K}, digest);", "solidity", _K),
    (f'    uint256 pk = vm.envOr("PRIVATE_KEY", uint256(0x{_K}));', "solidity", _K),
    (f"# deployer private key: 0x{_K}", "markdown", _K),
    (f"    Vm.Wallet memory w = vm.createWallet(0x{_K});", "solidity", _K),
    (f"cast send --private-key 0x{_K} $TOKEN 'mint()'", "shell", _K),
    (f'let w = "0x{_K}".parse::<LocalWallet>()?;', "rust", _K),
    # BIP-39 mnemonics: Hardhat's accounts.mnemonic, truffle's const, a .env, ethers, YAML
    (f'      accounts: {{\n        mnemonic: "{_WORDS}",\n      }},', "javascript", _WORDS),
    (f'const mnemonic = "{_WORDS}";', "javascript", _WORDS),
    (f'MNEMONIC="{_WORDS24}"\n', "dotenv", _WORDS24),
    (f"MNEMONIC={_WORDS24}\n", "dotenv", _WORDS24),
    (f"const w = ethers.Wallet.fromPhrase('{_WORDS}');", "javascript", _WORDS),
    (f"wallet:\n  seed: {_WORDS}\n", "yaml", _WORDS),
    (f"Recovery phrase:\n\n{_WORDS}\n", "markdown", _WORDS),
    (f'string constant MNEMONIC = "{_WORDS}";', "solidity", _WORDS),
    # node providers' keys in RPC URLs
    (f'const INFURA_URL = "https://mainnet.infura.io/v3/{_INFURA}";', "javascript", _INFURA),
    (f'url: "https://eth-sepolia.g.alchemy.com/v2/{_ALCHEMY}",', "javascript", _ALCHEMY),
    (f'sepolia = "https://eth-sepolia.g.alchemy.com/v2/{_ALCHEMY}"', "toml", _ALCHEMY),
    (f"RPC=wss://mainnet.infura.io/ws/v3/{_INFURA}\n", "dotenv", _INFURA),
    (f'rpc = "https://eth-mainnet.alchemyapi.io/v2/{_ALCHEMY}"', "python", _ALCHEMY),
    (f'url = "https://rpc.ankr.com/eth/{_K}"', "toml", _K),
    (f"provider = Web3.HTTPProvider('https://solemn-ice.quiknode.pro/{_INFURA}/')", "python",
     _INFURA),
])
def test_ethereum_secrets_are_redacted(text: str, language: str, value: str) -> None:
    assert_redacted(text, mode_for(language), language, value)


@pytest.mark.parametrize(("text", "language"), [
    # addresses, transaction and block hashes, bytes32 constants, role ids: public
    ("address public constant TREASURY = 0x742d35Cc6634C0532925a3b844Bc454e4438f44e;",
     "solidity"),
    ("bytes32 internal constant _IMPLEMENTATION_SLOT = "
     "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;", "solidity"),
    ('bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");', "solidity"),
    ("bytes32 private constant TYPE_HASH =\n"
     "    0x8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f;", "solidity"),
    ("bytes32 keyHash = 0x474e34a077df58807dbe9c96d3c009b23b3c6d0cce433e59bbf5b34f823bc56c;",
     "solidity"),
    ("bytes32 internal constant ADMIN_SLOT = "
     "0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103;", "solidity"),
    ('  "deployTransaction": '
     '"0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",', "json"),
    ('  "transactionHash": "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",\n'
     '  "blockHash": "0x2bd6c5c0e2ea5d1fee73de8c0d6a2a1ef2b1b0d6f1c5f1b7e0c43b84e4fc7c44",',
     "json"),
    ("Deployed in tx 0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060.",
     "markdown"),
    ('expect(receipt.hash).to.equal('
     '"0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060");', "javascript"),
    ('[{"inputs":[{"internalType":"uint256","name":"amount","type":"uint256"}],'
     '"name":"mint","outputs":[],"stateMutability":"nonpayable","type":"function"}]', "json"),
    # placeholders and variables in RPC URLs, an Infura URL with no key
    ('url: "https://eth-mainnet.g.alchemy.com/v2/your-api-key",', "javascript"),
    ("url: `https://mainnet.infura.io/v3/${process.env.INFURA_ID}`,", "javascript"),
    ('url: "https://eth-mainnet.g.alchemy.com/v2/" + process.env.ALCHEMY_KEY,', "javascript"),
    ("https://ipfs.infura.io:5001/api/v0/add", "markdown"),
    # prose and lists of words that are no mnemonic
    ("we want the spike ladder cousin hollow velvet rescue planet chalk orbit wrist stable",
     "markdown"),
    ('STOPWORDS = "able about above across after again against all almost alone along also"',
     "python"),
    # Hardhat's and Anvil's public development mnemonic (hardhat 2.22.0's default-config.ts)
    ('export const HARDHAT_NETWORK_MNEMONIC =\n'
     '  "test test test test test test test test test test test junk";', "typescript"),
])
def test_public_ethereum_material_is_kept(text: str, language: str) -> None:
    found = find_all(text, mode_for(language), language)
    assert not found, [(f.detector, text[f.start:f.end]) for f in found]
    assert redact(text, mode_for(language), language).text == text
