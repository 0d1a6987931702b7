import 'package:flutter/foundation.dart';

import 'models/product.dart';

/// One line of a cart: a product and how many of it.
@immutable
class CartLine {
  const CartLine(this.product, this.quantity);

  /// A line read back from the JSON [toJson] wrote.
  factory CartLine.fromJson(Map<String, dynamic> json) =>
      CartLine(Product.fromJson(json['product'] as Map<String, dynamic>), json['quantity'] as int);

  final Product product;
  final int quantity;

  /// The line's price in cents.
  int get totalCents => product.priceCents * quantity;

  CartLine operator +(int more) => CartLine(product, quantity + more);

  Map<String, dynamic> toJson() => {'product': product.toJson(), 'quantity': quantity};
}

/// The shopping cart the app's screens watch: lines by product id, the coupon, the totals.
class Cart extends ChangeNotifier with Loggable {
  Cart({this.vatRate = 0.2});

  final double vatRate;
  final Map<String, CartLine> _lines = {};
  Coupon? _coupon;

  @override
  String get logTag => 'cart';

  /// Every line, in the order the products were added.
  List<CartLine> get lines => List.unmodifiable(_lines.values);

  /// Adds [product], or one more of it when it is in the cart already.
  void add(Product product) {
    final line = _lines[product.id];
    _lines[product.id] = line == null ? CartLine(product, 1) : line + 1;
    log('added ${product.id}');
    notifyListeners();
  }

  /// Removes every unit of the product with [id]; nothing when it is not in the cart.
  void remove(String id) {
    if (_lines.remove(id) != null) {
      log('removed $id');
      notifyListeners();
    }
  }

  /// Applies [code] when it names a coupon; returns whether it did.
  bool applyCoupon(String code) {
    final coupon = Coupon.values.where((c) => c.name == code.toLowerCase()).firstOrNull;
    if (coupon == null) {
      return false;
    }
    _coupon = coupon;
    notifyListeners();
    return true;
  }

  /// The net total in cents: the lines' totals, before VAT and coupon.
  int get netCents => _lines.values.fold<int>(0, (sum, line) => sum + line.totalCents);

  /// The total in cents, VAT included, after the coupon's discount.
  int totalCents() {
    final net = netCents;
    final discounted = _coupon == null ? net : _coupon!.apply(net);
    return (discounted * (1 + vatRate)).round();
  }

  /// Empties the cart and forgets the coupon.
  void clear() {
    _lines.clear();
    _coupon = null;
    notifyListeners();
  }
}

/// A discount code: a share off the net total.
enum Coupon {
  spring(0.1),
  welcome(0.15);

  const Coupon(this.share);

  final double share;

  int apply(int cents) => (cents * (1 - share)).round();
}

/// Money helpers on plain integers of cents.
extension CentsFormatting on int {
  /// `1234.asEuros` is `12.34 €`.
  String get asEuros => '${(this / 100).toStringAsFixed(2)} €';
}

/// Something that writes tagged lines to the debug console.
mixin Loggable {
  String get logTag;

  void log(String message) => debugPrint('[$logTag] $message');
}

typedef CartListener = void Function(Cart cart);

/// The VAT rate of [country], 20% where it is not known.
double vatRateOf(String country) => const {'DE': 0.19, 'FR': 0.2, 'LU': 0.17}[country] ?? 0.2;

void main() {
  group('Cart', () {
    test('adds a product twice as one line', () {
      final cart = Cart()..add(tea)..add(tea);
      expect(cart.lines.single.quantity, 2);
    });
  });

  testWidgets('the cart screen shows a line per product', (tester) async {
    await tester.pumpWidget(const ShopApp());
    expect(find.byType(ListTile), findsNothing);
  });
}
