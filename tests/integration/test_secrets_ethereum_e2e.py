"""A Hardhat + Truffle + Foundry project indexed for real (ONNX model, Qdrant Edge): its private
keys (Hardhat's `accounts`, ethers' `new Wallet(..)`, a Foundry script's `uint256 deployerKey =
0x...;`), BIP-39 mnemonics and node providers' keys in RPC URLs in no byte under REPOKB_HOME,
in `index --json`, a search or `explain --json`. Before, a `0x` key in `accounts` and in
`new Wallet(..)`, the mnemonics and the Infura and Alchemy keys were stored and shown. The
contract's address and its role id stay readable."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from ..conftest import answered, assert_never_stored, write

pytestmark = pytest.mark.integration


def _hex(seed: str, n: int = 64) -> str:  # FAKE values, made at run time
    return hashlib.sha256(seed.encode()).hexdigest()[:n]


VALUES = {
    "accounts": _hex("accounts"),
    "wallet": _hex("wallet"),
    "solidity": _hex("solidity"),
    "mnemonic": " ".join(("exhibit stable wrist orbit chalk planet",
                          "rescue velvet hollow cousin ladder spike")),
    "truffle": " ".join(("pledge tribe absorb fiber dragon cactus",
                         "width enroll velvet jungle hammer oyster")),
    "infura": _hex("infura", 32),
    "alchemy": "".join(("JdObOIRpFq", "aDZeV7G5If", "QHeVVEqZe2qp")),
}
ADDRESS = "0x742d35Cc6634C0532925a3b844Bc454e4438f44e"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "token"
    v = VALUES
    write(root, "hardhat.config.js",
          'require("@nomicfoundation/hardhat-toolbox");\n\n'
          f'const INFURA_URL = "https://mainnet.infura.io/v3/{v["infura"]}";\n\n'
          "module.exports = {\n  solidity: \"0.8.24\",\n  networks: {\n"
          f'    mainnet: {{ url: INFURA_URL, accounts: ["0x{v["accounts"]}"] }},\n'
          f'    sepolia: {{\n      url: "https://eth-sepolia.g.alchemy.com/v2/{v["alchemy"]}",\n'
          f'      accounts: {{ mnemonic: "{v["mnemonic"]}" }},\n    }},\n  }},\n}};\n')
    write(root, "scripts/deploy.js",
          'const { ethers } = require("hardhat");\n\nasync function main() {\n'
          f'  const wallet = new ethers.Wallet("0x{v["wallet"]}", ethers.provider);\n'
          '  const token = await ethers.deployContract("Token", [], wallet);\n'
          '  console.log("deployed", await token.getAddress());\n}\n\nmain();\n')
    write(root, "truffle-config.js",
          'const HDWalletProvider = require("@truffle/hdwallet-provider");\n'
          f'const mnemonic = "{v["truffle"]}";\n\n'
          "module.exports = {\n  networks: {\n    goerli: {\n"
          '      provider: () => new HDWalletProvider(mnemonic, process.env.RPC_URL),\n'
          "      network_id: 5,\n    },\n  },\n};\n")
    write(root, "foundry.toml",
          '[profile.default]\nsrc = "src"\nout = "out"\nlibs = ["lib"]\n\n[rpc_endpoints]\n'
          f'sepolia = "https://eth-sepolia.g.alchemy.com/v2/{v["alchemy"]}"\n')
    write(root, "script/Deploy.s.sol",
          "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\n\n"
          'import {Script} from "forge-std/Script.sol";\n\n'
          "/// @notice Deploys the token from a local key.\ncontract DeployLocal is Script {\n"
          f"    uint256 deployerKey = 0x{v['solidity']};\n\n"
          "    function run() external {\n        vm.startBroadcast(deployerKey);\n"
          "        vm.stopBroadcast();\n    }\n}\n")
    write(root, "src/Token.sol",
          "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\n\n"
          "/// @notice A token whose treasury is fixed.\ncontract Token {\n"
          f"    address public constant TREASURY = {ADDRESS};\n"
          '    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");\n\n'
          "    /// @notice The treasury's address.\n"
          "    function treasury() external pure returns (address) {\n"
          "        return TREASURY;\n    }\n}\n")
    return root


def test_ethereum_keys_mnemonics_and_rpc_keys_never_reach_the_home_or_an_answer(home, project):
    assert_never_stored(home, project, VALUES.values(), (
        "deployer private key", "hardhat networks accounts", "truffle mnemonic",
        "alchemy rpc url", "foundry deploy script"), files=6)
    content = answered("treasury address of the token", "--path", "src/Token.sol")
    assert ADDRESS in content
    assert 'keccak256("MINTER_ROLE")' in content
