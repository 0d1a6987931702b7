"""Order fulfilment: reserve stock, charge the customer, ship the parcel."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from decimal import Decimal

log = logging.getLogger(__name__)

MAX_ITEMS_PER_ORDER = 50


@dataclass(frozen=True)
class OrderLine:
    """One product and how many of it were ordered."""

    sku: str
    quantity: int
    unit_price: Decimal


# Shipping is free above this order value, in euros.
FREE_SHIPPING_THRESHOLD = Decimal("50.00")


def shipping_cost(total: Decimal, country: str) -> Decimal:
    """Flat shipping rate per country; free above the threshold."""
    if total >= FREE_SHIPPING_THRESHOLD:
        return Decimal("0")
    return Decimal("4.90") if country == "DE" else Decimal("9.90")


class Fulfilment:
    """Takes a paid order through stock reservation, payment capture and shipping.

    Each step is idempotent, so a crashed worker can simply run the order again.
    """

    def __init__(self, stock, payments, carrier) -> None:
        self.stock = stock
        self.payments = payments
        self.carrier = carrier

    def reserve(self, order_id: str, lines: list[OrderLine]) -> bool:
        """Reserve every line of the order, or nothing at all when one line is short."""
        reserved = []
        for line in lines:
            if not self.stock.take(line.sku, line.quantity, reference=order_id):
                for done in reserved:
                    self.stock.put_back(done.sku, done.quantity, reference=order_id)
                log.info("order %s: %s is out of stock", order_id, line.sku)
                return False
            reserved.append(line)
        return True

    def capture_payment(self, order_id: str, lines: list[OrderLine], country: str) -> str:
        """Capture the authorised payment for the goods and the shipping cost."""
        goods = sum((line.unit_price * line.quantity for line in lines), Decimal("0"))
        amount = goods + shipping_cost(goods, country)
        receipt = self.payments.capture(order_id, amount)
        log.info("order %s: captured %s", order_id, amount)
        return receipt

    def ship(self, order_id: str, address: dict[str, str]) -> str:
        """Book a parcel with the carrier and return its tracking number."""
        label = self.carrier.book(reference=order_id, address=address)
        log.info("order %s: shipped as %s", order_id, label.tracking_number)
        return label.tracking_number

    def run(self, order_id: str, lines: list[OrderLine], address: dict[str, str]) -> str | None:
        """All steps in order; None when the order cannot be fulfilled right now."""
        if len(lines) > MAX_ITEMS_PER_ORDER:
            raise ValueError(f"order {order_id} has more than {MAX_ITEMS_PER_ORDER} lines")
        if not self.reserve(order_id, lines):
            return None
        self.capture_payment(order_id, lines, address.get("country", "DE"))
        return self.ship(order_id, address)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    print(shipping_cost(Decimal("12.00"), "FR"))
