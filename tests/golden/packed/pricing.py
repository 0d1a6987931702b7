def net_price(gross: float, vat_rate: float) -> float:
    """Price without value added tax."""
    return round(gross / (1 + vat_rate), 2)
def bulk_discount(quantity: int, unit_price: float) -> float:
    """Ten percent off from a hundred units on."""
    return unit_price * quantity * (0.9 if quantity >= 100 else 1.0)
def round_to_nickel(amount: float) -> float:
    """Cash rounding to the nearest five cents."""
    return round(amount * 20) / 20
