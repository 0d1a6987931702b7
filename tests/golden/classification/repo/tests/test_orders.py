from shop.orders import place_order


def test_place_order_returns_items(monkeypatch):
    monkeypatch.setenv("SHOP_DB_PASSWORD", "unused")
    assert place_order(1, ["book"])["items"] == ["book"]
