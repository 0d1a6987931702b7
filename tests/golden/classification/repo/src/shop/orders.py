"""Order handling for the shop."""

import os


def place_order(customer_id: int, items: list[str]) -> dict[str, object]:
    """Create an order for a customer and return its summary."""
    password = os.environ["SHOP_DB_PASSWORD"]  # read at run time, never stored here
    return {"customer": customer_id, "items": items, "db_auth": bool(password)}
