// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @dev A price in cents, never negative.
type Cents is uint128;

/// @notice Raised when an order has no lines.
error EmptyOrder(uint256 orderId);

/// @notice The total of a list of prices, in cents.
function sum(uint256[] memory prices) pure returns (uint256 total) {
    for (uint256 i = 0; i < prices.length; i++) {
        total += prices[i];
    }
}

/// @title Checkout for a small shop
/// @notice Takes payment for orders in an ERC-20 token and records who paid.
interface IShop {
    /// @notice Emitted when an order is paid.
    event OrderPaid(uint256 indexed orderId, address indexed buyer, uint256 cents);

    /// @notice Pays for order `orderId`.
    function pay(uint256 orderId) external;
}

/**
 * @title Prices
 * @dev Rounding helpers for prices in cents.
 */
library Prices {
    /// @notice Rounds `cents` up to a whole unit of `step` cents.
    function roundUp(uint256 cents, uint256 step) internal pure returns (uint256) {
        return ((cents + step - 1) / step) * step;
    }
}

/// @title The shop's checkout
contract Shop is IShop {
    using Prices for uint256;

    bytes32 public constant CASHIER_ROLE = keccak256("CASHIER_ROLE");
    IERC20 public immutable token;
    address public owner;

    /// @notice What an order holds.
    struct Order {
        address buyer;
        uint256[] prices;
        Status status;
    }

    enum Status { Open, Paid, Refunded }

    mapping(uint256 => Order) private _orders;

    /// @notice Raised when the caller is not the owner.
    error NotOwner(address caller);

    /// @dev Only the owner may call.
    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        _;
    }

    constructor(IERC20 token_) {
        token = token_;
        owner = msg.sender;
    }

    /**
     * @notice Pays for order `orderId` with the token, rounded up to whole cents.
     * @dev Reverts with {EmptyOrder} when the order has no lines.
     */
    function pay(uint256 orderId) external override {
        Order storage order = _orders[orderId];
        if (order.prices.length == 0) revert EmptyOrder(orderId);
        uint256 cents = sum(order.prices).roundUp(1);
        token.transferFrom(msg.sender, address(this), cents);
        order.status = Status.Paid;
        emit OrderPaid(orderId, msg.sender, cents);
    }

    /// @notice Refunds a paid order to its buyer.
    function refund(uint256 orderId) external onlyOwner {
        Order storage order = _orders[orderId];
        order.status = Status.Refunded;
        token.transfer(order.buyer, sum(order.prices));
    }

    receive() external payable {}
}
