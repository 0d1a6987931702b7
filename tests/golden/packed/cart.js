function addToCart(cart, product, quantity) {
  const line = cart.lines.find((l) => l.sku === product.sku);
  if (line) line.quantity += quantity; else cart.lines.push({ sku: product.sku, quantity, price: product.price });
}
function cartTotal(cart) {
  return cart.lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
}
function applyCoupon(cart, coupon) {
  if (coupon.expires < Date.now()) throw new Error("coupon expired");
  cart.discount = Math.min(cart.discount + coupon.percent, 50);
}
module.exports = { addToCart, cartTotal, applyCoupon };
