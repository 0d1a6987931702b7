"""A Solidity project (Hardhat, Foundry, Truffle) read as its developers expect.

A pass over a Hardhat + Foundry tree and OpenZeppelin Contracts 5.0.2's npm package (which
ships its `.sol` sources) found every `.sol` file unknown, excluded: not one contract indexed.
Hardhat's `artifacts/` and `cache/`, Foundry's `out/` (ABI and bytecode JSON, the compiler's
whole input in `build-info/`) were indexed as the project's configuration, Foundry's
`lib/openzeppelin-contracts` (a `forge install` clone) as its own code, TypeChain's
`typechain-types/index.ts` as source and `remappings.txt` as documentation. Uniswap v3-core
1.0.1's npm package ships `artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json`.
"""

from __future__ import annotations

import pytest

from repokb.chunkers import chunker_for
from repokb.models import Kind, Policy

from ..conftest import assert_classified, classify_file, write
from .test_discover import walk

COUNTER = """\
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @notice A counter.
contract Counter {
    uint256 public number;

    function setNumber(uint256 newNumber) public {
        number = newNumber;
    }
}
"""


@pytest.mark.parametrize(
    ("rel", "kind", "subkind", "language", "policy"),
    [
        ("contracts/Token.sol", Kind.SOURCE, "solidity_source", "solidity",
         Policy.PARSE_AND_INDEX),
        ("src/Counter.sol", Kind.SOURCE, "solidity_source", "solidity", Policy.PARSE_AND_INDEX),
        ("script/Counter.s.sol", Kind.SOURCE, "solidity_source", "solidity",
         Policy.PARSE_AND_INDEX),
        ("test/Counter.t.sol", Kind.TEST, "solidity_test", "solidity", Policy.PARSE_AND_INDEX),
        # Foundry runs `*.t.sol` wherever it lies
        ("src/invariants/Counter.t.sol", Kind.TEST, "solidity_test", "solidity",
         Policy.PARSE_AND_INDEX),
        ("remappings.txt", Kind.CONFIGURATION, "ini_config", "ini", Policy.INDEX_TEXT),
        ("typechain-types/index.ts", Kind.GENERATED, "generated_code", "typescript",
         Policy.METADATA_ONLY),
    ],
)
def test_solidity_project_files_are_classified(tmp_path, rel, kind, subkind, language,
                                               policy) -> None:
    content = ("@openzeppelin/=lib/openzeppelin-contracts/\n" if rel.endswith(".txt")
               else 'export type { Token } from "./contracts/Token";\n' if rel.endswith(".ts")
               else COUNTER)
    assert_classified(tmp_path, rel, content,
                      kind=kind, subkind=subkind, language=language, index_policy=policy)


KEYSTORE = (
    '{"address":"742d35cc6634c0532925a3b844bc454e4438f44e","crypto":{"cipher":"aes-128-ctr",'
    '"ciphertext":"0f8e2d9c1b7a6e5f4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e",'
    '"cipherparams":{"iv":"6087dab2f9fdbbfaddc31a909735c1e6"},"kdf":"scrypt","kdfparams":'
    '{"dklen":32,"n":262144,"p":1,"r":8,"salt":"ae3cd4e7013836a3df6bd7241b12db06"},'
    '"mac":"517ead924a9d0dc3124507e3393d175ce3ff7c1e96529c6c555ce9e51205e9b2"},'
    '"id":"3198bc9c-6672-5ab3-d995-4942343ae5b6","version":3}\n')


@pytest.mark.parametrize("rel", ["keystore/deployer.json",
                                 "keystore/UTC--2024-01-01T00-00-00.000Z--742d35cc6634c05"])
def test_an_ethereum_keystore_is_blocked(tmp_path, rel) -> None:
    """An encrypted key (geth's keystore, `cast wallet import`, ethers' `wallet.encrypt()`):
    its ciphertext with the password is the key. It was indexed as JSON configuration."""
    c = classify_file(tmp_path, rel, KEYSTORE)
    assert (c.kind, c.index_policy) == (Kind.SECRET_CANDIDATE, Policy.BLOCK), c.reasons


def test_hardhat_and_foundry_output_and_foundry_dependencies_are_not_walked(tmp_path) -> None:
    abi = '{"contractName": "Token", "abi": [], "bytecode": "0x6080"}\n'
    write(tmp_path, "p/contracts/Token.sol", COUNTER)
    write(tmp_path, "p/src/Counter.sol", COUNTER)
    write(tmp_path, "p/artifacts/build-info/4f1c.json", '{"input": {"language": "Solidity"}}\n')
    write(tmp_path, "p/artifacts/contracts/Token.sol/Token.json", abi)
    write(tmp_path, "p/cache/solidity-files-cache.json", '{"_format": "hh-sol-cache-2"}\n')
    write(tmp_path, "p/out/build-info/4f1c.json", '{"input": {"language": "Solidity"}}\n')
    write(tmp_path, "p/out/Counter.sol/Counter.json", abi)
    write(tmp_path, "p/lib/forge-std/src/Test.sol", COUNTER)
    write(tmp_path, "p/lib/openzeppelin-contracts/contracts/token/ERC20/ERC20.sol", COUNTER)
    # an npm package's compiled contracts (Uniswap v3-core ships them), no build-info beside
    write(tmp_path, "p/pkg/artifacts/contracts/Pool.sol/Pool.json", abi)
    # Foundry's script logs, hardhat-deploy's copies of the compiler input; its deployment
    # records (address, ABI) are the project's
    write(tmp_path, "p/broadcast/Deploy.s.sol/1/run-latest.json", '{"transactions": []}\n')
    write(tmp_path, "p/deployments/mainnet/solcInputs/4f1c.json", '{"language": "Solidity"}\n')
    write(tmp_path, "p/deployments/mainnet/Token.json", '{"address": "0x742d35Cc"}\n')
    # a folder named like the output that holds none is the project's own
    write(tmp_path, "p/src/cache/LruCache.sol", COUNTER)
    files, skipped = walk(tmp_path / "p")
    assert set(files) == {"contracts/Token.sol", "src/Counter.sol", "src/cache/LruCache.sol",
                          "deployments/mainnet/Token.json"}
    assert set(skipped) == {"artifacts", "cache", "out", "lib", "pkg/artifacts/contracts/Pool.sol",
                            "broadcast/Deploy.s.sol", "deployments/mainnet/solcInputs"}


SHOP = """\
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @notice Raised when an order has no lines.
error EmptyOrder(uint256 orderId);

/**
 * @title A token
 * @dev Balances and transfers.
 */
contract ERC20 {
    mapping(address => uint256) private _balances;
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    /// @notice Emitted when `value` tokens move from `from` to `to`.
    event Transfer(address indexed from, address indexed to, uint256 value);

    /// @notice Raised when `sender` holds less than `needed`.
    error InsufficientBalance(address sender, uint256 balance, uint256 needed);

    /// @dev Only an account holding the minter role.
    modifier onlyMinter() {
        require(msg.sender != address(0), "no minter");
        _;
    }

    /**
     * @notice Moves `value` tokens from the caller's account to `to`.
     * @return Whether the transfer succeeded.
     */
    function transfer(address to, uint256 value) public returns (bool) {
        uint256 balance = _balances[msg.sender];
        if (balance < value) revert InsufficientBalance(msg.sender, balance, value);
        _balances[msg.sender] = balance - value;
        _balances[to] += value;
        emit Transfer(msg.sender, to, value);
        return true;
    }

    /// @notice Creates `value` tokens for `to`, padding this contract past the split size.
    function mint(address to, uint256 value) external onlyMinter {
        _balances[to] += value;
        emit Transfer(address(0), to, value);
        // one more line, and another, so that the contract is cut per member as big ones are
        // are: the members of a contract under 1,500 characters stay in one piece with it
    }

    /// @notice The balance of `account`, in the token's smallest unit, as ERC-20 says.
    function balanceOf(address account) external view returns (uint256) {
        return _balances[account];
    }
}
"""


def test_solidity_members_are_named_after_their_contract_with_their_natspec() -> None:
    pieces = chunker_for("solidity").chunk(SHOP)
    by_name = {p.symbol: p for p in pieces if p.symbol}
    assert by_name["EmptyOrder"].symbol_type == "error"
    assert by_name["ERC20.transfer"].symbol_type == "method"
    assert "@notice Moves `value` tokens" in by_name["ERC20.transfer"].content
    assert by_name["ERC20.Transfer"].symbol_type == "event"
    assert "@notice Emitted when" in by_name["ERC20.Transfer"].content
    assert by_name["ERC20.InsufficientBalance"].symbol_type == "error"
    assert by_name["ERC20.onlyMinter"].symbol_type == "modifier"
    assert by_name["ERC20.MINTER_ROLE"].symbol_type == "const"
    assert by_name["ERC20"].symbol_type == "contract"
    assert "@title A token" in by_name["ERC20"].content
    # nothing lost: every line that is not blank is in a piece
    covered = {n for p in pieces for n in range(p.start_line, p.end_line + 1)}
    assert covered >= {n for n, line in enumerate(SHOP.splitlines(), 1) if line.strip()}
