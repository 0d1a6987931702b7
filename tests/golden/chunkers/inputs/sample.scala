package shop.core

import java.time.Instant
import scala.concurrent.Future

/** The state an order moves through, from the basket to the customer's door. */
enum OrderStatus:
  case Pending, Paid, Shipped, Delivered
  case Cancelled(reason: String)

/** One line of an order: a product, how many and the unit price in cents. */
final case class LineItem(sku: String, quantity: Int, unitPriceCents: Long):
  /** Price of the line: quantity times the unit price. */
  def totalCents: Long = quantity * unitPriceCents

/** A rule that lowers the price of an order. */
trait Discount {
  /** The discount in cents for this order; zero when it does not apply. */
  def amountCents(order: Order): Long
}

/** Prices orders: discounts, VAT, shipping and rounding.
  *
  * Every amount is in cents; VAT is kept in per mille so no Double is ever involved.
  */
object Pricing:
  /** VAT rate applied to every order, in per mille. */
  val VatPerMille: Int = 190

  /** Free shipping from this subtotal on, in cents (fifty francs). */
  final val FreeShippingFromCents = 5000L

  /** Orders sort by the time they were placed, oldest first. */
  given Ordering[Order] = Ordering.by(_.placedAt)

  // Shipping is a flat rate below the threshold; heavy parcels pay the same.
  def shippingCents(order: Order): Long =
    if order.subtotalCents >= FreeShippingFromCents then 0L else 495L

  /** Total price to charge: the subtotal minus the best discount, plus VAT and shipping.
    *
    * @param discounts the discounts the customer may use; only the best one is applied
    */
  def totalCents(order: Order, discounts: Seq[Discount]): Long =
    val best = if discounts.isEmpty then 0L else discounts.map(_.amountCents(order)).max
    val net  = order.subtotalCents - best
    net + net * VatPerMille / 1000 + shippingCents(order)

  /** Rounds a price in cents to the nearest five cents, as Swiss francs are paid in cash. */
  def roundToFiveCents(cents: Long): Long = ((cents + 2) / 5) * 5

  extension (o: Order)
    /** The order's total with no discount, rounded for payment in cash at the counter. */
    def cashTotalCents: Long = roundToFiveCents(totalCents(o, Nil))

  /** How many orders were priced since the service started, for the metrics page. */
  var pricedOrders: Long = 0L

/** Shared helpers of the shop's core. */
package object money {
  /** Formats cents as a decimal amount with two digits, `1234` as `12.34`. */
  def formatCents(c: Long): String = f"${c / 100}%d.${c % 100}%02d"
}

class PricingSpec extends AnyFlatSpec with Matchers {
  private val order = Order.open(1, 7, Instant.EPOCH).addLine(LineItem("A", 10, 1000))

  "Pricing" should "ship orders of fifty francs and more for free" in {
    Pricing.shippingCents(order) shouldBe 0L
    Pricing.shippingCents(order.copy(items = Nil)) shouldBe 495L
  }

  it should "apply only the best of several discounts to the subtotal" in {
    val small = new PercentageDiscount(5, 10000)
    val large = new PercentageDiscount(20, 10000)
    Pricing.totalCents(order, Seq(small, large)) shouldBe 9520L
  }

  it should "round cash payments to the nearest five cents, up from the middle" in {
    Pricing.roundToFiveCents(1233) shouldBe 1235L
    Pricing.roundToFiveCents(1232) shouldBe 1230L
  }
}

class PricingSuite extends munit.FunSuite {
  private val order = Order.open(1, 7, Instant.EPOCH).addLine(LineItem("A", 10, 1000))

  test("a percentage discount is capped at its maximum amount") {
    assertEquals(new PercentageDiscount(50, 1000).amountCents(order), 1000L)
    assertEquals(new PercentageDiscount(1, 1000).amountCents(order), 100L)
  }

  test("VAT is added after the discount, never before it") {
    val d = new PercentageDiscount(10, 100000)
    assertEquals(Pricing.totalCents(order, Seq(d)), 10710L)
    assertEquals(Pricing.totalCents(order, Nil), 11900L)
  }

  test("the cash total of an empty order is the shipping alone, rounded") {
    assertEquals(Order.open(2, 7, Instant.EPOCH).cashTotalCents, 495L)
    assertEquals(Pricing.pricedOrders >= 0, true)
  }
}
